import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build is produced by `remix vite:build` before wrangler bundles this file.
// @ts-ignore -- build/server does not exist until the app is built, and is not type-checked.
import * as serverBuild from "../build/server";
import type { CloudflareBindings } from "../app/server/platform/env.server";
import type { AppContext } from "../app/server/load-context";
import type * as WorkerRuntime from "./runtime";
import { THREAD_READER_HEADER, THREAD_ROOM_URLS } from "./thread-room-protocol";

// The Durable Object class of each conversation thread's live connections (docs/decisions/073).
export { ThreadRoom } from "./thread-room";

const build = serverBuild as unknown as ServerBuild;

/**
 * The app's side of the Worker, taken from the server build (app/entry.server.tsx re-exports
 * functions/runtime.ts): importing those modules here from source would put a second copy of
 * the whole app into the deployed Worker.
 */
function runtimeOf(serverBuild: ServerBuild): typeof WorkerRuntime {
  const runtime = (serverBuild.entry.module as unknown as { workerRuntime?: typeof WorkerRuntime }).workerRuntime;
  if (!runtime) throw new Error("The server build has no workerRuntime export: run `npm run build`.");
  return runtime;
}

const {
  applySecurityHeaders,
  BUILD_ID,
  ConfigurationError,
  createAppContext,
  handleQueueBatch,
  handleScheduled,
  isCrossSiteSocket,
  isCrossSiteWrite,
  isMultipartRequest,
  isPublicPagePath,
  liveThreadReader,
  publicPageVersion,
  MAX_REQUEST_BYTES,
  readLimitedBytes,
  REQUEST_TOO_LARGE_MESSAGE,
  servePublicPage,
} = runtimeOf(build);

// Built once per isolate: Remix derives its route tree and static handler on the handler's first
// call and keeps them, so a handler made per request would redo that work for every request.
// Always production mode: Remix's development mode puts an error's message, type and stack into
// the page and the .data answer, and local runs must not show what production would not.
const handleRemixRequest = createRequestHandler(build, "production");

