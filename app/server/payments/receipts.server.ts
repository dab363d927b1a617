/**
 * The business's side of the money (issue #18, Q3): what each deliverable of an engagement cost
 * and its refund, and the payment history (payments and refunds); the receipt of a paid purchase
 * is receipt-document.server.ts (re-exported here).
 * Every query is scoped by the session's business: another business's purchase reads as not found.
 */
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { deliveryItems, deliveryOutlines, insightRequests, itemRefunds, purchaseRefunds, purchases } from "~db/schema";
import { receiptNumber } from "~/lib/payouts/receipts";
import type { AppContext } from "~/server/load-context";
import { outlineIdSql } from "~/server/engagements/engagement-views.server";
import {
  joinPurchaseSubjects,
  oneOffPayment,
  RECEIPTED_STATUSES,
  receiptedPurchases,
  subjectOf,
} from "./receipt-document.server";

export { loadReceipt, type Receipt, type ReceiptRefund } from "./receipt-document.server";

/** The longest payment history the settings list shows (newest first). */
export const PAYMENT_HISTORY_LIMIT = 100;

export type ItemCost = {
  purchaseId: string;
  paidCents: number;
  /** ISO time the payment went through. */
  paidAt: string;
  refundedCents: number;
  refundedAt: string | null;
  /** Second payments for this deliverable (a race with the provider), each refunded automatically. */
  duplicates: DuplicateCost[];
};

/** A duplicate payment of a deliverable and its automatic refund (refundedAt null while it is under way). */
export type DuplicateCost = {
  purchaseId: string;
  paidCents: number;
  paidAt: string;
  refundedCents: number;
  refundedAt: string | null;
};

/** Succeeded automatic refunds of duplicate payments, joined to the purchase they refunded. */
const duplicateRefundJoin = and(
  eq(purchaseRefunds.purchaseId, purchases.id),
  eq(purchaseRefunds.reason, "duplicate_payment"),
  eq(purchaseRefunds.status, "succeeded"),
);

/** One engagement's costs for the business: per deliverable (by item id) and the totals, in cents. */
export type EngagementCosts = {
  items: Record<string, ItemCost>;
  paidCents: number;
  refundedCents: number;
  netCents: number;
};

/**
 * What the business paid for each deliverable of its engagement `outlineId` (null: its current
 * engagement, as loadBusinessEngagement picks it) and what was refunded, a duplicate payment and
 * its automatic refund included: two queries in parallel, one D1 round trip, meant to run beside
 * loadBusinessEngagement's batch.
 */
export async function loadEngagementCosts(
  app: AppContext,
  businessId: string,
  outlineId: string | null,
): Promise<EngagementCosts> {
  const target = outlineIdSql(businessId, outlineId);
  const [paidRows, refundRows] = await Promise.all([
    // Each item's payment, and any duplicate payment of it with its automatic refund.
    app.db
      .select({
        itemId: deliveryItems.id,
        purchaseId: purchases.id,
        amountCents: purchases.amountCents,
        paidAt: purchases.paidAt,
        updatedAt: purchases.updatedAt,
        duplicateOf: purchases.duplicateOfPurchaseId,
        refundedCents: purchaseRefunds.amountCents,
        refundedAt: purchaseRefunds.updatedAt,
      })
      .from(deliveryItems)
      .innerJoin(
        purchases,
        and(
          or(
            eq(purchases.id, deliveryItems.paidPurchaseId),
            and(
              eq(purchases.kind, "delivery_item"),
              eq(purchases.referenceId, deliveryItems.id),
              isNotNull(purchases.duplicateOfPurchaseId),
            ),
          ),
          eq(purchases.businessId, businessId),
          inArray(purchases.status, RECEIPTED_STATUSES),
        ),
      )
      .leftJoin(purchaseRefunds, duplicateRefundJoin)
      .where(and(eq(deliveryItems.outlineId, target), eq(deliveryItems.businessId, businessId)))
      .orderBy(asc(deliveryItems.position), asc(purchases.paidAt)),
    app.db
      .select({ itemId: itemRefunds.itemId, amountCents: itemRefunds.amountCents, updatedAt: itemRefunds.updatedAt })
      .from(itemRefunds)
      .where(
        and(
          eq(itemRefunds.outlineId, target),
          eq(itemRefunds.businessId, businessId),
          eq(itemRefunds.status, "succeeded"),
        ),
      ),
  ]);
  const duplicateRows = paidRows.filter((row) => row.duplicateOf !== null);
  const refundOf = new Map(refundRows.map((row) => [row.itemId, row]));
  const duplicatesOf = new Map<string, DuplicateCost[]>();
  for (const row of duplicateRows) {
    const list = duplicatesOf.get(row.itemId) ?? [];
    list.push({
      purchaseId: row.purchaseId,
      paidCents: row.amountCents,
      paidAt: (row.paidAt ?? row.updatedAt).toISOString(),
      refundedCents: row.refundedCents ?? 0,
      refundedAt: row.refundedAt ? row.refundedAt.toISOString() : null,
    });
    duplicatesOf.set(row.itemId, list);
  }
  const items: Record<string, ItemCost> = {};
  let paidCents = 0;
  let refundedCents = 0;
  for (const row of paidRows) {
    if (row.duplicateOf !== null) continue;
    const refund = refundOf.get(row.itemId);
    const duplicates = duplicatesOf.get(row.itemId) ?? [];
    items[row.itemId] = {
      purchaseId: row.purchaseId,
      paidCents: row.amountCents,
      paidAt: (row.paidAt ?? row.updatedAt).toISOString(),
      refundedCents: refund?.amountCents ?? 0,
      refundedAt: refund ? refund.updatedAt.toISOString() : null,
      duplicates,
    };
    paidCents += row.amountCents;
    refundedCents += refund?.amountCents ?? 0;
    for (const duplicate of duplicates) {
      paidCents += duplicate.paidCents;
      refundedCents += duplicate.refundedCents;
    }
  }
  return { items, paidCents, refundedCents, netCents: paidCents - refundedCents };
}

