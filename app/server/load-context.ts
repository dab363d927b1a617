import type { AppLoadContext } from "@remix-run/cloudflare";
// Relative on purpose: vite.config.ts imports this module through plain Node, where the ~/ and
// ~db/ aliases do not exist yet.
import { database, type Database } from "../../db";
import { envOf, type AppEnv, type CloudflareBindings } from "./platform/env.server";
import { createQueues, type AppQueues } from "./platform/queues.server";

/**
 * Everything a loader, action, queue consumer or cron job needs, built once per invocation from
 * the platform's bindings. The parsed env and the Drizzle handle are made once per bindings object
 * (they hold no request or tenant data, ADR 042); the rest is per request.
 */
export interface AppContext {
  env: AppEnv;
  bindings: CloudflareBindings;
  db: Database;
  files: R2Bucket;
  queues: AppQueues;
  now: () => Date;
  /** Per-request CSP nonce for the document's inline scripts. */
  nonce: string;
  waitUntil: (promise: Promise<unknown>) => void;
  /**
   * Work that must not delay or shape the answer (what the response is may not depend on it): the
   * Worker entry starts it once the app has produced its response and keeps it alive with
   * waitUntil. Where nothing holds it back (queues, cron, the Vite dev proxy) it starts at once.
   */
  afterResponse: (task: () => Promise<unknown>) => void;
  /** Per-request memo (e.g. the signed-in viewer), so parallel loaders share one D1 round trip. */
  memo: Map<string, Promise<unknown>>;
  /**
   * The origin the request came to (e.g. "http://localhost:8787"); null in queue jobs and cron.
   * Recorded as the app's last known origin for the emails jobs send (app-origin.server.ts).
   */
  requestOrigin: string | null;
  /** Where the request came from (CF-Connecting-IP and User-Agent), for the audit trail; nulls in jobs and cron. */
  requestFrom: { ip: string | null; userAgent: string | null };
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: {
      env: CloudflareBindings;
      ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
      cf?: unknown;
      caches?: unknown;
    };
    app: AppContext;
  }
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function createAppContext(
  bindings: CloudflareBindings,
  waitUntil: (promise: Promise<unknown>) => void,
  now: () => Date = () => new Date(),
  options: { afterResponse?: (task: () => Promise<unknown>) => void; request?: Request } = {},
): AppContext {
  return {
    env: envOf(bindings),
    bindings,
    db: database(bindings.DB),
    files: bindings.FILES,
    queues: createQueues(bindings),
    now,
    nonce: randomNonce(),
    waitUntil,
    afterResponse: options.afterResponse ?? ((task) => waitUntil(task())),
    memo: new Map(),
    requestOrigin: options.request ? new URL(options.request.url).origin : null,
    requestFrom: {
      ip: options.request?.headers.get("CF-Connecting-IP") ?? null,
      userAgent: options.request?.headers.get("User-Agent")?.slice(0, 256) ?? null,
    },
  };
}

/** Used by the Worker entry and by the Vite dev proxy, so both build the same context. */
export function getLoadContext({
  request,
  context,
}: {
  request: Request;
  context: { cloudflare: AppLoadContext["cloudflare"] | Omit<AppLoadContext["cloudflare"], never> };
}): AppLoadContext {
  const cloudflare = context.cloudflare as AppLoadContext["cloudflare"];
  return {
    cloudflare,
    app: createAppContext(cloudflare.env, (promise) => cloudflare.ctx.waitUntil(promise), undefined, { request }),
  };
}
