import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isSixDigitNumber, NAICS_FORMAT_MESSAGE, NAICS_UNKNOWN_MESSAGE } from "~/lib/business/naics";
import { jsonResponse } from "~/http/http.server";
import { findNaics } from "~/server/business/naics.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/** Public reference data (used during sign-up, no tenant data): shared caches may keep it a day. */
const CACHEABLE = "public, max-age=86400";

function cacheable(response: Response): Response {
  response.headers.set("Cache-Control", CACHEABLE);
  return response;
}

/**
 * GET /api/naics/{code} → 200 {code, title, sector: {code, title}} for a 2022 six-digit national
 * industry; 404 {msg} for a well-formed unknown code; 400 {msg} for anything not six digits.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const code = params.code ?? "";
  if (!isSixDigitNumber(code)) return cacheable(jsonResponse({ msg: NAICS_FORMAT_MESSAGE }, { status: 400 }));
  const industry = findNaics(code);
  if (!industry) return cacheable(jsonResponse({ msg: NAICS_UNKNOWN_MESSAGE }, { status: 404 }));
  return cacheable(jsonResponse(industry));
}

export const action = methodNotAllowed("GET");

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/naics/{code}",
    operationId: "getNaicsIndustry",
    tag: "business",
    summary: "A 2022 six-digit NAICS industry (public reference data, cached a day).",
    access: "public",
    params: [{ name: "code", description: "Six digits." }],
    ok: { 200: "{code, title, sector}" },
    errors: [400, 404],
  },
];
