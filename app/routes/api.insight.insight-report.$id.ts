import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { INSIGHT_REPORT_NOT_FOUND_MESSAGE } from "~/lib/insights/insight-schemas";
import { errorResponse, jsonResponse } from "~/http/http.server";
import { getInsightReport } from "~/server/insights/insight-views.server";
import { requireApiClient } from "~/http/guards.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * GET /api/insight/insight-report/{id} → 200 the report (_id, category, title,
 * highLevelSummary, recommendations, clientSatisfaction, convertedToMatch; plus clientFeedback,
 * insightRequestId, publishedAt). Published reports of the caller's business only; anything else
 * 404 {msg: 'Insight report not found.'}; 401 without a session; 403 for staff.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireApiClient(context.app, request, { business: true });
  const report = await getInsightReport(context.app, viewer.business.id, params.id ?? "");
  if (!report) return errorResponse(404, INSIGHT_REPORT_NOT_FOUND_MESSAGE);
  return jsonResponse(report);
}

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/insight/insight-report/{id}",
    operationId: "getInsightReport",
    tag: "insights",
    summary: "A published insight report of the caller's business.",
    access: "session",
    params: idParam(),
    ok: { 200: "the report" },
    errors: [...CLIENT_ERRORS, 404],
  },
];
