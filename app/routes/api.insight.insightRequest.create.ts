import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BUSINESS_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import { INSIGHT_SUBMIT_FAILED_MESSAGE, InsightRequestPayloadSchema } from "~/lib/insights/insight-schemas";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import {
  createdMessage,
  createInsightRequest,
  INSIGHTS_CLIENTS_ONLY_MESSAGE,
} from "~/server/insights/insight-requests.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/insight/insightRequest/create (InsightRequestPayloadSchema) → 201 {msg,
 * insightRequest} ('Your insight request has been submitted!' when the plan covered it, 'Complete
 * payment to submit your insight request.' when it awaits payment); the same `requestId` again →
 * 200 with the existing request. 400 {msg} for a bad payload or files that aren't the caller's
 * free uploads; 404 for another business; 409 for a requestId taken by another business; 401
 * without a session; 403 for staff; 500 {msg: 'Unable to process your request at this time'}
 * when storage fails.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const signedIn = await requireApiClient(context.app, request, {
    forbidden: INSIGHTS_CLIENTS_ONLY_MESSAGE,
    action: "requestInsights",
  });
  const input = await readBody(request, InsightRequestPayloadSchema);
  const viewer = requireBusiness(signedIn);
  if (input.businessId !== viewer.business.id) return errorResponse(404, BUSINESS_NOT_FOUND_MESSAGE);
  try {
    const result = await createInsightRequest(context.app, viewer, input);
    if (!result.ok) {
      const errors = result.fieldErrors
        ? Object.fromEntries(Object.entries(result.fieldErrors).map(([key, messages]) => [key, messages[0]]))
        : undefined;
      return errorResponse(result.status, result.msg, errors ? { errors } : {});
    }
    return jsonResponse(
      { msg: createdMessage(result.request), insightRequest: result.request },
      { status: result.created ? 201 : 200 },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Insight request failed:", error);
    return errorResponse(500, INSIGHT_SUBMIT_FAILED_MESSAGE);
  }
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/insight/insightRequest/create",
    operationId: "createInsightRequest",
    tag: "insights",
    summary: "Submits an insight request (the same requestId again answers the existing one).",
    access: "session",
    body: { name: "InsightRequestPayload", schema: InsightRequestPayloadSchema, reader: "json" },
    ok: { 201: "{msg, insightRequest}", 200: "{msg, insightRequest}, already submitted" },
    errors: [400, ...CLIENT_ERRORS, 404, 409, 500],
  },
];
