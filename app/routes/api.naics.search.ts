import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NaicsSearchQuerySchema } from "~/lib/business/naics-search-schema";
import { errorResponse, jsonResponse } from "~/http/http.server";
import { naicsIndexFromAssets, searchNaics } from "~/server/business/naics-search.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/** Suggestions a combobox shows unless it asks for another number. */
const DEFAULT_LIMIT = 8;

/**
 * GET /api/naics/search?q=&limit= → 200 {query, results: [{code, title, sector, match}], total,
 * partial}: the six-digit 2022 industries whose title or Census index descriptions match the words
 * (or whose code starts with the digits), best first; `match` is the index description that
 * matched. 400 {msg} for a missing, too short or too long query or a bad limit.
 *
 * Public like GET /api/naics/{code} and the /naics directory: the same public reference data for
 * everyone, no tenant data, so browsers and shared caches may keep answers a day. Each answer is
 * a bounded in-memory search (query ≤ 100 characters, ≤ 8 words, ≤ 20 results) without any
 * database or outbound call (the index is read once per isolate from the deploy's static assets) (docs/decisions/007-naics-data.md).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = NaicsSearchQuerySchema.safeParse({
    q: params.get("q") ?? undefined,
    limit: params.get("limit") ?? undefined,
  });
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? "Invalid search.");
  const { q, limit } = parsed.data;
  const source = naicsIndexFromAssets(context.app.bindings.ASSETS);
  const { results, total, partial } = await searchNaics(source, q, limit ?? DEFAULT_LIMIT);
  const response = jsonResponse({ query: q, results, total, partial });
  response.headers.set("Cache-Control", "public, max-age=86400");
  return response;
}

export const action = methodNotAllowed("GET");

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/naics/search",
    operationId: "searchNaics",
    tag: "business",
    summary: "Industries whose title or Census index entries match the words, best first.",
    access: "public",
    query: NaicsSearchQuerySchema,
    ok: { 200: "{query, results, total, partial}" },
    errors: [400],
  },
];
