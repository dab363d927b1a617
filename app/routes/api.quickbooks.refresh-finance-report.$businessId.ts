import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FinanceReportRequestSchema, requestFinanceReportFor } from "~/server/finance/finance-reports.server";
import { jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/quickbooks/refresh-finance-report/{businessId} {business?: {_id, quickbooks}} → 202
 * {jobId, status}: rebuilds this month's report (a finished job is queued again; a queued or
 * running one is answered as it is). 404 {msg: 'Business not found.'} when the path or body names
 * another business (nothing queued); 409 {msg} without a working accounting connection; 400 {msg}
 * for a malformed body; 401 without a session; 403 for staff accounts.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "requestInsights" });
  const input = await readBody(request, FinanceReportRequestSchema);
  const viewer = requireBusiness(signedIn);
  const result = await requestFinanceReportFor(
    context.app,
    viewer,
    { pathBusinessId: params.businessId ?? "", bodyBusinessId: input.business?._id },
    { rerun: true },
  );
  return resultResponse(result, (ok) => jsonResponse({ jobId: ok.jobId, status: ok.status }, { status: 202 }));
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/quickbooks/refresh-finance-report/{businessId}",
    operationId: "refreshFinanceReport",
    tag: "finance",
    summary: "Builds this month's report again.",
    access: "session",
    params: idParam("businessId", "The caller's business."),
    body: { name: "FinanceReportRequest", schema: FinanceReportRequestSchema, reader: "json" },
    ok: { 202: "{jobId, status}" },
    errors: [400, ...CLIENT_ERRORS, 404, 409],
  },
];
