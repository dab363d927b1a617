import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { renderBusinessStatementPdf } from "~/lib/payouts/statement-pdf";
import { businessStatementFileName } from "~/lib/payouts/statements";
import { pdfResponse } from "~/http/pdf-response.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { businessStatementOf } from "~/http/statement-routes.server";

/**
 * GET /company-profile/statements/{YYYY-MM}/statement.pdf (docs/decisions/081): the month's
 * statement as a PDF, the same checks as its page (a month without this business's activity → 404).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const statement = await businessStatementOf(context.app, request, params.month);
  return pdfResponse(renderBusinessStatementPdf(statement), businessStatementFileName(statement.month, "pdf"));
}

export const action = methodNotAllowed("GET");
