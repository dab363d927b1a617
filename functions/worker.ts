import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build is produced by `remix vite:build` before wrangler bundles this file.
// @ts-ignore -- build/server does not exist until the app is built, and is not type-checked.
import * as serverBuild from "../build/server";
import type { CloudflareBindings } from "../app/server/env.server";
import { ConfigurationError } from "../app/server/env.server";
import { createAppContext, type AppContext } from "../app/server/load-context";
import { applySecurityHeaders, isCrossSiteWrite } from "../app/server/security.server";
import { handleQueueBatch } from "./queues";
import { handleScheduled } from "./scheduled";

const build = serverBuild as unknown as ServerBuild;

function plain(status: number, body: string): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** Bodies larger than this are refused before anything reads them; uploads have their own limit. */
const MAX_REQUEST_BYTES = 1024 * 1024;
const LARGE_BODY_PATHS = new Set(["/api/file-handling/upload-files"]);

function isOversized(request: Request, pathname: string): boolean {
  if (LARGE_BODY_PATHS.has(pathname)) return false;
  return Number(request.headers.get("Content-Length") ?? "0") > MAX_REQUEST_BYTES;
}

function isAssetPath(pathname: string): boolean {
  return pathname.startsWith("/assets/") || /^\/[^/]+\.(ico|png|svg|txt|webmanifest|jpg|woff2?)$/.test(pathname);
}

async function route(request: Request, env: CloudflareBindings, ctx: ExecutionContext, app: AppContext) {
  const url = new URL(request.url);
  if (url.pathname === "/healthz" && (request.method === "GET" || request.method === "HEAD")) {
    return plain(200, "ok");
  }
  if (isCrossSiteWrite(request, app.env.APP_URL)) {
    return plain(403, "Cross-site requests are not allowed.");
  }
  if (isOversized(request, url.pathname)) {
    return plain(400, "The request is too large.");
  }
  if (env.ASSETS && (request.method === "GET" || request.method === "HEAD") && isAssetPath(url.pathname)) {
    const asset = await env.ASSETS.fetch(request);
    if (asset.status !== 404) {
      const response = new Response(asset.body, asset);
      if (url.pathname.startsWith("/assets/")) {
        response.headers.set("Cache-Control", "public, max-age=31536000, immutable");
      }
      return response;
    }
  }
  const handler = createRequestHandler(build, app.env.APP_ENV === "production" ? "production" : "development");
  return handler(request, {
    cloudflare: { env, ctx, cf: request.cf, caches },
    app,
  });
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    let app: AppContext;
    try {
      app = createAppContext(env, (promise) => ctx.waitUntil(promise));
    } catch (error) {
      // Never show configuration details to the visitor; the log has them.
      console.error(error instanceof ConfigurationError ? error.message : error);
      const response = plain(503, "Partwise is temporarily unavailable.");
      applySecurityHeaders(response.headers, "unavailable");
      return response;
    }
    let response: Response;
    try {
      response = await route(request, env, ctx, app);
    } catch (error) {
      console.error(error);
      response = plain(500, "Something went wrong on our side. Please try again.");
    }
    // Responses from fetch() or Remix may have immutable headers; copy before changing.
    const secured = new Response(response.body, response);
    applySecurityHeaders(secured.headers, app.nonce);
    return secured;
  },

  async queue(batch, env, ctx): Promise<void> {
    const app = createAppContext(env, (promise) => ctx.waitUntil(promise));
    await handleQueueBatch(batch, app);
  },

  async scheduled(controller, env, ctx): Promise<void> {
    const app = createAppContext(env, (promise) => ctx.waitUntil(promise), () => new Date(controller.scheduledTime));
    await handleScheduled(controller, app);
  },
} satisfies ExportedHandler<CloudflareBindings>;
