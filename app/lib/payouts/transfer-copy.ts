/** The texts of transfers, holds, refunds and the engagement money views (issue #18, P2). */

export const TRANSFER_STATUS_LABELS = {
  held: "Held until payouts are set up",
  pending: "Transfer in progress",
  paid: "Transferred",
  failed: "Transfer failed",
  reversed: "Transfer reversed",
} as const;

export const MONEY_LABELS = {
  heading: "Money",
  charged: "Charged",
  fee: "Platform fee",
  transferred: "Transferred",
  refunded: "Refunded",
  held: "Held",
  notCharged: "Not charged yet",
  awaitingApproval: "Awaiting approval",
  youEarn: "You earn",
  cost: "Cost",
  totals: "Engagement totals",
  status: "Status",
  /** A second payment for the deliverable, refunded automatically (ADR 010). */
  duplicateRefunded: (amount: string, date: string) =>
    `Charged twice: the second payment of ${amount} was refunded automatically on ${date}.`,
  duplicateRefunding: (amount: string) =>
    `Charged twice: the second payment of ${amount} is being refunded automatically (held until then).`,
} as const;

export const MONEY_ACTIONS = {
  retry: "Retry transfer",
  reverse: "Reverse transfer",
  refund: "Refund",
} as const;

/** Beside a deliverable an engagement manager could refund or reverse, were they an admin (ADR 064). */
export const MONEY_ADMINS_ONLY = "Only an admin can reverse or refund this.";

export const TRANSFER_RETRIED = "The transfer was sent to the consultant.";
export const TRANSFER_STILL_HELD = "The consultant has not finished setting up payouts; the amount stays held.";
export const TRANSFER_RETRY_FAILED = "Stripe refused the transfer again. Please try later.";
export const TRANSFER_NOT_RETRYABLE = "This transfer is not waiting for a retry.";
export const TRANSFER_REVERSED = "The transfer was reversed: the amount is back with Partwise.";
export const TRANSFER_NOT_REVERSIBLE = "Only a completed transfer can be reversed.";
export const TRANSFER_REVERSAL_FAILED = "Stripe could not reverse the transfer. Please try again in a few minutes.";

export const REFUND_DONE = "The payment for this deliverable was refunded to the business.";
export const REFUND_NOT_PREPAID = "This deliverable has no payment to refund.";
export const REFUND_ALREADY = "This deliverable was already refunded.";
export const REFUND_AFTER_TRANSFER =
  "The consultant has already been paid for this deliverable. Reverse the transfer first, then refund.";
export const REFUND_APPROVED =
  "This deliverable was approved, so its payment belongs to the consultant and cannot be refunded.";
export const REFUND_IN_PROGRESS =
  "A refund of this deliverable is already under way. If it has not finished in ten minutes, refund it again: Stripe refunds it only once.";
export const REFUND_FAILED = "Stripe could not refund the payment. Please try again in a few minutes.";

export const ITEM_NOT_IN_ENGAGEMENT = "This deliverable is not part of this engagement.";
export const MONEY_ACTION_INVALID = "Choose a deliverable of this engagement.";

export const EARNING_ON_APPROVAL = "Paid to you when the business approves it";
/** A disputed delivery (docs/decisions/079): at most this, as the settlement decides. */
export const EARNING_DISPUTED = "Disputed: at most this, as the engagement manager's settlement decides";

// ---- pay Q2: zero shares and refunded deliverables ----
export const TRANSFER_NOTHING_TO_REVERSE =
  "Nothing was sent to the consultant for this deliverable (their share after the fee is $0.00), so there is nothing to reverse.";
export const ITEM_REFUNDED_LABEL = "Refunded";
export const DELIVERY_REFUNDED = "This deliverable was refunded to the business, so it can no longer be delivered.";
export const REVIEW_REFUNDED =
  "This deliverable was refunded, so it can no longer be approved or sent back for revision.";
export const ITEM_REFUNDED_NOTE = "This deliverable was refunded to the business: there is nothing more to do on it.";
