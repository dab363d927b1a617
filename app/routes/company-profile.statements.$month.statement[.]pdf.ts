import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { renderBusinessStatementPdf } from "~/lib/payouts/statement-pdf";
import { businessStatementFileName, parseStatementMonth } from "~/lib/payouts/statements";
import { requireClientBusiness } from "~/http/guards.server";
import { pdfResponse } from "~/http/pdf-response.server";
import { methodNotAllowed, notFound } from "~/http/route-kit.server";
import { listBusinessStatementMonths, loadBusinessStatement } from "~/server/payments/statements.server";

/**
 * GET /company-profile/statements/{YYYY-MM}/statement.pdf (docs/decisions/081): the month's
 * statement as a PDF, the same checks as its page (a month without this business's activity → 404).
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
  const bytes = renderBusinessStatementPdf(statement);
  return pdfResponse(bytes, businessStatementFileName(month, "pdf"));
}

export const action = methodNotAllowed("GET");
