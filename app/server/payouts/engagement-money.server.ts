import { and, asc, eq, getTableColumns, inArray, isNotNull } from "drizzle-orm";
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
import { canRetryTransfer, canReverseTransfer, isNothingSent } from "~/lib/payouts/transfer-rules";

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
 * four parallel queries (one round trip). Managers
 * only (the route checks the role); the business's side of the same money is loadEngagementCosts
 * (receipts.server.ts), the consultant's consultantItemEarning, each scoped to its reader.
 */
export async function loadEngagementMoney(app: AppContext, outlineId: string): Promise<EngagementMoney> {
  // In parallel, not a db.batch: D1's batch answers rows keyed by column name, so a join's
  // same-named columns (id, status) would collide.
  const [items, transfers, refunds, duplicates] = await Promise.all([
    app.db
      .select({
        id: deliveryItems.id,
        title: deliveryItems.title,
        status: deliveryItems.status,
        purchaseStatus: purchases.status,
        chargedCents: purchases.amountCents,
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
    app.db
      .select({
        itemId: deliveryItems.id,
        chargedCents: purchases.amountCents,
        refundedCents: purchaseRefunds.amountCents,
        refundedAt: purchaseRefunds.updatedAt,
      })
      .from(purchases)
      .innerJoin(deliveryItems, eq(deliveryItems.id, purchases.referenceId))
      .leftJoin(
        purchaseRefunds,
        and(
          eq(purchaseRefunds.purchaseId, purchases.id),
          eq(purchaseRefunds.reason, "duplicate_payment"),
          eq(purchaseRefunds.status, "succeeded"),
        ),
      )
      .where(
        and(
          eq(deliveryItems.outlineId, outlineId),
          eq(purchases.kind, "delivery_item"),
          isNotNull(purchases.duplicateOfPurchaseId),
          inArray(purchases.status, ["paid", "refunded"]),
        ),
      ),
  ]);
  const now = app.now();
  const transferOf = new Map(transfers.map((row) => [row.itemId, row]));
  const refundOf = new Map(refunds.map((row) => [row.itemId, row]));
  const duplicateOf = new Map<string, { chargedCents: number; refundedCents: number; refundedAt: string | null }>();
  for (const row of duplicates) {
    const sum = duplicateOf.get(row.itemId) ?? { chargedCents: 0, refundedCents: 0, refundedAt: null };
    sum.chargedCents += row.chargedCents;
    sum.refundedCents += row.refundedCents ?? 0;
    const at = row.refundedAt ? row.refundedAt.toISOString() : null;
    if (at && (!sum.refundedAt || at > sum.refundedAt)) sum.refundedAt = at;
    duplicateOf.set(row.itemId, sum);
  }
  const rows: (ItemMoneyRow & { input: ItemMoneyInput })[] = items.map((item, index) => {
    const transfer = transferOf.get(item.id) ?? null;
    const refund = refundOf.get(item.id);
    const refunded = refund?.status === "succeeded" ? refund.amountCents : 0;
    const paid = item.purchaseStatus === "paid" || item.purchaseStatus === "refunded";
    const input: ItemMoneyInput = {
      chargedCents: paid ? (item.chargedCents ?? 0) : 0,
      transfer: transfer
        ? { status: transfer.status, feeCents: transfer.feeCents, amountCents: transfer.amountCents }
        : null,
      refundedCents: refunded,
      ...(duplicateOf.has(item.id) ? { duplicate: duplicateOf.get(item.id) } : {}),
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
      duplicate: duplicateOf.get(item.id) ?? null,
      canRetry: transfer ? canRetryTransfer(transfer, transfer.payoutsEnabled === true, now) : false,
      canReverse: transfer ? canReverseTransfer(transfer) : false,
      canRefund: item.purchaseStatus === "paid" && refunded === 0 && !refundBlocked,
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
