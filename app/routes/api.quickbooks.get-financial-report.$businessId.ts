import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getFinanceReport } from "~/server/finance/finance-reports.server";
import { jsonResponse } from "~/http/http.server";
import { requireApiClient } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * GET /api/quickbooks/get-financial-report/{businessId} → 200 {profitAndLoss: [{date: 'YYYY-MM',
 * Income, NetIncome}] oldest first, lastUpdate: ISO time}. 404 {msg} for
 * another business's id or while the business has no report; 401 without a session; 403 for staff.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireApiClient(context.app, request, { business: true });
  const result = await getFinanceReport(context.app, viewer, params.businessId ?? "");
  return resultResponse(result, (ok) => jsonResponse(ok.report));
}

export const action = methodNotAllowed("GET");

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/quickbooks/get-financial-report/{businessId}",
    operationId: "getFinanceReport",
    tag: "finance",
    summary: "The business's finance report, oldest month first.",
    access: "session",
    params: idParam("businessId", "The caller's business."),
    ok: { 200: "{profitAndLoss, lastUpdate}" },
    errors: [...CLIENT_ERRORS, 404],
  },
];
