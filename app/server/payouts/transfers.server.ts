import { columnValue } from "~db/column-value";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { markPurchaseRefunded } from "~/server/payments/purchase-rows.server";
import {
  consultantPayoutAccounts,
  consultantTransfers,
  deliverableDisputes,
  deliveryItems,
  deliveryOutlines,
  itemRefunds,
  purchases,
  users,
  type ConsultantTransfer,
} from "~db/schema";
import { platformFeeCents } from "~/lib/payouts/fees";
import { isNothingSent, STALE_PENDING_MS } from "~/lib/payouts/transfer-rules";
import {
  ITEM_NOT_IN_ENGAGEMENT,
  REFUND_AFTER_TRANSFER,
  REFUND_ALREADY,
  REFUND_APPROVED,
  REFUND_DONE,
  REFUND_FAILED,
  REFUND_IN_PROGRESS,
  REFUND_NOT_PREPAID,
  TRANSFER_NOT_RETRYABLE,
  TRANSFER_NOT_REVERSIBLE,
  TRANSFER_NOTHING_TO_REVERSE,
  TRANSFER_RETRIED,
  TRANSFER_RETRY_FAILED,
  TRANSFER_REVERSAL_FAILED,
  TRANSFER_REVERSED,
  TRANSFER_STILL_HELD,
} from "~/lib/payouts/transfer-copy";
import { REFUND_DISPUTED, TRANSFER_OF_SETTLEMENT } from "~/lib/engagements/disputes";
import type { AppContext } from "~/server/load-context";
import { auditAfterChange, recordAudit, type AuditActor } from "~/server/audit/audit.server";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import { sendRefundReceipt } from "~/server/payments/receipt-emails.server";
import { notifyDeliverable } from "~/server/engagements/deliverable-notices.server";
import { refundStarted, settleRefundedItem } from "~/server/engagements/item-refunds.server";
import { disputeSettlingWith, disputeUnsettled } from "~/server/engagements/dispute-columns.server";

/**
 * Transfers to consultants (issue #18): one per approved deliverable, the price less the platform
 * fee, sent to the consultant's Stripe Connect account with the Idempotency-Key
 * `transfer-item-{itemId}` and the engagement (outline id) as the transfer group. Exactly once:
 * the row is unique per item (ON CONFLICT DO NOTHING), and only the call whose conditional UPDATE
 * claims it (held/failed → pending) asks Stripe, with a key Stripe itself de-duplicates.
 */

/** The Idempotency-Keys of the money operations on an item. */
export const transferKey = (itemId: string) => `transfer-item-${itemId}`;
export const reversalKey = (itemId: string) => `reverse-item-${itemId}`;
/** A part of the charge (a dispute's split) is its own refund, its amount in its key (docs/decisions/079). */
export const refundKey = (itemId: string, partCents?: number) =>
  partCents === undefined ? `refund-item-${itemId}` : `refund-item-${itemId}-part-${partCents}`;

/**
 * Records the transfer of an approved item and sends it when the consultant's payouts are
 * enabled (else it stays held). Called by reviewDeliveryItem after its approval was written, and
 * safe to call any number of times, concurrently: one row, one Stripe transfer. An item not
 * approved, without a consultant, or without a paid purchase (never charged, or refunded) pays
 * nothing. Returns the item's transfer row (null when there is none).
 */