/** One line of the business's payment history: a payment, or a refund (a negative amount). */
export type PaymentEntry = {
  key: string;
  entry: "payment" | "refund";
  purchaseId: string;
  number: string;
  date: string;
  description: string;
  href: string | null;
  amountCents: number;
  status: "paid" | "refunded";
  /** A second payment for something already paid, or its automatic refund (ADR 010). */
  duplicate: boolean;
};

/**
 * What a refund line of the payment history shows of the purchase it refunded: the date its
 * receipt number is made of, and what it bought (the subject's columns but the insight's, which
 * each half of the union reads its own way).
 */
const refundedPurchaseColumns = {
  paidAt: purchases.paidAt,
  purchaseUpdatedAt: purchases.updatedAt,
  kind: purchases.kind,
  referenceId: purchases.referenceId,
  itemTitle: deliveryItems.title,
  outlineId: deliveryItems.outlineId,
  outlineTitle: deliveryOutlines.title,
};

/**
 * The business's payment history, newest first: every paid (or since refunded) one-off purchase
 * and every refund as its own entry, the automatic refunds of duplicate payments included (a
 * plan's charges are its invoices, in the billing portal). Two queries in parallel (one round trip).
 */
export async function loadPaymentHistory(app: AppContext, businessId: string): Promise<PaymentEntry[]> {
  const [rows, refundRows] = await Promise.all([
    receiptedPurchases(app, businessId)
      .where(and(eq(purchases.businessId, businessId), inArray(purchases.status, RECEIPTED_STATUSES), oneOffPayment))
      .orderBy(desc(sql`coalesce(${purchases.paidAt}, ${purchases.updatedAt})`), desc(purchases.id))
      .limit(PAYMENT_HISTORY_LIMIT),
    // Every refund: a manager's (item_refunds) and the automatic ones of duplicates (purchase_refunds).
    app.db
      .select({
        id: itemRefunds.id,
        purchaseId: itemRefunds.purchaseId,
        amountCents: itemRefunds.amountCents,
        refundedAt: sql<Date>`${itemRefunds.updatedAt}`.mapWith(itemRefunds.updatedAt).as("refunded_at"),
        ...refundedPurchaseColumns,
        insightCategory: sql<string | null>`NULL`.as("insight_category"),
        duplicate: sql<number>`0`.mapWith(Number).as("duplicate"),
      })
      .from(itemRefunds)
      .innerJoin(purchases, and(eq(purchases.id, itemRefunds.purchaseId), eq(purchases.businessId, businessId)))
      .leftJoin(deliveryItems, eq(deliveryItems.id, itemRefunds.itemId))
      .leftJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
      .where(and(eq(itemRefunds.businessId, businessId), eq(itemRefunds.status, "succeeded")))
      .unionAll(
        joinPurchaseSubjects(
          app.db
            .select({
              id: purchaseRefunds.id,
              purchaseId: purchases.id,
              amountCents: purchaseRefunds.amountCents,
              refundedAt: sql<Date>`${purchaseRefunds.updatedAt}`.mapWith(purchaseRefunds.updatedAt).as("refunded_at"),
              ...refundedPurchaseColumns,
              insightCategory: sql<string | null>`${insightRequests.category}`.as("insight_category"),
              duplicate: sql<number>`1`.mapWith(Number).as("duplicate"),
            })
            .from(purchaseRefunds)
            .innerJoin(purchases, and(duplicateRefundJoin, eq(purchases.businessId, businessId), oneOffPayment))
            .$dynamic(),
          businessId,
        ).where(eq(purchaseRefunds.businessId, businessId)),
      )
      .orderBy(desc(sql`refunded_at`))
      .limit(PAYMENT_HISTORY_LIMIT),
  ]);
  const payments: PaymentEntry[] = rows.flatMap((row) => {
    if (row.status !== "paid" && row.status !== "refunded") return [];
    const paidAt = row.paidAt ?? row.updatedAt;
    const { description, href } = subjectOf(row);
    return [
      {
        key: `payment-${row.id}`,
        entry: "payment" as const,
        purchaseId: row.id,
        number: receiptNumber(row.id, paidAt),
        date: paidAt.toISOString(),
        description,
        href,
        amountCents: row.amountCents,
        status: row.status,
        duplicate: row.duplicateOfPurchaseId !== null,
      },
    ];
  });
  const refunds: PaymentEntry[] = refundRows.map((row) => {
    const { description, href } = subjectOf(row);
    return {
      key: `refund-${row.id}`,
      entry: "refund" as const,
      purchaseId: row.purchaseId,
      number: receiptNumber(row.purchaseId, row.paidAt ?? row.purchaseUpdatedAt),
      date: row.refundedAt.toISOString(),
      description,
      href,
      amountCents: -row.amountCents,
      status: "refunded" as const,
      duplicate: row.duplicate === 1,
    };
  });
  return [...payments, ...refunds]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.key < b.key ? 1 : -1))
    .slice(0, PAYMENT_HISTORY_LIMIT);
}
