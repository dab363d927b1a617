import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { renderEarningsStatementPdf } from "~/lib/payouts/statement-pdf";
import { earningsStatementFileName, parseStatementMonth } from "~/lib/payouts/statements";
import { fullName } from "~/lib/shared/format";
import { requireRole } from "~/http/guards.server";
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
  return new Response(bytes, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${earningsStatementFileName(month, "pdf")}"`,
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = methodNotAllowed("GET");
