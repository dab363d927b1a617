import type { ConsultantTransferStatus } from "~db/enums";

/**
 * The money of deliverables, item by item and in total. Every cent charged ends in exactly one
 * bucket: the platform's fee, transferred to the consultant, refunded to the business, held
 * (owed to the consultant but not sent: payouts not set up, a failed or in-progress transfer, or
 * taken back by a reversal and not refunded yet; or a duplicate payment whose automatic refund is
 * still under way) or awaiting approval (prepaid, not approved).
 * So charged = fees + transferred + refunded + held + awaitingApproval.
 */
export type ItemMoneyInput = {
  /** What the business paid (0 when the item was never paid). */
  chargedCents: number;
  /** The transfer: of the whole charge, or of what a dispute's split kept (chargedCents, docs/decisions/079). */
  transfer: { status: ConsultantTransferStatus; chargedCents?: number; feeCents: number; amountCents: number } | null;
  /** The refunded amount, once the refund succeeded. */
  refundedCents: number;
  /**
   * Second payments for the same deliverable (a race with the provider) and what of them was
   * refunded automatically so far; what is not refunded yet is held by the platform.
   */
  duplicate?: { chargedCents: number; refundedCents: number };
};

export type MoneyTotals = {
  charged: number;
  fees: number;
  transferred: number;
  refunded: number;
  held: number;
  awaitingApproval: number;
};

export function itemMoney(item: ItemMoneyInput): MoneyTotals {
  const out = paymentMoney(item);
  if (item.duplicate) {
    out.charged += item.duplicate.chargedCents;
    out.refunded += item.duplicate.refundedCents;
    out.held += item.duplicate.chargedCents - item.duplicate.refundedCents;
  }
  return out;
}

/** The money of the deliverable's own payment (its duplicates aside). */
function paymentMoney(item: ItemMoneyInput): MoneyTotals {
  const out: MoneyTotals = {
    charged: item.chargedCents,
    fees: 0,
    transferred: 0,
    refunded: 0,
    held: 0,
    awaitingApproval: 0,
  };
  // A dispute's split: part refunded, the rest kept and transferred (its own charge, fee and share).
  const split =
    item.transfer !== null &&
    item.refundedCents > 0 &&
    item.transfer.status !== "reversed" &&
    item.transfer.chargedCents === item.chargedCents - item.refundedCents;
  if (split && item.transfer) {
    out.refunded = item.refundedCents;
    out.fees = item.transfer.feeCents;
    if (item.transfer.status === "paid") out.transferred = item.transfer.amountCents;
    else out.held = item.transfer.amountCents;
    return out;
  }
  if (item.refundedCents > 0) {
    out.refunded = item.refundedCents;
    // A partial refund would leave the rest with the platform: held.
    out.held = item.chargedCents - item.refundedCents;
    return out;
  }
  if (!item.transfer) {
    out.awaitingApproval = item.chargedCents;
    return out;
  }
  out.fees = item.transfer.feeCents;
  if (item.transfer.status === "paid") out.transferred = item.transfer.amountCents;
  else out.held = item.transfer.amountCents;
  return out;
}

export function sumMoney(items: readonly ItemMoneyInput[]): MoneyTotals {
  const total: MoneyTotals = { charged: 0, fees: 0, transferred: 0, refunded: 0, held: 0, awaitingApproval: 0 };
  for (const item of items) {
    const money = itemMoney(item);
    for (const key of Object.keys(total) as (keyof MoneyTotals)[]) total[key] += money[key];
  }
  return total;
}