export async function payApprovedItem(app: AppContext, itemId: string): Promise<ConsultantTransfer | null> {
  const [row] = await app.db
    .select({
      itemId: deliveryItems.id,
      outlineId: deliveryItems.outlineId,
      businessId: deliveryItems.businessId,
      status: deliveryItems.status,
      consultantId: deliveryOutlines.consultantId,
      purchaseId: purchases.id,
      purchaseStatus: purchases.status,
      chargedCents: purchases.amountCents,
      partialRefund: {
        status: itemRefunds.status,
        amountCents: itemRefunds.amountCents,
      },
      // A dispute's settlement fixed its transfer and fee when claimed (docs/decisions/079).
      settled: {
        outcome: deliverableDisputes.outcome,
        transferCents: deliverableDisputes.transferCents,
        feeCents: deliverableDisputes.feeCents,
      },
    })
    .from(deliveryItems)
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .leftJoin(purchases, eq(purchases.id, deliveryItems.paidPurchaseId))
    .leftJoin(itemRefunds, and(eq(itemRefunds.itemId, deliveryItems.id), eq(itemRefunds.partial, true)))
    .leftJoin(
      deliverableDisputes,
      and(
        eq(deliverableDisputes.itemId, deliveryItems.id),
        inArray(deliverableDisputes.status, ["settling", "settled"]),
      ),
    )
    .where(eq(deliveryItems.id, itemId))
    .limit(1);
  if (!row || row.status !== "approved" || !row.consultantId) return null;
  if (!row.purchaseId || row.purchaseStatus !== "paid" || row.chargedCents === null) return null;
  // A dispute's split (docs/decisions/079): the part refunded first, then the rest is paid, its fee
  // scaled to it; nothing is paid while that refund is not done.
  const partial = row.partialRefund?.status ? row.partialRefund : null;
  if (partial && partial.status !== "succeeded") return null;

  const charged = row.chargedCents - (partial?.amountCents ?? 0);
  const dispute =
    row.settled?.outcome && row.settled.transferCents !== null && row.settled.feeCents !== null
      ? { transferCents: row.settled.transferCents, feeCents: row.settled.feeCents }
      : null;
  // The settlement's own fee (the percent may have changed since its claim), else today's.
  const fee =
    dispute && dispute.transferCents + dispute.feeCents === charged
      ? dispute.feeCents
      : platformFeeCents(charged, app.env.PLATFORM_FEE_PERCENT);
  // A 100% fee (or a free item) leaves the consultant nothing: the row is paid at once, with no
  // Stripe call and no transfer id (Stripe refuses a zero transfer), whatever their payouts' state.
  const nothingToSend = charged - fee === 0;
  const now = app.now();
  // Inserted once per item, and never for an item whose refund is under way or done.
  await app.db
    .insert(consultantTransfers)
    .select(
      app.db
        .select({
          id: columnValue(crypto.randomUUID(), "id"),
          itemId: columnValue(row.itemId, "item_id"),
          outlineId: columnValue(row.outlineId, "outline_id"),
          businessId: columnValue(row.businessId, "business_id"),
          consultantUserId: columnValue(row.consultantId, "consultant_user_id"),
          purchaseId: columnValue(row.purchaseId, "purchase_id"),
          chargedCents: columnValue(charged, "charged_cents"),
          feeCents: columnValue(fee, "fee_cents"),
          amountCents: columnValue(charged - fee, "amount_cents"),
          status: columnValue(nothingToSend ? "paid" : "held", "status"),
          stripeTransferId: columnValue(null, "stripe_transfer_id"),
          stripeReversalId: columnValue(null, "stripe_reversal_id"),
          failureMessage: columnValue(null, "failure_message"),
          attempts: columnValue(0, "attempts"),
          createdAt: columnValue(now.getTime(), "created_at"),
          updatedAt: columnValue(now.getTime(), "updated_at"),
          paidAt: columnValue(nothingToSend ? now.getTime() : null, "paid_at"),
          reversedAt: columnValue(null, "reversed_at"),
        })
        .from(deliveryItems)
        .where(and(eq(deliveryItems.id, row.itemId), sql`NOT ${refundStarted(row.itemId)}`)),
    )
    .onConflictDoNothing();
  return sendTransfer(app, itemId, ["held"]);
}

/**
 * Sends the item's transfer when the consultant's payouts are enabled and the row is in one of
 * `from` (or pending for longer than STALE_PENDING_MS): the conditional UPDATE to pending is the
 * claim, so of any number of concurrent calls one asks Stripe. Returns the row as it ends.
 */
