/// <reference types="@cloudflare/vitest-pool-workers/types" />
import type { D1Migration } from "cloudflare:test";
import type { CloudflareBindings } from "~/server/platform/env.server";

declare global {
  namespace Cloudflare {
    // The `env` of "cloudflare:test": the app's bindings plus what vitest.config.ts injects.
    interface Env extends CloudflareBindings {
      APP_ENV: "local" | "production";
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

declare module "vitest" {
  // Provided by tests/integration/global-setup.ts: read with `inject("intuitStubUrl")` / `inject("stripeStubUrl")`.
  export interface ProvidedContext {
    intuitStubUrl: string;
    stripeStubUrl: string;
  }
}

export {};