function plain(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Only a multipart body (a form carrying files) may be larger than MAX_REQUEST_BYTES, and only on
 * these paths; their routes count it (readForm's multipartMaxBytes). Any other body to them, like
 * every body elsewhere, is held to MAX_REQUEST_BYTES here (ADR 013: files aside, one 1 MB cap).
 * Uploads have their own, larger limit, which their route counts (app/server/files/files.server.ts);
 * /create-match takes files from a plain file input without JavaScript and counts the same way;
 * /consultant/profile takes a photo and holds its body to the photo's limit; the consultant's
 * delivery page takes its files and counts like the upload route; /features takes the Documents
 * Hub's upload: its action counts a multipart body like the upload route, any other to MAX_REQUEST_BYTES.
 */
const LARGE_BODY_PATHS = new Set([
  "/api/file-handling/upload-files",
  "/create-match",
  "/consultant/profile",
  "/features",
  "/features.data",
]);
/** The consultant's delivery page takes its files in its multipart form, counted like an upload. */
const LARGE_BODY_PATTERNS = [
  /^\/consultant\/engagements\/[^/]+\/items\/[^/]+(\.data)?$/,
  // The Learning console's forms carry a template file, counted like an upload.
  /^\/manage\/learning(\/[^/]+)?(\.data)?$/,
  // A thread's message form carries its attachments (docs/decisions/076), counted like an upload.
  /^\/(consultant\/|manage\/)?messages\/[^/]+(\.data)?$/,
];

/**
 * The request with its body held to MAX_REQUEST_BYTES, or null when it is larger. A declared
 * Content-Length is checked before anything is read; a body without one (chunked) is read here,
 * counting bytes, and the app gets the buffered copy, so no route can be made to read more.
 */
async function boundedRequest(request: Request, pathname: string): Promise<Request | null> {
  if (!request.body) return request;
  if (
    isMultipartRequest(request) &&
    (LARGE_BODY_PATHS.has(pathname) || LARGE_BODY_PATTERNS.some((pattern) => pattern.test(pathname)))
  ) {
    return request;
  }
  const declared = request.headers.get("Content-Length");
  if (declared !== null) return Number(declared) <= MAX_REQUEST_BYTES ? request : null;
  const bytes = await readLimitedBytes(request, MAX_REQUEST_BYTES);
  return bytes ? new Request(request, { body: bytes }) : null;
}

function isAssetPath(pathname: string): boolean {
  return pathname.startsWith("/assets/") || /^\/[^/]+\.(ico|png|svg|txt|webmanifest|jpg|woff2?)$/.test(pathname);
}

/** GET /live/threads/:threadId: a thread's live socket (a match candidacy's id). */
const LIVE_THREAD_PATH = /^\/live\/threads\/([^/]+)$/;

/**
 * Opens the thread's socket: only a WebSocket handshake (426 otherwise), only from a page of ours
 * (403), only for a reader of the thread (404, the same for a thread that does not exist). The
 * request forwarded to the thread's room is built here, naming the reader checked here: nothing the
 * client sent reaches the room.
 */
async function openThreadSocket(request: Request, env: CloudflareBindings, app: AppContext, encodedId: string) {
  if (request.method !== "GET" || request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    const response = plain(426, "This address takes a WebSocket connection.");
    response.headers.set("Upgrade", "websocket");
    return response;
  }
  if (isCrossSiteSocket(request, app.env.APP_URL)) return plain(403, "Cross-site requests are not allowed.");
  let threadId: string;
  try {
    threadId = decodeURIComponent(encodedId);
  } catch {
    return plain(404, "Not found");
  }
  const reader = await liveThreadReader(app, request, threadId);
  if (!reader) return plain(404, "Not found");
  const rooms = env.THREAD_ROOMS;
  return rooms.get(rooms.idFromName(reader.threadId)).fetch(THREAD_ROOM_URLS.connect, {
    headers: { Upgrade: "websocket", [THREAD_READER_HEADER]: reader.userId },
  });
}

async function route(incoming: Request, env: CloudflareBindings, ctx: ExecutionContext, app: AppContext) {
  const url = new URL(incoming.url);
  if (url.pathname === "/healthz" && (incoming.method === "GET" || incoming.method === "HEAD")) {
    return plain(200, "ok");
  }
  const live = LIVE_THREAD_PATH.exec(url.pathname);
  if (live) return openThreadSocket(incoming, env, app, live[1]!);
  if (isCrossSiteWrite(incoming, app.env.APP_URL)) {
    return plain(403, "Cross-site requests are not allowed.");
  }
  const request = await boundedRequest(incoming, url.pathname);
  if (!request) return plain(413, REQUEST_TOO_LARGE_MESSAGE);
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
  const render = (page: Request) =>
    handleRemixRequest(page, {
      cloudflare: { env, ctx, cf: incoming.cf, caches },
      app,
    });
  // The public pages (ADR 089): one copy for every visitor, from the edge cache of this deploy.
  // Only a read is cached: a write is answered by the page itself (a 405), without the version's read.
  const read = request.method === "GET" || request.method === "HEAD";
  const version = read && isPublicPagePath(url.pathname) ? await publicPageVersion(app, url.pathname, BUILD_ID) : null;
  if (version !== null) {
    return servePublicPage(request, {
      // Workers' default cache (the DOM's CacheStorage type, in scope for the app, lacks it).
      cache: (caches as unknown as { default: Cache }).default,
      version,
      waitUntil: (promise) => ctx.waitUntil(promise),
      render,
    });
  }
  return render(request);
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    let app: AppContext;
    // Held until the response exists, so such work can neither delay nor be timed through it.
    const afterResponse: (() => Promise<unknown>)[] = [];
    try {
      app = createAppContext(env, (promise) => ctx.waitUntil(promise), undefined, {
        afterResponse: (task) => afterResponse.push(task),
        request,
      });
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
    for (const task of afterResponse) {
      ctx.waitUntil(
        Promise.resolve()
          .then(task)
          .catch((error: unknown) => console.error("Background work failed:", error)),
      );
    }
    // An accepted WebSocket (101) goes back as the thread's room made it: a copy would lose the socket.
    if (response.webSocket) return response;
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
    const app = createAppContext(
      env,
      (promise) => ctx.waitUntil(promise),
      () => new Date(controller.scheduledTime),
    );
    await handleScheduled(controller, app);
  },
} satisfies ExportedHandler<CloudflareBindings>;
