import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  consultantPayoutAccounts,
  consultantTransfers,
  deliveryItems,
  itemRefunds,
  purchaseRefunds,
  purchases,
  type ConsultantTransferStatus,
} from "~db/schema";
import { itemMoney, sumMoney, type ItemMoneyInput, type MoneyTotals } from "~/lib/payouts/ledger";
import type { AppContext } from "~/server/load-context";
import { disputeUnsettled } from "~/server/engagements/dispute-columns.server";
import { canRetryTransfer, canReverseTransfer, isNothingSent } from "~/lib/payouts/transfer-rules";

/** Purchases that are a second payment of the item of the outer query (their own alias, in subqueries). */
const duplicates = alias(purchases, "duplicates");
const duplicatesName = sql.identifier("duplicates");
const duplicateOfItem = sql`${duplicates.kind} = 'delivery_item' AND ${duplicates.referenceId} = ${deliveryItems.id} AND ${duplicates.duplicateOfPurchaseId} IS NOT NULL AND ${duplicates.status} IN ('paid', 'refunded')`;
const duplicateRefunded = sql`${purchaseRefunds.reason} = 'duplicate_payment' AND ${purchaseRefunds.status} = 'succeeded'`;

/** One deliverable's money, as the engagement pages show it (cents; the views format them). */
export type ItemMoneyRow = MoneyTotals & {
  itemId: string;
  number: number;
  title: string;
  /** The consultant's share (price less fee) once approved, else null. */
  earnedCents: number | null;
  transferStatus: ConsultantTransferStatus | null;
  failureMessage: string | null;
  refundedAt: string | null;
  /**
   * A second payment for this deliverable (a race with the provider): what it charged, what of it
   * was refunded automatically and when (null while the refund is under way); null when none.
   */
  duplicate: { chargedCents: number; refundedCents: number; refundedAt: string | null } | null;
  canRetry: boolean;
  canReverse: boolean;
  canRefund: boolean;
};

export type EngagementMoney = { items: ItemMoneyRow[]; totals: MoneyTotals };

/**
 * The money of one engagement's deliverables for the manager's engagement page: what was charged,
 * the fee, the transfer and any refund, and any duplicate payment with its automatic refund, in
 * three parallel queries (one round trip). Managers only (the route checks the role); the
 * business's side of the same money is loadEngagementCosts (receipts.server.ts), the consultant's
 * consultantItemEarning, each scoped to its reader.
 */
