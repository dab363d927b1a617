/**
 * The consultant's monthly earnings statements (issue #40 item 3, docs/decisions/081): per
 * deliverable, its gross and the platform fee (the month it was approved), what was transferred
 * and reversed in the month, and what was still held at the month's end; built on demand from
 * consultant_transfers. Their own transfers only.
 */
import { and, eq, gte, isNull, lt, or } from "drizzle-orm";
import { businesses, consultantTransfers, deliveryItems, deliveryOutlines } from "~db/schema";
import {
  earningsTotals,
  monthBounds,
  monthOf,
  transferInMonth,
  type EarningsLine,
  type EarningsStatement,
  type StatementMonth,
} from "~/lib/payouts/statements";
import type { AppContext } from "~/server/load-context";

type TransferRow = {
  itemId: string;
  chargedCents: number;
  feeCents: number;
  amountCents: number;
  createdAt: Date;
  paidAt: Date | null;
  reversedAt: Date | null;
  item: string;
  position: number;
  engagement: string;
  business: string;
};

/** Every transfer of the consultant with its deliverable, engagement and business: one query. */
function consultantTransferRows(app: AppContext, consultantUserId: string): Promise<TransferRow[]> {
  return app.db
    .select({
      itemId: consultantTransfers.itemId,
      chargedCents: consultantTransfers.chargedCents,
      feeCents: consultantTransfers.feeCents,
      amountCents: consultantTransfers.amountCents,
      createdAt: consultantTransfers.createdAt,
      paidAt: consultantTransfers.paidAt,
      reversedAt: consultantTransfers.reversedAt,
      item: deliveryItems.title,
      position: deliveryItems.position,
      engagement: deliveryOutlines.title,
      business: businesses.name,
    })
    .from(consultantTransfers)
    .innerJoin(deliveryItems, eq(deliveryItems.id, consultantTransfers.itemId))
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, consultantTransfers.outlineId))
    .innerJoin(businesses, eq(businesses.id, consultantTransfers.businessId))
    .where(eq(consultantTransfers.consultantUserId, consultantUserId));
}

/**
 * The months (newest first, none after `now`'s) in which a transfer was made, sent or reversed,
 * or held at the month's end.
 */
export function transferMonths(rows: readonly TransferRow[], now: Date): StatementMonth[] {
  const current = monthOf(now);
  const months = new Set<StatementMonth>();
  for (const row of rows) {
    const settled = [row.paidAt, row.reversedAt].filter((at): at is Date => at !== null);
    for (const at of [row.createdAt, ...settled]) months.add(monthOf(at));
    // Held at the end of each month from its making until it was sent or reversed (or now).
    const until = settled.length > 0 ? monthOf(new Date(Math.min(...settled.map((at) => at.getTime())))) : current;
    let month = monthOf(row.createdAt);
    while (month < until) {
      months.add(month);
      month = monthOf(monthBounds(month).end);
    }
  }
  return [...months]
    .filter((month) => month <= current)
    .sort()
    .reverse();
}

/** The statement of `month` from the consultant's transfer rows. */
export function earningsStatementOf(
  rows: readonly TransferRow[],
  consultant: { name: string },
  month: StatementMonth,
): EarningsStatement {
  const { start, end } = monthBounds(month);
  const lines: (EarningsLine & { position: number })[] = [];
  for (const row of rows) {
    const part = transferInMonth(row, start, end);
    if (!part) continue;
    lines.push({
      itemId: row.itemId,
      engagement: row.engagement,
      business: row.business,
      item: row.item,
      position: row.position,
      ...part,
    });
  }
  lines.sort(
    (a, b) =>
      a.business.localeCompare(b.business) ||
      a.engagement.localeCompare(b.engagement) ||
      a.position - b.position ||
      a.itemId.localeCompare(b.itemId),
  );
  const clean = lines.map(({ position: _position, ...line }) => line);
  return { month, consultant, lines: clean, totals: earningsTotals(clean) };
}

/** The consultant's statement of `month` and the months with activity: one query (one round trip). */
export async function loadEarningsStatements(
  app: AppContext,
  consultant: { id: string; name: string },
  month: StatementMonth | null,
): Promise<{ months: StatementMonth[]; statement: EarningsStatement | null }> {
  const rows = await consultantTransferRows(app, consultant.id);
  const months = transferMonths(rows, app.now());
  const shown = month ?? months[0] ?? null;
  return {
    months,
    statement: shown && months.includes(shown) ? earningsStatementOf(rows, { name: consultant.name }, shown) : null,
  };
}

/** The months with a statement of the consultant, newest first (their Documents page): one query. */
export async function listEarningsStatementMonths(
  app: AppContext,
  consultantUserId: string,
): Promise<StatementMonth[]> {
  return transferMonths(await consultantTransferRows(app, consultantUserId), app.now());
}

/**
 * The consultants with activity in [start, end): a transfer made, sent or reversed in it, or held
 * at its end. One query.
 */
export async function consultantsWithActivity(app: AppContext, start: Date, end: Date): Promise<string[]> {
  const within = (column: typeof consultantTransfers.createdAt | typeof consultantTransfers.paidAt) =>
    and(gte(column, start), lt(column, end));
  const rows = await app.db
    .selectDistinct({ userId: consultantTransfers.consultantUserId })
    .from(consultantTransfers)
    .where(
      or(
        within(consultantTransfers.createdAt),
        within(consultantTransfers.paidAt),
        within(consultantTransfers.reversedAt),
        and(
          lt(consultantTransfers.createdAt, end),
          or(isNull(consultantTransfers.paidAt), gte(consultantTransfers.paidAt, end)),
          or(isNull(consultantTransfers.reversedAt), gte(consultantTransfers.reversedAt, end)),
        ),
      ),
    );
  return rows.map((row) => row.userId).sort();
}
