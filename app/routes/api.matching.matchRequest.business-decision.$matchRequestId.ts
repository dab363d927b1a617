import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessDecisionSchema } from "~/lib/matching/match-view";
import { jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { decideCandidate } from "~/server/matching/business-decision.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/matching/matchRequest/business-decision/{matchRequestId} {consultantId, decision:
 * 'accepted'|'rejected'} → 200 {msg} (contains 'success'; the same decision again answers the same).
 * A candidate not waiting for the business (not yet accepted by the consultant, or already
 * decided otherwise) → 409 {msg}; another business's request or a consultant not on it → 404
 * {msg} and nothing written; bad body → 400; 401 without a session; 403 for staff.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "decideCandidates" });
  const input = await readBody(request, BusinessDecisionSchema);
  const viewer = requireBusiness(signedIn);
  const origin = appOrigin(context.app, request);
  const result = await decideCandidate(context.app, viewer, params.matchRequestId ?? "", input, origin);
  return resultResponse(result, (ok) => jsonResponse({ msg: ok.msg }));
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/matching/matchRequest/business-decision/{matchRequestId}",
    operationId: "decideCandidate",
    tag: "matching",
    summary: "Accepts or rejects a candidate who accepted the candidacy (the same decision again answers the same).",
    access: "session",
    body: { name: "BusinessDecision", schema: BusinessDecisionSchema, reader: "json" },
    params: idParam("matchRequestId", "The match request's id."),
    ok: { 200: "{msg}" },
    errors: [400, ...CLIENT_ERRORS, 404, 409],
  },
];
