import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MatchFeedbackPayloadSchema } from "~/lib/matching/match-view";
import { jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { saveMatchFeedback } from "~/server/matching/match-feedback.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/matching/matchRequest/feedback/ {matchId, clientSatisfaction 1-5, clientFeedback} →
 * 200 {message: 'Thank you for your feedback!'} (last write wins). Before the business has its
 * consultant → 409 {msg}; another business's or an unknown match → 404 {msg} and nothing saved;
 * bad body → 400; 401 without a session; 403 for staff.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "requestMatches" });
  const input = await readBody(request, MatchFeedbackPayloadSchema);
  const viewer = requireBusiness(signedIn);
  const result = await saveMatchFeedback(context.app, viewer, input);
  return resultResponse(result, (ok) => jsonResponse({ message: ok.message }));
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/matching/matchRequest/feedback",
    operationId: "saveMatchFeedback",
    tag: "matching",
    summary: "Rates a match once the consultant is chosen (last write wins).",
    access: "session",
    body: { name: "MatchFeedback", schema: MatchFeedbackPayloadSchema, reader: "json" },
    ok: { 200: "{message}" },
    errors: [400, ...CLIENT_ERRORS, 404, 409],
  },
];