async function sendTransfer(
  app: AppContext,
  itemId: string,
  from: readonly ("held" | "failed")[],
): Promise<ConsultantTransfer | null> {
  const [current] = await app.db
    .select({
      transfer: consultantTransfers,
      account: consultantPayoutAccounts,
      paymentIntentId: purchases.stripePaymentIntentId,
      consultantVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`.mapWith(Boolean),
    })
    .from(consultantTransfers)
    .leftJoin(
      consultantPayoutAccounts,
      eq(consultantPayoutAccounts.consultantUserId, consultantTransfers.consultantUserId),
    )
    .leftJoin(purchases, eq(purchases.id, consultantTransfers.purchaseId))
    .leftJoin(users, eq(users.id, consultantTransfers.consultantUserId))
    .where(eq(consultantTransfers.itemId, itemId))
    .limit(1);
  if (!current) return null;
  const { transfer, account } = current;
  // What settles it: a zero share is paid without Stripe (so it needs no account); any other is
  // sent to the consultant's account once their payouts are enabled and their email is verified
  // (docs/decisions/070; /verify-email releases it), and stays as it is until then.
  const settle =
    transfer.amountCents === 0
      ? ({ kind: "nothing-to-send" } as const)
      : account?.payoutsEnabled && current.consultantVerified
        ? ({ kind: "send", destination: account.stripeAccountId } as const)
        : null;
  if (!settle) return transfer;

  const now = app.now();
  const [claimed] = await app.db
    .update(consultantTransfers)
    .set({ status: "pending", attempts: sql`${consultantTransfers.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(consultantTransfers.id, transfer.id),
        or(
          inArray(consultantTransfers.status, [...from]),
          and(
            eq(consultantTransfers.status, "pending"),
            lt(consultantTransfers.updatedAt, new Date(now.getTime() - STALE_PENDING_MS)),
          ),
        ),
        sql`NOT ${refundStarted(itemId)}`,
      ),
    )
    .returning();
  if (!claimed) {
    const [after] = await app.db.select().from(consultantTransfers).where(eq(consultantTransfers.id, transfer.id));
    return after ?? transfer;
  }

  if (settle.kind === "nothing-to-send") {
    // A 100% fee (or a free item) leaves nothing to send; Stripe refuses a zero transfer.
    const [done] = await app.db
      .update(consultantTransfers)
      .set({ status: "paid", paidAt: now, updatedAt: now, failureMessage: null })
      .where(and(eq(consultantTransfers.id, claimed.id), eq(consultantTransfers.status, "pending")))
      .returning();
    return done ?? claimed;
  }

  try {
    const provider = paymentProvider(app);
    // The item's charge as the transfer's source: Stripe then sends the consultant's share from
    // that charge when its funds settle, instead of refusing while the platform's available
    // balance is short (card funds take days to become available).
    const sourceTransaction = current.paymentIntentId
      ? await provider.retrievePaymentCharge(current.paymentIntentId)
      : null;
    const sent = await provider.createTransfer(
      {
        amountCents: claimed.amountCents,
        destination: settle.destination,
        transferGroup: claimed.outlineId,
        ...(sourceTransaction ? { sourceTransaction } : {}),
        metadata: { itemId: claimed.itemId, outlineId: claimed.outlineId, consultantUserId: claimed.consultantUserId },
      },
      transferKey(claimed.itemId),
    );
    const [done] = await app.db
      .update(consultantTransfers)
      .set({ status: "paid", stripeTransferId: sent.id, paidAt: app.now(), updatedAt: app.now(), failureMessage: null })
      .where(and(eq(consultantTransfers.id, claimed.id), eq(consultantTransfers.status, "pending")))
      .returning();
    return done ?? claimed;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`The transfer of item ${claimed.itemId} failed:`, message);
    const [failed] = await app.db
      .update(consultantTransfers)
      .set({ status: "failed", failureMessage: message.slice(0, 500), updatedAt: app.now() })
      .where(and(eq(consultantTransfers.id, claimed.id), eq(consultantTransfers.status, "pending")))
      .returning();
    return failed ?? claimed;
  }
}

/**
 * Sends every held transfer of the consultant (their payouts were just enabled: P1's
 * onPayoutsEnabled calls this). Each one exactly once, however often this runs. Returns how many
 * were paid by this call.
 */
export async function releaseHeldTransfers(app: AppContext, consultantUserId: string): Promise<number> {
  const held = await app.db
    .select({ itemId: consultantTransfers.itemId })
    .from(consultantTransfers)
    .where(and(eq(consultantTransfers.consultantUserId, consultantUserId), eq(consultantTransfers.status, "held")));
  let paid = 0;
  for (const { itemId } of held) {
    const after = await sendTransfer(app, itemId, ["held"]);
    if (after?.status === "paid") paid += 1;
  }
  return paid;
}

