import type { AppContext } from "~/server/load-context";
import {
  parseStatementMonth,
  type BusinessStatement,
  type EarningsStatement,
  type StatementMonth,
} from "~/lib/payouts/statements";
import { fullName } from "~/lib/shared/format";
import { requireClientBusiness, requireRole } from "~/http/guards.server";
import { notFound } from "~/http/route-kit.server";
import { listBusinessStatementMonths, loadBusinessStatement } from "~/server/payments/statements.server";
import { loadEarningsStatements } from "~/server/payouts/earnings-statements.server";

/**
 * The monthly statements' checks (docs/decisions/081), one place for each page and its PDF and
 * CSV. `monthParam` is the route's {YYYY-MM} (undefined on the list without a month): one that is
 * not a month, or a month without the viewer's own activity (another party's included) → 404.
 */

/**
 * A business's statements: every member may read them (the `read` permission: the same facts as
 * the payment history and receipts every member sees); anonymous → the login screen. The viewer,
 * then one parallel read (two round trips).
 */
export async function businessStatements(
  app: AppContext,
  request: Request,
  monthParam: string | undefined,
): Promise<{ months: StatementMonth[]; statement: BusinessStatement | null }> {
  const viewer = await requireClientBusiness(app, request, "read");
  const month = requestedMonth(monthParam);
  const [months, statement] = await Promise.all([
    listBusinessStatementMonths(app, viewer.business.id),
    month ? loadBusinessStatement(app, viewer.business, month) : Promise.resolve(null),
  ]);
  if (month && !months.includes(month)) throw notFound();
  return { months, statement };
}

/**
 * A consultant's earnings statements, their own only: no session → the login screen, another
 * role → 404. The viewer, then one query (two round trips).
 */
export async function earningsStatements(
  app: AppContext,
  request: Request,
  monthParam: string | undefined,
): Promise<{ months: StatementMonth[]; statement: EarningsStatement | null }> {
  const viewer = await requireRole(app, request, "consultant", { anonymous: "login" });
  const month = requestedMonth(monthParam);
  const { months, statement } = await loadEarningsStatements(
    app,
    { id: viewer.user.id, name: fullName(viewer.user.firstName, viewer.user.lastName) },
    month,
  );
  if (month && !statement) throw notFound();
  return { months, statement };
}

/** One month's statement, for its PDF and CSV (whose route always names a month). */
export async function businessStatementOf(app: AppContext, request: Request, monthParam: string | undefined) {
  return required((await businessStatements(app, request, required(monthParam))).statement);
}

/** One month's earnings statement, for its PDF and CSV. */
export async function earningsStatementOf(app: AppContext, request: Request, monthParam: string | undefined) {
  return required((await earningsStatements(app, request, required(monthParam))).statement);
}

function requestedMonth(monthParam: string | undefined) {
  if (monthParam === undefined) return null;
  const month = parseStatementMonth(monthParam);
  if (month === null) throw notFound();
  return month;
}

function required<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw notFound();
  return value;
}
