import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { renderEarningsStatementPdf } from "~/lib/payouts/statement-pdf";
import { earningsStatementFileName, parseStatementMonth } from "~/lib/payouts/statements";
import { fullName } from "~/lib/shared/format";
import { requireRole } from "~/http/guards.server";
import { pdfResponse } from "~/http/pdf-response.server";
import { methodNotAllowed, notFound } from "~/http/route-kit.server";
import { loadEarningsStatements } from "~/server/payouts/earnings-statements.server";

/** GET /consultant/payouts/statements/{YYYY-MM}/statement.pdf (docs/decisions/081): the same checks as its page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const month = parseStatementMonth(params.month);
  if (!month) throw notFound();
  const { statement } = await loadEarningsStatements(
    context.app,
    { id: viewer.user.id, name: fullName(viewer.user.firstName, viewer.user.lastName) },
    month,
  );
  if (!statement) throw notFound();
  const bytes = renderEarningsStatementPdf(statement);
  return pdfResponse(bytes, earningsStatementFileName(month, "pdf"));
}

export const action = methodNotAllowed("GET");