/** How far back the sweep of missed transfers looks (its index keeps the read small). */
const MISSED_TRANSFER_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A transfer whose row was never written: the Worker died between a deliverable's approval (by a
 * member or by the daily run's automatic acceptance, docs/decisions/078) and payApprovedItem. The
 * lease sweep (every 10 minutes) writes and sends them, exactly once as any payApprovedItem call:
 * approved, paid deliverables of the last 30 days with a consultant, no refund started and no
 * transfer row, approved longer ago than STALE_PENDING_MS (an approval still in flight is left to
 * its own call). Each failure is logged and left to the next sweep. Returns how many were written.
 */
export async function recordMissedTransfers(app: AppContext): Promise<number> {
  const now = app.now().getTime();
  const missed = await app.db
    .select({ itemId: deliveryItems.id })
    .from(deliveryItems)
    .innerJoin(purchases, and(eq(purchases.id, deliveryItems.paidPurchaseId), eq(purchases.status, "paid")))
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .where(
      and(
        sql`${deliveryItems.status} = 'approved'`,
        sql`${deliveryItems.completedAt} BETWEEN ${now - MISSED_TRANSFER_WINDOW_MS} AND ${now - STALE_PENDING_MS}`,
        sql`${deliveryOutlines.consultantId} IS NOT NULL`,
        sql`NOT EXISTS (SELECT 1 FROM ${consultantTransfers} WHERE ${consultantTransfers.itemId} = ${deliveryItems.id})`,
        sql`NOT ${refundStarted(deliveryItems.id)}`,
      ),
    )
    .limit(100);
  let recorded = 0;
  for (const { itemId } of missed) {
    try {
      if (await payApprovedItem(app, itemId)) recorded += 1;
    } catch (error) {
      console.error(`The missed transfer of approved item ${itemId} could not be recorded:`, error);
    }
  }
  return recorded;
}

export type MoneyActionResult = { ok: true; msg: string } | { ok: false; status: 404 | 409 | 502; msg: string };

/** The item of this engagement with its purchase, transfer and refund (three parallel queries). */
async function loadItemMoney(app: AppContext, outlineId: string, itemId: string) {
  // In parallel, not a db.batch: D1's batch answers rows keyed by column name, so a join's
  // same-named columns (id, status) would collide.
  const [items, transfers, refunds] = await Promise.all([
    app.db
      .select({
        itemId: deliveryItems.id,
        businessId: deliveryItems.businessId,
        itemStatus: deliveryItems.status,
        purchaseId: purchases.id,
        purchaseStatus: purchases.status,
        purchaseAmountCents: purchases.amountCents,
        paymentIntentId: purchases.stripePaymentIntentId,
        disputed: sql<number>`${disputeUnsettled(deliveryItems.id)}`.mapWith((value: unknown) => Number(value) === 1),
      })
      .from(deliveryItems)
      .leftJoin(purchases, eq(purchases.id, deliveryItems.paidPurchaseId))
      .where(and(eq(deliveryItems.id, itemId), eq(deliveryItems.outlineId, outlineId)))
      .limit(1),
    app.db.select().from(consultantTransfers).where(eq(consultantTransfers.itemId, itemId)).limit(1),
    app.db.select().from(itemRefunds).where(eq(itemRefunds.itemId, itemId)).limit(1),
  ]);
  const found = items[0];
  if (!found) return null;
  const purchase =
    found.purchaseId && found.purchaseStatus && found.purchaseAmountCents !== null
      ? {
          id: found.purchaseId,
          status: found.purchaseStatus,
          amountCents: found.purchaseAmountCents,
          stripePaymentIntentId: found.paymentIntentId,
        }
      : null;
  return {
    item: { id: found.itemId, businessId: found.businessId, status: found.itemStatus },
    disputed: Boolean(found.disputed),
    purchase,
    transfer: transfers[0] ?? null,
    refund: refunds[0] ?? null,
  };
}

