// Everything the Worker entry (functions/worker.ts) needs from the app besides Remix's request
// handler. The entry reaches it through the Remix server build (app/entry.server.tsx re-exports
// it as `workerRuntime`), never by importing these modules itself: the server build already
// holds the app's code, and a second import from source would bundle every app module twice
// into the deployed Worker (docs/decisions/042-request-cost.md).
export { createAppContext } from "../app/server/load-context";
export { ConfigurationError } from "../app/server/platform/env.server";
export {
  isMultipartRequest,
  MAX_REQUEST_BYTES,
  readLimitedBytes,
  REQUEST_TOO_LARGE_MESSAGE,
} from "../app/http/http.server";
export { applySecurityHeaders, isCrossSiteSocket, isCrossSiteWrite } from "../app/server/platform/security.server";
export { isPublicPagePath, publicPageVersion, servePublicPage } from "../app/http/public-cache.server";
export { BUILD_ID } from "../app/server/platform/build-id.server";
export { liveThreadReader } from "../app/server/conversations/live.server";
export { handleQueueBatch } from "./queues";
export { handleScheduled } from "./scheduled";
