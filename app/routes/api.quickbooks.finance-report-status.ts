import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getFinanceReportStatus } from "~/server/finance/finance-reports.server";
import { jsonResponse } from "~/http/http.server";
import { requireApiClient } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * GET /api/quickbooks/finance-report-status → 200 {connection: {status, realmId} | null,
 * job: {id, status, lastError} | null (the newest finance-report job), report: {lastUpdate} |
 * null} of the caller's business: what the 'Building Business Finance Profile' screen polls.
 * 404 {msg} before the business exists; 401 without a session; 403 for staff accounts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireApiClient(context.app, request, { business: true });
  return jsonResponse(await getFinanceReportStatus(context.app, viewer.business.id));
}

export const action = methodNotAllowed("GET");

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/quickbooks/finance-report-status",
    operationId: "getFinanceReportStatus",
    tag: "finance",
    summary: "The connection, the newest finance-report job and the report's date.",
    access: "session",
    ok: { 200: "{connection, job, report}" },
    errors: [...CLIENT_ERRORS, 404],
  },
];
