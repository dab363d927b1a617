import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MATCH_NOT_FOUND_MESSAGE } from "~/lib/matching/match-copy";
import { errorResponse, jsonResponse } from "~/http/http.server";
import { loadMatchRequest } from "~/server/matching/match-view.server";
import { requireApiClient } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * GET /api/matching/matchRequest/get-match-request/{id} → the caller's match request (spec §3:
 * _id, matchRequestId, createdAt, value, requestInfo, candidates, matchedConsultant, the three
 * delivery outline ids, plus nextCandidateBy, files and feedback). Another business's or an
 * unknown id → 404 {msg}; 401 without a session; 403 for staff.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireApiClient(context.app, request, { business: true });
  const view = await loadMatchRequest(context.app, viewer, params.id ?? "");
  if (!view) return errorResponse(404, MATCH_NOT_FOUND_MESSAGE);
  return jsonResponse(view);
}

export const action = methodNotAllowed("GET");

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/matching/matchRequest/get-match-request/{id}",
    operationId: "getMatchRequest",
    tag: "matching",
    summary:
      "One of the caller's match requests, with the candidates waiting for a decision and the matched consultant.",
    access: "session",
    params: idParam(),
    ok: { 200: "the match request" },
    errors: [...CLIENT_ERRORS, 404],
  },
];
