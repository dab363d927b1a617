import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FinanceReportRequestSchema, requestFinanceReportFor } from "~/server/finance/finance-reports.server";
import { jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/quickbooks/create-financial-report {business?: {_id}} → 202 {jobId, status}: this
 * month's finance-report job of the caller's business, queued (or, when it already exists, as it
 * is — a queued or running job is not sent twice). 404 {msg: 'Business not found.'} for another
 * business's _id (nothing queued); 409 {msg} without a working accounting connection; 400 {msg}
 * for a malformed body; 401 without a session; 403 for staff accounts.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const signedIn = await requireApiClient(context.app, request, { action: "requestInsights" });
  const input = await readBody(request, FinanceReportRequestSchema);
  const viewer = requireBusiness(signedIn);
  const result = await requestFinanceReportFor(
    context.app,
    viewer,
    { bodyBusinessId: input.business?._id },
    { rerun: false },
  );
  return resultResponse(result, (ok) => jsonResponse({ jobId: ok.jobId, status: ok.status }, { status: 202 }));
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/quickbooks/create-financial-report",
    operationId: "createFinanceReport",
    tag: "finance",
    summary: "Queues this month's finance-report job (an existing one is answered as it is).",
    access: "session",
    body: { name: "FinanceReportRequest", schema: FinanceReportRequestSchema, reader: "json" },
    ok: { 202: "{jobId, status}" },
    errors: [400, ...CLIENT_ERRORS, 404, 409],
  },
];