/** The manager's Retry of a failed (or held, or stuck) transfer. */
export async function retryTransfer(
  app: AppContext,
  actor: AuditActor,
  outlineId: string,
  itemId: string,
): Promise<MoneyActionResult> {
  const found = await loadItemMoney(app, outlineId, itemId);
  if (!found) return { ok: false, status: 404, msg: ITEM_NOT_IN_ENGAGEMENT };
  if (!found.transfer || found.transfer.status === "paid" || found.transfer.status === "reversed") {
    return { ok: false, status: 409, msg: TRANSFER_NOT_RETRYABLE };
  }
  const after = await sendTransfer(app, itemId, ["held", "failed"]);
  await recordAudit(app, {
    actor,
    action: "transfer.retried",
    businessId: found.item.businessId,
    subject: { type: "deliverable", id: itemId },
    detail: { outlineId, outcome: after?.status ?? null },
  });
  if (after?.status === "paid") return { ok: true, msg: TRANSFER_RETRIED };
  if (after?.status === "held") return { ok: false, status: 409, msg: TRANSFER_STILL_HELD };
  if (after?.status === "failed") return { ok: false, status: 502, msg: TRANSFER_RETRY_FAILED };
  return { ok: false, status: 409, msg: TRANSFER_NOT_RETRYABLE };
}

/**
 * The manager's Reverse transfer: takes a paid transfer back from the consultant's account
 * (Idempotency-Key `reverse-item-{itemId}`, so a double submit makes one reversal), after which
 * the item may be refunded.
 */
export async function reverseTransfer(
  app: AppContext,
  actor: AuditActor,
  outlineId: string,
  itemId: string,
): Promise<MoneyActionResult> {
  const found = await loadItemMoney(app, outlineId, itemId);
  if (!found) return { ok: false, status: 404, msg: ITEM_NOT_IN_ENGAGEMENT };
  const transfer = found.transfer;
  if (!transfer || transfer.status !== "paid") return { ok: false, status: 409, msg: TRANSFER_NOT_REVERSIBLE };
  // A zero share sent nothing to the consultant: there is nothing to take back (a refund of the
  // item needs no reversal, see refundItem).
  if (isNothingSent(transfer)) return { ok: false, status: 409, msg: TRANSFER_NOTHING_TO_REVERSE };
  // A dispute's split is final (docs/decisions/079): its part refunded, the rest is the consultant's.
  if (found.refund?.partial) return { ok: false, status: 409, msg: TRANSFER_OF_SETTLEMENT };
  let reversalId: string | null = null;
  if (transfer.stripeTransferId) {
    try {
      const reversal = await paymentProvider(app).createTransferReversal(
        transfer.stripeTransferId,
        { metadata: { itemId, outlineId } },
        reversalKey(itemId),
      );
      reversalId = reversal.id;
    } catch (error) {
      console.error(`The reversal of item ${itemId}'s transfer failed:`, error);
      return { ok: false, status: 502, msg: TRANSFER_REVERSAL_FAILED };
    }
  }
  const now = app.now();
  await app.db.batch([
    app.db
      .update(consultantTransfers)
      .set({ status: "reversed", stripeReversalId: reversalId, reversedAt: now, updatedAt: now })
      .where(and(eq(consultantTransfers.id, transfer.id), eq(consultantTransfers.status, "paid"))),
    // Right after the update: recorded by the call that reversed it, once.
    auditAfterChange(app, {
      actor,
      action: "transfer.reversed",
      businessId: found.item.businessId,
      subject: { type: "deliverable", id: itemId },
      detail: { outlineId, amountCents: transfer.amountCents, stripeReversalId: reversalId },
    }),
  ]);
  return { ok: true, msg: TRANSFER_REVERSED };
}

/**
 * The manager's Refund of a prepaid item that will not be delivered: a Stripe refund of the
 * item's payment (Idempotency-Key `refund-item-{itemId}`), the purchase then 'refunded'. Refused
 * while the consultant holds the money (a paid or in-progress transfer: reverse it first) or is
 * owed it (an approved item whose transfer is held or failed). One refund row per item: a double
 * submit or a race refunds once; a failed refund, or one left pending longer than STALE_PENDING_MS
 * (interrupted before Stripe answered), may be tried again. The business and the
 * consultant are notified (item_refunded) once, by the call that settles the refund.
 */
