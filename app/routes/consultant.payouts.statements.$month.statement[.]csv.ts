import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { earningsStatementCsv, earningsStatementFileName } from "~/lib/payouts/statements";
import { csvResponse } from "~/http/csv-response.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { earningsStatementOf } from "~/http/statement-routes.server";

/** GET /consultant/payouts/statements/{YYYY-MM}/statement.csv (docs/decisions/081): the same checks as its page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const statement = await earningsStatementOf(context.app, request, params.month);
  return csvResponse(earningsStatementCsv(statement), earningsStatementFileName(statement.month, "csv"));
}

export const action = methodNotAllowed("GET");
