/**
 * The business's monthly statements (issue #40 item 3, docs/decisions/081-monthly-statements.md):
 * every charge (paid one-off purchases: deliverables, insights, benchmarking) and every refund
 * (a manager's or a dispute's refund of a deliverable, the automatic refund of a duplicate
 * payment) of a calendar month (UTC), each with what it bought, built on demand from the money
 * rows. Scoped by the business: another business's rows are never read.
 */
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import {
  deliveryItems,
  deliveryOutlines,
  insightRequests,
  itemRefunds,
  purchaseRefunds,
  purchases,
  type Business,
} from "~db/schema";
import { buyerAddress, receiptNumber } from "~/lib/payouts/receipts";
import {
  businessTotals,
  monthBounds,
  sortLines,
  type BusinessStatement,
  type StatementLine,
  type StatementMonth,
} from "~/lib/payouts/statements";
import type { AppContext } from "~/server/load-context";
import {
  joinPurchaseSubjects,
  oneOffPayment,
  RECEIPTED_STATUSES,
  receiptedPurchases,
  sellerOf,
  subjectOf,
} from "./receipt-document.server";

/** When a purchase took the money: its paid_at, or its last change for a row from before paid_at was kept. */
const chargedAt = sql`coalesce(${purchases.paidAt}, ${purchases.updatedAt})`;

/** The month (YYYY-MM, UTC) of a millisecond timestamp column or expression. */
const monthSql = (at: unknown) => sql<string>`strftime('%Y-%m', ${at} / 1000, 'unixepoch')`;

/** A succeeded refund of a duplicate payment of one of the business's one-off purchases. */
const duplicateRefund = (businessId: string) =>
  and(
    eq(purchaseRefunds.businessId, businessId),
    eq(purchaseRefunds.reason, "duplicate_payment"),
    eq(purchaseRefunds.status, "succeeded"),
  );

/** The engagement and the item a line names (a deliverable's engagement; an insight's words). */
function subjectColumns(row: Parameters<typeof subjectOf>[0]) {
  const { description } = subjectOf(row);
  if (row.kind === "delivery_item" && row.itemTitle !== null) {
    return { description, engagement: row.outlineTitle ?? "", item: row.itemTitle };
  }
  return { description, engagement: "", item: description };
}

/**
 * The months with a charge or a refund of the business, newest first: three queries in parallel
 * (one round trip), meant to run beside loadBusinessStatement.
 */
export async function listBusinessStatementMonths(app: AppContext, businessId: string): Promise<StatementMonth[]> {
  const [charges, refunds, duplicates] = await Promise.all([
    app.db
      .selectDistinct({ month: monthSql(chargedAt) })
      .from(purchases)
      .where(and(eq(purchases.businessId, businessId), inArray(purchases.status, RECEIPTED_STATUSES), oneOffPayment)),
    app.db
      .selectDistinct({ month: monthSql(itemRefunds.updatedAt) })
      .from(itemRefunds)
      .where(and(eq(itemRefunds.businessId, businessId), eq(itemRefunds.status, "succeeded"))),
    app.db
      .selectDistinct({ month: monthSql(purchaseRefunds.updatedAt) })
      .from(purchaseRefunds)
      .innerJoin(purchases, and(eq(purchases.id, purchaseRefunds.purchaseId), oneOffPayment))
      .where(duplicateRefund(businessId)),
  ]);
  const months = new Set([...charges, ...refunds, ...duplicates].map((row) => row.month));
  return [...months].sort().reverse();
}

/**
 * The business's statement of `month`: three queries in parallel (one round trip). Empty months
 * have no lines (the page says so); the caller decides whether a month without activity is shown.
 */
