import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { SERVER_BUNDLE } from "./tests/integration/server-bundle";

/**
 * Integration tests run inside workerd (Miniflare) against the real Worker entry from wrangler.toml.
 * The entry imports the Remix server build, so `remix vite:build` must run first (npm test does); the
 * global setup bundles it as a deploy does and workerd loads that natively (ADR 077).
 * D1/R2/queue storage is isolated per test file, and each file costs a few seconds of setup:
 * keep the files few and large.
 */
const migrations = await readD1Migrations("./migrations");

/**
 * The settings a fresh clone has (.dev.vars.example), bound over whatever the developer's own
 * .dev.vars says: wrangler reads .dev.vars for the tests too, and a local APP_URL or Stripe key
 * must not change what the tests see. tests/unit/platform/dev-vars.test.ts checks that every
 * variable the app reads is in the example.
 */
const freshCloneVars = parseEnv(readFileSync("./.dev.vars.example", "utf8"));

export default defineConfig({
  plugins: [
    tsconfigPaths(),
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // wrangler.toml says production; tests run with a fresh clone's local settings (no secrets).
        bindings: { ...freshCloneVars, APP_ENV: "local", TEST_MIGRATIONS: migrations },
        // The server build, bundled by the global setup, is loaded by workerd itself (./server-bundle.ts).
        modulesRules: [{ type: "ESModule", include: ["**/build/server-bundle/*.js"] }],
      },
    }),
  ],
  // functions/worker.ts imports "../build/server": the tests' Worker gets the bundled copy.
  resolve: { alias: [{ find: /^\.\.\/build\/server$/, replacement: SERVER_BUNDLE }] },
  test: {
    name: "integration",
    // bench/: the peer-parity test (bench/README.md).
    include: ["tests/integration/**/*.test.ts", "bench/tests/integration/**/*.test.ts"],
    setupFiles: ["./tests/integration/setup.ts"],
    // Starts the Intuit stub on loopback (tests/support/intuit-stub.ts); tests get its URL with
    // inject("intuitStubUrl") (see tests/integration/helpers/intuit.ts).
    globalSetup: ["./tests/integration/global-setup.ts"],
    reporters: ["default", "json"],
    outputFile: { json: "test-results/integration.json" },
    // Two files at a time, each in its own workerd: starting one (about 2 s on two cores) overlaps
    // the other's tests. Each file has stubs of its own on the shared Intuit and Stripe servers
    // (tests/integration/helpers/stub-key.ts), so one file's told failures never reach another's.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    deps: {
      optimizer: {
        // @remix-run/cloudflare is CommonJS; without pre-bundling its require() of
        // @remix-run/server-runtime is undefined inside workerd. The rest are the packages the
        // app's modules import, which the tests import through Vite: pre-bundled, each test file
        // starts faster. Add new runtime dependencies of the app here.
        ssr: {
          enabled: true,
          include: [
            "@remix-run/cloudflare",
            "@remix-run/server-runtime",
            "@remix-run/react",
            "react",
            "react/jsx-runtime",
            "react-dom",
            "react-dom/server",
            "drizzle-orm",
            "drizzle-orm/d1",
            "drizzle-orm/sqlite-core",
            "@conform-to/react",
            "@conform-to/zod/v4",
            "zod",
            "isbot",
            "stripe",
            "fflate",
          ],
        },
      },
    },
  },
});
