import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { businessStatementCsv, businessStatementFileName, parseStatementMonth } from "~/lib/payouts/statements";
import { requireClientBusiness } from "~/http/guards.server";
import { csvResponse } from "~/http/csv-response.server";
import { methodNotAllowed, notFound } from "~/http/route-kit.server";
import { listBusinessStatementMonths, loadBusinessStatement } from "~/server/payments/statements.server";

/**
 * GET /company-profile/statements/{YYYY-MM}/statement.csv (docs/decisions/081): one row per line
 * (RFC 4180, ISO dates, decimal dollars), the same checks as the page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request, "read");
  const month = parseStatementMonth(params.month);
  if (!month) throw notFound();
  const [months, statement] = await Promise.all([
    listBusinessStatementMonths(context.app, viewer.business.id),
    loadBusinessStatement(context.app, viewer.business, month),
  ]);
  if (!months.includes(month)) throw notFound();
  return csvResponse(businessStatementCsv(statement), businessStatementFileName(month, "csv"));
}

export const action = methodNotAllowed("GET");