export async function loadEngagementMoney(app: AppContext, outlineId: string): Promise<EngagementMoney> {
  // In parallel, not a db.batch: D1's batch answers rows keyed by column name, so a join's
  // same-named columns (id, status) would collide.
  const [items, transfers, refunds] = await Promise.all([
    app.db
      .select({
        id: deliveryItems.id,
        title: deliveryItems.title,
        status: deliveryItems.status,
        purchaseStatus: purchases.status,
        chargedCents: purchases.amountCents,
        // Second payments for the item (a race with the provider) and their automatic refunds.
        duplicateChargedCents:
          sql<number>`(SELECT COALESCE(SUM(${duplicates.amountCents}), 0) FROM ${purchases} AS ${duplicatesName} WHERE ${duplicateOfItem})`.mapWith(
            Number,
          ),
        duplicateRefundedCents:
          sql<number>`(SELECT COALESCE(SUM(${purchaseRefunds.amountCents}), 0) FROM ${purchaseRefunds} JOIN ${purchases} AS ${duplicatesName} ON ${duplicates.id} = ${purchaseRefunds.purchaseId} WHERE ${duplicateOfItem} AND ${duplicateRefunded})`.mapWith(
            Number,
          ),
        duplicateRefundedAt: sql<
          number | null
        >`(SELECT MAX(${purchaseRefunds.updatedAt}) FROM ${purchaseRefunds} JOIN ${purchases} AS ${duplicatesName} ON ${duplicates.id} = ${purchaseRefunds.purchaseId} WHERE ${duplicateOfItem} AND ${duplicateRefunded})`,
        // An unsettled dispute (docs/decisions/079): its settlement, not a refund, decides the money.
        disputed: sql<number>`${disputeUnsettled(deliveryItems.id)}`.mapWith(Number),
      })
      .from(deliveryItems)
      .leftJoin(purchases, eq(purchases.id, deliveryItems.paidPurchaseId))
      .where(eq(deliveryItems.outlineId, outlineId))
      .orderBy(asc(deliveryItems.position), asc(deliveryItems.createdAt)),
    app.db
      .select({ ...getTableColumns(consultantTransfers), payoutsEnabled: consultantPayoutAccounts.payoutsEnabled })
      .from(consultantTransfers)
      .leftJoin(
        consultantPayoutAccounts,
        eq(consultantPayoutAccounts.consultantUserId, consultantTransfers.consultantUserId),
      )
      .where(eq(consultantTransfers.outlineId, outlineId)),
    app.db.select().from(itemRefunds).where(eq(itemRefunds.outlineId, outlineId)),
  ]);
  const now = app.now();
  const transferOf = new Map(transfers.map((row) => [row.itemId, row]));
  const refundOf = new Map(refunds.map((row) => [row.itemId, row]));
  const rows: (ItemMoneyRow & { input: ItemMoneyInput })[] = items.map((item, index) => {
    const transfer = transferOf.get(item.id) ?? null;
    const refund = refundOf.get(item.id);
    const refunded = refund?.status === "succeeded" ? refund.amountCents : 0;
    const duplicate =
      item.duplicateChargedCents > 0
        ? {
            chargedCents: item.duplicateChargedCents,
            refundedCents: item.duplicateRefundedCents,
            refundedAt:
              item.duplicateRefundedAt === null ? null : new Date(Number(item.duplicateRefundedAt)).toISOString(),
          }
        : null;
    const paid = item.purchaseStatus === "paid" || item.purchaseStatus === "refunded";
    const input: ItemMoneyInput = {
      chargedCents: paid ? (item.chargedCents ?? 0) : 0,
      transfer: transfer
        ? {
            status: transfer.status,
            chargedCents: transfer.chargedCents,
            feeCents: transfer.feeCents,
            amountCents: transfer.amountCents,
          }
        : null,
      refundedCents: refunded,
      ...(duplicate
        ? { duplicate: { chargedCents: duplicate.chargedCents, refundedCents: duplicate.refundedCents } }
        : {}),
    };
    // A zero share sent nothing (isNothingSent): refundItem closes it, no reversal needed.
    const refundBlocked = transfer
      ? transfer.status !== "reversed" && !isNothingSent(transfer)
      : item.status === "approved";
    return {
      ...itemMoney(input),
      input,
      itemId: item.id,
      number: index + 1,
      title: item.title,
      earnedCents: transfer && transfer.status !== "reversed" ? transfer.amountCents : null,
      transferStatus: transfer?.status ?? null,
      failureMessage: transfer?.failureMessage ?? null,
      refundedAt: refund?.status === "succeeded" ? refund.updatedAt.toISOString() : null,
      duplicate,
      canRetry: transfer ? canRetryTransfer(transfer, transfer.payoutsEnabled === true, now) : false,
      // A dispute's split is final (docs/decisions/079: reverseTransfer refuses it).
      canReverse: transfer ? canReverseTransfer(transfer) && !refund?.partial : false,
      canRefund: item.purchaseStatus === "paid" && refunded === 0 && !refundBlocked && item.disputed === 0,
    };
  });
  return {
    items: rows.map(({ input: _input, ...row }) => row),
    totals: sumMoney(rows.map((row) => row.input)),
  };
}

/** What the consultant earns for one of their items: their transfer (scoped to them), or null. */
export async function consultantItemEarning(app: AppContext, consultantUserId: string, itemId: string) {
  const [row] = await app.db
    .select({ amountCents: consultantTransfers.amountCents, status: consultantTransfers.status })
    .from(consultantTransfers)
    .where(and(eq(consultantTransfers.itemId, itemId), eq(consultantTransfers.consultantUserId, consultantUserId)))
    .limit(1);
  return row ?? null;
}