export async function loadBusinessStatement(
  app: AppContext,
  business: Pick<Business, "id" | "name" | "city" | "state">,
  month: StatementMonth,
): Promise<BusinessStatement> {
  const { start, end } = monthBounds(month);
  const businessId = business.id;
  const [charges, refunds, duplicates] = await Promise.all([
    receiptedPurchases(app, businessId).where(
      and(
        eq(purchases.businessId, businessId),
        inArray(purchases.status, RECEIPTED_STATUSES),
        oneOffPayment,
        sql`${chargedAt} >= ${start.getTime()}`,
        sql`${chargedAt} < ${end.getTime()}`,
      ),
    ),
    // A manager's or a dispute's refund of a deliverable (a split refunds part: docs/decisions/079).
    app.db
      .select({
        id: itemRefunds.id,
        amountCents: itemRefunds.amountCents,
        refundedAt: itemRefunds.updatedAt,
        purchaseId: purchases.id,
        paidAt: purchases.paidAt,
        purchaseUpdatedAt: purchases.updatedAt,
        kind: purchases.kind,
        referenceId: purchases.referenceId,
        itemTitle: deliveryItems.title,
        outlineId: deliveryItems.outlineId,
        outlineTitle: deliveryOutlines.title,
      })
      .from(itemRefunds)
      .innerJoin(purchases, and(eq(purchases.id, itemRefunds.purchaseId), eq(purchases.businessId, businessId)))
      .leftJoin(deliveryItems, eq(deliveryItems.id, itemRefunds.itemId))
      .leftJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
      .where(
        and(
          eq(itemRefunds.businessId, businessId),
          eq(itemRefunds.status, "succeeded"),
          gte(itemRefunds.updatedAt, start),
          lt(itemRefunds.updatedAt, end),
        ),
      ),
    // The automatic refund of a second payment (ADR 010).
    joinPurchaseSubjects(
      app.db
        .select({
          id: purchaseRefunds.id,
          amountCents: purchaseRefunds.amountCents,
          refundedAt: purchaseRefunds.updatedAt,
          purchaseId: purchases.id,
          paidAt: purchases.paidAt,
          purchaseUpdatedAt: purchases.updatedAt,
          kind: purchases.kind,
          referenceId: purchases.referenceId,
          itemTitle: deliveryItems.title,
          outlineId: deliveryItems.outlineId,
          outlineTitle: deliveryOutlines.title,
          insightCategory: sql<string | null>`${insightRequests.category}`.as("insight_category"),
        })
        .from(purchaseRefunds)
        .innerJoin(
          purchases,
          and(eq(purchases.id, purchaseRefunds.purchaseId), eq(purchases.businessId, businessId), oneOffPayment),
        )
        .$dynamic(),
      businessId,
    ).where(
      and(duplicateRefund(businessId), gte(purchaseRefunds.updatedAt, start), lt(purchaseRefunds.updatedAt, end)),
    ),
  ]);
  const lines: StatementLine[] = [];
  for (const row of charges) {
    const paidAt = row.paidAt ?? row.updatedAt;
    lines.push({
      key: `charge-${row.id}`,
      kind: "charge",
      date: paidAt.toISOString(),
      ...subjectColumns(row),
      receiptNumber: receiptNumber(row.id, paidAt),
      purchaseId: row.id,
      duplicate: row.duplicateOfPurchaseId !== null,
      amountCents: row.amountCents,
    });
  }
  for (const [rows, duplicate] of [
    [refunds.map((row) => ({ ...row, insightCategory: null })), false],
    [duplicates, true],
  ] as const) {
    for (const row of rows) {
      lines.push({
        key: `refund-${row.id}`,
        kind: "refund",
        date: row.refundedAt.toISOString(),
        ...subjectColumns(row),
        receiptNumber: receiptNumber(row.purchaseId, row.paidAt ?? row.purchaseUpdatedAt),
        purchaseId: row.purchaseId,
        duplicate,
        amountCents: -row.amountCents,
      });
    }
  }
  sortLines(lines);
  return {
    month,
    business: { name: business.name, address: buyerAddress(business) },
    seller: sellerOf(app),
    lines,
    ...businessTotals(lines),
  };
}

/**
 * The businesses with a charge or a refund in [start, end) (the cron's statement emails): three
 * queries in parallel.
 */
export async function businessesWithActivity(app: AppContext, start: Date, end: Date): Promise<string[]> {
  const [charges, refunds, duplicates] = await Promise.all([
    app.db
      .selectDistinct({ businessId: purchases.businessId })
      .from(purchases)
      .where(
        and(
          inArray(purchases.status, RECEIPTED_STATUSES),
          oneOffPayment,
          sql`${chargedAt} >= ${start.getTime()}`,
          sql`${chargedAt} < ${end.getTime()}`,
        ),
      ),
    app.db
      .selectDistinct({ businessId: itemRefunds.businessId })
      .from(itemRefunds)
      .where(
        and(eq(itemRefunds.status, "succeeded"), gte(itemRefunds.updatedAt, start), lt(itemRefunds.updatedAt, end)),
      ),
    app.db
      .selectDistinct({ businessId: purchaseRefunds.businessId })
      .from(purchaseRefunds)
      .innerJoin(purchases, and(eq(purchases.id, purchaseRefunds.purchaseId), oneOffPayment))
      .where(
        and(
          eq(purchaseRefunds.reason, "duplicate_payment"),
          eq(purchaseRefunds.status, "succeeded"),
          gte(purchaseRefunds.updatedAt, start),
          lt(purchaseRefunds.updatedAt, end),
        ),
      ),
  ]);
  return [...new Set([...charges, ...refunds, ...duplicates].map((row) => row.businessId))].sort();
}
