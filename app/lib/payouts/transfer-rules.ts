// Which money actions a transfer allows, decided once for the server's actions and for the pages
// that offer them (the manager's money desk and an engagement's money card). Pure.
import type { ConsultantTransferStatus } from "~db/enums";

/**
 * A transfer or refund left 'pending' this long (a crash between the claim and Stripe's answer)
 * may be retried: no call of ours waits on Stripe nearly this long.
 */
export const STALE_PENDING_MS = 10 * 60 * 1000;

/** The transfer's fields the rules read. */
export type TransferFacts = {
  status: ConsultantTransferStatus;
  amountCents: number;
  stripeTransferId: string | null;
  updatedAt: Date;
};

/** A paid transfer of a zero share: recorded paid with no Stripe transfer, so nothing was sent. */
export function isNothingSent(transfer: Pick<TransferFacts, "status" | "amountCents" | "stripeTransferId">): boolean {
  return transfer.status === "paid" && transfer.amountCents === 0 && !transfer.stripeTransferId;
}

/** Claimed for Stripe longer ago than STALE_PENDING_MS: the call that claimed it did not finish. */
export function isStalePending(transfer: Pick<TransferFacts, "status" | "updatedAt">, now: Date): boolean {
  return transfer.status === "pending" && transfer.updatedAt.getTime() < now.getTime() - STALE_PENDING_MS;
}

/**
 * Whether Retry can send the transfer now: Stripe refused it (failed), a call was interrupted
 * (pending past STALE_PENDING_MS), or it is held and what held it is gone (the consultant's
 * payouts are enabled, or a zero share needs no account). retryTransfer claims exactly these.
 */
export function canRetryTransfer(
  transfer: Pick<TransferFacts, "status" | "amountCents" | "updatedAt">,
  payoutsEnabled: boolean,
  now: Date,
): boolean {
  if (transfer.status === "failed") return true;
  if (transfer.status === "held") return payoutsEnabled || transfer.amountCents === 0;
  return isStalePending(transfer, now);
}

/** Whether Reverse can take the transfer back: it was paid through Stripe (a zero share sent nothing). */
export function canReverseTransfer(transfer: Pick<TransferFacts, "status" | "stripeTransferId">): boolean {
  return transfer.status === "paid" && Boolean(transfer.stripeTransferId);
}
