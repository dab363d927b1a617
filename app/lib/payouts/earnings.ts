import type { ConsultantTransferStatus } from "~db/enums";
import { consultantShareCents } from "./fees";
import { EARNING_DISPUTED, EARNING_ON_APPROVAL, ITEM_REFUNDED_LABEL, TRANSFER_STATUS_LABELS } from "./transfer-copy";

/**
 * The consultant's earnings (issue #18, Q1), pure: each deliverable's state from the consultant's
 * side and the three totals the payouts page shows. Amounts are the consultant's share in cents
 * (price less the platform fee).
 *
 * - paid: the transfer reached their Stripe account ("Paid to you");
 * - held: approved but not sent — payouts not set up (held), a failed transfer awaiting the
 *   manager's retry (failed) or a transfer under way (sending);
 * - pending approval: prepaid and not approved yet — delivered (awaiting_approval) or still being
 *   worked on (in_progress);
 * - reversed: taken back by Partwise; shown, counted nowhere;
 * - disputed: the business disputes the delivery (docs/decisions/079); the engagement manager
 *   decides whether it is paid in full, in part or not at all: shown, counted nowhere until then.
 */
export type EarningState =
  "paid" | "held" | "failed" | "sending" | "reversed" | "awaiting_approval" | "in_progress" | "disputed";

export type EarningInput =
  | { kind: "transfer"; status: ConsultantTransferStatus; amountCents: number }
  | { kind: "unapproved"; delivered: boolean; amountCents: number; disputed?: boolean };

export type EarningsTotals = {
  paidCents: number;
  heldCents: number;
  /** The parts of heldCents: waiting for payouts to be set up, failed awaiting a retry, being sent. */
  heldWaitingCents: number;
  heldFailedCents: number;
  heldSendingCents: number;
  pendingApprovalCents: number;
};

const TRANSFER_STATES: Record<ConsultantTransferStatus, EarningState> = {
  paid: "paid",
  held: "held",
  failed: "failed",
  pending: "sending",
  reversed: "reversed",
};

export function earningState(input: EarningInput): EarningState {
  if (input.kind === "transfer") return TRANSFER_STATES[input.status];
  if (input.disputed) return "disputed";
  return input.delivered ? "awaiting_approval" : "in_progress";
}

export function earningsTotals(inputs: readonly EarningInput[]): EarningsTotals {
  const totals: EarningsTotals = {
    paidCents: 0,
    heldCents: 0,
    heldWaitingCents: 0,
    heldFailedCents: 0,
    heldSendingCents: 0,
    pendingApprovalCents: 0,
  };
  for (const input of inputs) {
    const amount = input.amountCents;
    switch (earningState(input)) {
      case "paid":
        totals.paidCents += amount;
        break;
      case "held":
        totals.heldWaitingCents += amount;
        break;
      case "failed":
        totals.heldFailedCents += amount;
        break;
      case "sending":
        totals.heldSendingCents += amount;
        break;
      case "awaiting_approval":
      case "in_progress":
        totals.pendingApprovalCents += amount;
        break;
      case "reversed":
      case "disputed":
        break;
    }
  }
  totals.heldCents = totals.heldWaitingCents + totals.heldFailedCents + totals.heldSendingCents;
  return totals;
}

/**
 * What one deliverable earns the consultant, as their item page states it: their transfer once
 * approved, else the price less the platform fee; a refunded item pays nothing (unless a transfer
 * was made and not taken back).
 */
export function itemEarning(input: {
  priceCents: number;
  feePercent: number;
  refunded: boolean;
  transfer: { amountCents: number; status: ConsultantTransferStatus } | null;
  /** Its delivery is disputed and not settled yet (docs/decisions/079). */
  disputed?: boolean;
}): { amountCents: number; status: string } {
  const { transfer } = input;
  if (input.disputed && !transfer) {
    return { amountCents: consultantShareCents(input.priceCents, input.feePercent), status: EARNING_DISPUTED };
  }
  if (input.refunded && (!transfer || transfer.status === "reversed")) {
    return { amountCents: 0, status: ITEM_REFUNDED_LABEL };
  }
  if (transfer) return { amountCents: transfer.amountCents, status: TRANSFER_STATUS_LABELS[transfer.status] };
  return { amountCents: consultantShareCents(input.priceCents, input.feePercent), status: EARNING_ON_APPROVAL };
}
