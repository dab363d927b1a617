import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { businessStatementCsv, businessStatementFileName } from "~/lib/payouts/statements";
import { csvResponse } from "~/http/csv-response.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { businessStatementOf } from "~/http/statement-routes.server";

/**
 * GET /company-profile/statements/{YYYY-MM}/statement.csv (docs/decisions/081): one row per line
 * (RFC 4180, ISO dates, decimal dollars), the same checks as the page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const statement = await businessStatementOf(context.app, request, params.month);
  return csvResponse(businessStatementCsv(statement), businessStatementFileName(statement.month, "csv"));
}

export const action = methodNotAllowed("GET");
