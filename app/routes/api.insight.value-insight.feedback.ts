import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ValueInsightFeedbackPayloadSchema } from "~/lib/insights/insight-schemas";
import { jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { saveValueInsightFeedback } from "~/server/insights/insight-views.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/insight/value-insight/feedback/ {valueInsightId, clientSatisfaction, clientFeedback}
 * → 200 {message: 'Thank you for your feedback!'}. Rating outside 1–5 → 400 {msg: 'Choose a
 * rating from 1 to 5 stars.'} and nothing saved; another business's value insight → 404 {msg:
 * 'Value insight not found.'}; 401 without a session; 403 for staff. Last write wins.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "requestInsights" });
  const input = await readBody(request, ValueInsightFeedbackPayloadSchema);
  const viewer = requireBusiness(signedIn);
  const result = await saveValueInsightFeedback(context.app, viewer, input.valueInsightId, input);
  return resultResponse(result, (ok) => jsonResponse({ message: ok.message }));
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/insight/value-insight/feedback",
    operationId: "saveValueInsightFeedback",
    tag: "insights",
    summary: "Rates a value insight (last write wins).",
    access: "session",
    body: { name: "ValueInsightFeedback", schema: ValueInsightFeedbackPayloadSchema, reader: "json" },
    ok: { 200: "{message}" },
    errors: [400, ...CLIENT_ERRORS, 404],
  },
];
