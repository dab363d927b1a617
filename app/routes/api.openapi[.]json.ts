import { buildOpenApiDocument } from "~/server/platform/api-contract.server";
import { methodNotAllowed } from "~/http/route-kit.server";

let document: string | null = null;

/**
 * GET /api/openapi.json → the OpenAPI 3.1 description of the JSON API, generated from the routes'
 * own schemas (app/server/platform/api-contract.server.ts). Public: it holds no data, only shapes;
 * it changes only with a deploy, so caches may keep it an hour.
 */
export function loader() {
  document ??= JSON.stringify(buildOpenApiDocument());
  const response = new Response(document, { headers: { "Content-Type": "application/json; charset=utf-8" } });
  response.headers.set("Cache-Control", "public, max-age=3600");
  return response;
}

export const action = methodNotAllowed("GET");
