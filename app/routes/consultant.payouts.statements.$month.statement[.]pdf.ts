import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { renderEarningsStatementPdf } from "~/lib/payouts/statement-pdf";
import { earningsStatementFileName } from "~/lib/payouts/statements";
import { pdfResponse } from "~/http/pdf-response.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { earningsStatementOf } from "~/http/statement-routes.server";

/** GET /consultant/payouts/statements/{YYYY-MM}/statement.pdf (docs/decisions/081): the same checks as its page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const statement = await earningsStatementOf(context.app, request, params.month);
  return pdfResponse(renderEarningsStatementPdf(statement), earningsStatementFileName(statement.month, "pdf"));
}

export const action = methodNotAllowed("GET");