export async function refundItem(
  app: AppContext,
  actor: AuditActor,
  outlineId: string,
  itemId: string,
  /** The origin for the notice emails' links (null: in-app notices only). */
  origin: string | null = null,
  /**
   * A dispute's settlement (docs/decisions/079): the amount it refunds (all of the charge, or part
   * for a split, recorded as partial: the item is then approved and paid the rest). Only while the
   * dispute is being settled; without it, an item under dispute is not refunded (REFUND_DISPUTED).
   */
  dispute: { refundCents: number } | null = null,
): Promise<MoneyActionResult> {
  const found = await loadItemMoney(app, outlineId, itemId);
  if (!found) return { ok: false, status: 404, msg: ITEM_NOT_IN_ENGAGEMENT };
  const { item, purchase, refund } = found;
  if (!dispute && found.disputed) return { ok: false, status: 409, msg: REFUND_DISPUTED };
  let transfer = found.transfer;
  if (transfer && isNothingSent(transfer) && purchase?.status === "paid" && refund?.status !== "succeeded") {
    // The consultant holds nothing of a zero share: the transfer is closed as reversed (no Stripe
    // call, no reversal id) so that the refund may go ahead, as after a reversal.
    const now = app.now();
    const [closed] = await app.db
      .update(consultantTransfers)
      .set({ status: "reversed", reversedAt: now, updatedAt: now })
      .where(
        and(
          eq(consultantTransfers.id, transfer.id),
          eq(consultantTransfers.status, "paid"),
          eq(consultantTransfers.amountCents, 0),
          isNull(consultantTransfers.stripeTransferId),
        ),
      )
      .returning();
    transfer = closed ?? { ...transfer, status: "reversed" };
  }
  if (refund?.status === "succeeded" || purchase?.status === "refunded") {
    return { ok: false, status: 409, msg: REFUND_ALREADY };
  }
  if (!purchase || purchase.status !== "paid") return { ok: false, status: 409, msg: REFUND_NOT_PREPAID };
  if (transfer && (transfer.status === "paid" || transfer.status === "pending")) {
    return { ok: false, status: 409, msg: REFUND_AFTER_TRANSFER };
  }
  if (transfer ? transfer.status !== "reversed" : item.status === "approved") {
    return { ok: false, status: 409, msg: REFUND_APPROVED };
  }
  if (!purchase.stripePaymentIntentId) return { ok: false, status: 409, msg: REFUND_NOT_PREPAID };
  const amountCents = dispute ? dispute.refundCents : purchase.amountCents;
  const partial = amountCents < purchase.amountCents;

  const now = app.now();
  // The claim: a new row (only while no live transfer exists, and only while the item's dispute is
  // being settled by this call's settlement, or it has none unsettled), or a failed one made pending again.
  const noLiveTransfer = and(
    sql`NOT EXISTS (SELECT 1 FROM ${consultantTransfers} WHERE ${consultantTransfers.itemId} = ${itemId} AND ${consultantTransfers.status} <> 'reversed')`,
    dispute ? disputeSettlingWith(itemId, amountCents) : sql`NOT ${disputeUnsettled(itemId)}`,
  );
  const inserted = await app.db
    .insert(itemRefunds)
    .select(
      app.db
        .select({
          id: columnValue(crypto.randomUUID(), "id"),
          itemId: columnValue(itemId, "item_id"),
          outlineId: columnValue(outlineId, "outline_id"),
          businessId: columnValue(item.businessId, "business_id"),
          purchaseId: columnValue(purchase.id, "purchase_id"),
          amountCents: columnValue(amountCents, "amount_cents"),
          partial: columnValue(partial ? 1 : 0, "partial"),
          status: columnValue("pending", "status"),
          stripeRefundId: columnValue(null, "stripe_refund_id"),
          failureMessage: columnValue(null, "failure_message"),
          createdByUserId: columnValue(actor.userId, "created_by_user_id"),
          createdAt: columnValue(now.getTime(), "created_at"),
          updatedAt: columnValue(now.getTime(), "updated_at"),
        })
        .from(deliveryItems)
        .where(and(eq(deliveryItems.id, itemId), noLiveTransfer)),
    )
    .onConflictDoNothing()
    .returning({ id: itemRefunds.id });
  let claimedId = inserted[0]?.id ?? null;
  if (!claimedId) {
    // Tried again: a failed refund, or one left pending by a call that never heard Stripe's answer
    // (a crash between the claim and the answer). The same Idempotency-Key makes Stripe answer
    // with the refund it may already have made, so the money moves once either way.
    const [again] = await app.db
      .update(itemRefunds)
      .set({
        status: "pending",
        // A failed refund made nothing: this call's amount (a dispute's part after a failed plain
        // refund, or the reverse). One left pending is retried only for the same amount.
        amountCents,
        partial,
        failureMessage: null,
        createdByUserId: actor.userId,
        updatedAt: now,
      })
      .where(
        and(
          eq(itemRefunds.itemId, itemId),
          or(
            and(eq(itemRefunds.status, "failed"), isNull(itemRefunds.stripeRefundId)),
            and(
              eq(itemRefunds.status, "pending"),
              eq(itemRefunds.amountCents, amountCents),
              lt(itemRefunds.updatedAt, new Date(now.getTime() - STALE_PENDING_MS)),
            ),
          ),
          noLiveTransfer,
        ),
      )
      .returning({ id: itemRefunds.id });
    claimedId = again?.id ?? null;
  }
  if (!claimedId) {
    const [latest] = await app.db.select().from(itemRefunds).where(eq(itemRefunds.itemId, itemId)).limit(1);
    if (latest?.status === "succeeded") return { ok: false, status: 409, msg: REFUND_ALREADY };
    if (latest) return { ok: false, status: 409, msg: REFUND_IN_PROGRESS };
    return { ok: false, status: 409, msg: REFUND_APPROVED };
  }

  try {
    const made = await paymentProvider(app).createRefund(
      {
        paymentIntentId: purchase.stripePaymentIntentId,
        amountCents,
        metadata: { itemId, outlineId },
      },
      partial ? refundKey(itemId, amountCents) : refundKey(itemId),
    );
    const at = app.now();
    const [settled] = await app.db.batch([
      app.db
        .update(itemRefunds)
        .set({ status: "succeeded", stripeRefundId: made.id, updatedAt: at })
        .where(and(eq(itemRefunds.id, claimedId), eq(itemRefunds.status, "pending")))
        .returning({ id: itemRefunds.id }),
      // Right after the update: recorded by the call that settled the refund, once.
      auditAfterChange(app, {
        actor,
        action: "item.refunded",
        businessId: item.businessId,
        subject: { type: "deliverable", id: itemId },
        detail: { outlineId, amountCents, stripeRefundId: made.id, ...(partial ? { partial: true } : {}) },
      }),
      // A part refunded (a dispute's split): the purchase stays paid and the item goes on to its
      // approval. All of it: the purchase is refunded and the item stops, settled in its engagement,
      // which completes if nothing else is left.
      ...(partial
        ? []
        : [markPurchaseRefunded(app.db, purchase.id, at), ...settleRefundedItem(app, outlineId, itemId, at)]),
    ]);
    // The business's (and the consultant's) history: told once, by the call that settled the refund
    // (a dispute's settlement tells its own outcome).
    if (settled.length > 0) {
      if (!dispute) await notifyDeliverable(app, origin, itemId, ["item_refunded"]);
      // The refund's receipt to the business (once per Stripe refund: its outbox key).
      await sendRefundReceipt(
        app,
        { purchaseId: purchase.id, refundId: made.id, amountCents: made.amount, refundedAt: at },
        origin,
      );
    }
    return { ok: true, msg: REFUND_DONE };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`The refund of item ${itemId} failed:`, message);
    await app.db
      .update(itemRefunds)
      .set({ status: "failed", failureMessage: message.slice(0, 500), updatedAt: app.now() })
      .where(and(eq(itemRefunds.id, claimedId), eq(itemRefunds.status, "pending")));
    return { ok: false, status: 502, msg: REFUND_FAILED };
  }
}
