import {
  API_TAGS,
  buildOpenApiDocument,
  type ApiOperation,
  type HttpMethod,
  OPENAPI_PATH,
} from "~/server/platform/api-contract.server";
import { methodNotAllowed } from "~/http/route-kit.server";

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: OPENAPI_PATH,
    operationId: "getApiContract",
    tag: "platform",
    summary: "This OpenAPI description.",
    access: "public",
    ok: { 200: "the OpenAPI 3.1 document" },
    errors: [],
  },
];

/**
 * Every other API route's `contract`. Each `api.*.ts` route module must export one (the build
 * fails on a missing export), but for the catch-all and this route; the agreements pages (.tsx)
 * are HTML, not API operations.
 */
const routeContracts = import.meta.glob<ApiOperation[]>(["./api.*.ts", "!./api.$.ts", "!./api.openapi[.]json.ts"], {
  eager: true,
  import: "contract",
});

const METHOD_ORDER: HttpMethod[] = ["get", "post", "put", "delete"];

/**
 * The JSON API's operations, gathered from the routes' contracts: by tag (API_TAGS' order), then
 * path, then method, so the document's order does not depend on how the route files are named.
 */
export const API_OPERATIONS: readonly ApiOperation[] = [...Object.values(routeContracts).flat(), ...contract].sort(
  (a, b) =>
    API_TAGS.indexOf(a.tag) - API_TAGS.indexOf(b.tag) ||
    (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
    METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
);

let document: string | null = null;

/**
 * GET /api/openapi.json → the OpenAPI 3.1 description of the JSON API, generated from the contract
 * each API route exports beside its handlers (the shapes in app/server/platform/api-contract.server.ts).
 * Public: it holds no data, only shapes; it changes only with a deploy, so caches may keep it an hour.
 */
export function loader() {
  document ??= JSON.stringify(buildOpenApiDocument(API_OPERATIONS));
  const response = new Response(document, { headers: { "Content-Type": "application/json; charset=utf-8" } });
  response.headers.set("Cache-Control", "public, max-age=3600");
  return response;
}

export const action = methodNotAllowed("GET");
