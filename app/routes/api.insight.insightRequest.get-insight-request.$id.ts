import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { INSIGHT_REQUEST_NOT_FOUND_MESSAGE, INSIGHT_SUBMIT_FAILED_MESSAGE } from "~/lib/insights/insight-schemas";
import { errorResponse, jsonResponse } from "~/http/http.server";
import { getInsightRequest, INSIGHTS_CLIENTS_ONLY_MESSAGE } from "~/server/insights/insight-requests.server";
import { getClientBusiness, requireApiClient } from "~/http/guards.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * GET /api/insight/insightRequest/get-insight-request/{id} → the caller's insight request (_id,
 * businessId, createdAt, paymentComplete, status, value,
 * insightReport, requestInfo{...}, plus coveredByPlan and files). Another business's or an unknown
 * id → 404 {msg: 'Insight not found.'}; 401 without a session; 403 for staff.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = getClientBusiness(
    await requireApiClient(context.app, request, { forbidden: INSIGHTS_CLIENTS_ONLY_MESSAGE }),
  );
  if (!viewer) return errorResponse(404, INSIGHT_REQUEST_NOT_FOUND_MESSAGE);
  try {
    const view = await getInsightRequest(context.app, viewer.business.id, params.id ?? "");
    if (!view) return errorResponse(404, INSIGHT_REQUEST_NOT_FOUND_MESSAGE);
    return jsonResponse(view);
  } catch (error) {
    console.error("Insight request read failed:", error);
    return errorResponse(500, INSIGHT_SUBMIT_FAILED_MESSAGE);
  }
}

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/insight/insightRequest/get-insight-request/{id}",
    operationId: "getInsightRequest",
    tag: "insights",
    summary: "One of the caller's insight requests.",
    access: "session",
    params: idParam(),
    ok: { 200: "the insight request" },
    errors: [...CLIENT_ERRORS, 404, 500],
  },
];
