import { and, asc, eq, lt, sql } from "drizzle-orm";
import { columnValue } from "~db/column-value";
import {
  deliverableDisputes,
  deliveryItemDecisions,
  deliveryItems,
  deliveryOutlines,
  itemRefunds,
  purchases,
} from "~db/schema";
import { ITEM_NOT_FOUND, ITEM_REVIEW_OUT_OF_TURN, OUTLINE_NOT_FOUND } from "~/lib/engagements/engagement-copy";
import {
  DISPUTE_ALREADY,
  DISPUTE_ALREADY_SETTLED,
  DISPUTE_NEEDS_REVISION,
  DISPUTE_NOTHING_CHARGED,
  DISPUTE_NOT_OPEN,
  DISPUTE_OPENED,
  DISPUTE_REFUND_FAILED,
  DISPUTE_SETTLED,
  DISPUTE_SETTLING,
  disputeSettlement,
  settleRefundRange,
  type DisputeSettlement,
} from "~/lib/engagements/disputes";
import { canBusinessReviewItem } from "~/lib/engagements/engagement-state";
import { STALE_PENDING_MS } from "~/lib/payouts/transfer-rules";
import { REVIEW_REFUNDED } from "~/lib/payouts/transfer-copy";
import type { DisputeOutcome } from "~db/enums";
import { auditAfterChange, type AuditActor } from "~/server/audit/audit.server";
import type { AppContext } from "~/server/load-context";
import { refundItem } from "~/server/payouts/transfers.server";
import { notifyDeliverable, type DeliverableNoticeKind } from "./deliverable-notices.server";
import { ownOutlineQueries } from "./deliveries.server";
import { decideDeliveredItem, releaseApprovedItem } from "./item-decision.server";
import { refundStarted } from "./item-refunds.server";

/**
 * Disputes over delivered deliverables (issue #40 item 2, docs/decisions/079). The engagements
 * domain owns deliverable_disputes; the money of a settlement moves through the payouts domain's
 * refundItem and payApprovedItem (each exactly once by its own claim and Idempotency-Key), and the
 * approval through decideDeliveredItem, so a settlement is a sequence of steps each safe to run
 * again: a settlement interrupted anywhere is finished by running it again (the manager's "Finish
 * the settlement", or the lease sweep).
 */

export type DisputeResult = { ok: true; msg: string } | { ok: false; status: 403 | 404 | 409 | 502; msg: string };

/** Who may open a dispute: the business's owner or admin (the route checks the role). */
export type DisputeOpener = { userId: string; businessId: string };

/**
 * The business opens a dispute over a delivered item waiting for its review, after at least one
 * revision, instead of another. One batch hanging on the dispute row, inserted only while the item
 * waits for the review and has had a revision: the review becomes `disputed` (the automatic
 * acceptance stops: its run reads pending reviews only, and no member can approve it), recorded in
 * the audit trail; the consultant and the manager are told. A race with a review or a second
 * dispute makes one of them.
 */
export async function openDispute(
  app: AppContext,
  opener: DisputeOpener,
  input: { outlineId: string; itemId: string; reason: string },
  origin: string | null,
): Promise<DisputeResult> {
  const { businessId } = opener;
  const [outlineQuery, itemQuery] = ownOutlineQueries(app, businessId, input.outlineId);
  const [outlines, items] = await app.db.batch([outlineQuery, itemQuery]);
  const outline = outlines[0];
  if (!outline) return { ok: false, status: 404, msg: OUTLINE_NOT_FOUND };
  const item = items.find((row) => row.id === input.itemId);
  if (!item) return { ok: false, status: 404, msg: ITEM_NOT_FOUND };
  if (item.refunded) return { ok: false, status: 409, msg: REVIEW_REFUNDED };
  if (item.dispute) return { ok: false, status: 409, msg: DISPUTE_ALREADY };
  if (outline.complete || !canBusinessReviewItem(item)) return { ok: false, status: 409, msg: ITEM_REVIEW_OUT_OF_TURN };

  const disputeId = crypto.randomUUID();
  const now = app.now();
  const revised = sql`EXISTS (SELECT 1 FROM ${deliveryItemDecisions} WHERE ${deliveryItemDecisions.itemId} = ${item.id} AND ${deliveryItemDecisions.decision} = 'revision')`;
  const [inserted] = await app.db.batch([
    app.db
      .insert(deliverableDisputes)
      .select(
        app.db
          .select({
            id: columnValue(disputeId, "id"),
            itemId: columnValue(item.id, "item_id"),
            outlineId: columnValue(outline.id, "outline_id"),
            businessId: columnValue(businessId, "business_id"),
            reason: columnValue(input.reason, "reason"),
            openedByUserId: columnValue(opener.userId, "opened_by_user_id"),
            openedAt: columnValue(now.getTime(), "opened_at"),
            status: columnValue("open", "status"),
            outcome: columnValue(null, "outcome"),
            chargedCents: columnValue(null, "charged_cents"),
            refundCents: columnValue(null, "refund_cents"),
            transferCents: columnValue(null, "transfer_cents"),
            feeCents: columnValue(null, "fee_cents"),
            decision: columnValue(null, "decision"),
            settledByUserId: columnValue(null, "settled_by_user_id"),
            settledAt: columnValue(null, "settled_at"),
            updatedAt: columnValue(now.getTime(), "updated_at"),
          })
          .from(deliveryItems)
          .where(
            and(
              eq(deliveryItems.id, item.id),
              eq(deliveryItems.businessId, businessId),
              eq(deliveryItems.status, "delivered"),
              eq(deliveryItems.businessDeliveryReview, "pending"),
              sql`NOT ${refundStarted(item.id)}`,
              revised,
            ),
          ),
      )
      .onConflictDoNothing()
      .returning({ id: deliverableDisputes.id }),
    app.db
      .update(deliveryItems)
      .set({ businessDeliveryReview: "disputed", updatedAt: now })
      .where(
        and(
          eq(deliveryItems.id, item.id),
          sql`EXISTS (SELECT 1 FROM ${deliverableDisputes} WHERE ${deliverableDisputes.id} = ${disputeId})`,
        ),
      ),
    auditAfterChange(app, {
      actor: { userId: opener.userId, kind: "client" },
      action: "item.disputed",
      businessId,
      subject: { type: "deliverable", id: item.id },
      detail: { title: item.title, reason: input.reason },
    }),
  ]);
  if (inserted.length === 0) {
    // Why not: a dispute made meanwhile, no revision yet, or the review decided meanwhile.
    const [latest] = await app.db
      .select({
        review: deliveryItems.businessDeliveryReview,
        status: deliveryItems.status,
        revised: sql<number>`${revised}`.mapWith(Number),
      })
      .from(deliveryItems)
      .where(eq(deliveryItems.id, item.id));
    if (latest?.review === "disputed") return { ok: false, status: 409, msg: DISPUTE_ALREADY };
    if (latest?.status === "delivered" && latest.review === "pending" && latest.revised === 0)
      return { ok: false, status: 409, msg: DISPUTE_NEEDS_REVISION };
    return { ok: false, status: 409, msg: ITEM_REVIEW_OUT_OF_TURN };
  }
  await notifyDeliverable(app, origin, item.id, ["item_disputed"]);
  return { ok: true, msg: DISPUTE_OPENED };
}

/** The item's dispute with its engagement's business and the item's charge (one query). */
async function loadDispute(app: AppContext, outlineId: string, itemId: string) {
  const [row] = await app.db
    .select({
      dispute: deliverableDisputes,
      purchaseStatus: purchases.status,
      purchaseAmountCents: purchases.amountCents,
    })
    .from(deliverableDisputes)
    .innerJoin(deliveryItems, eq(deliveryItems.id, deliverableDisputes.itemId))
    .leftJoin(purchases, eq(purchases.id, deliveryItems.paidPurchaseId))
    .where(and(eq(deliverableDisputes.itemId, itemId), eq(deliverableDisputes.outlineId, outlineId)))
    .limit(1);
  return row ?? null;
}

/** The settlement a dispute row carries (status settling or settled), or null while open. */
function settlementOf(dispute: typeof deliverableDisputes.$inferSelect): DisputeSettlement | null {
  if (!dispute.outcome || dispute.chargedCents === null) return null;
  return {
    outcome: dispute.outcome,
    chargedCents: dispute.chargedCents,
    refundCents: dispute.refundCents ?? 0,
    transferCents: dispute.transferCents ?? 0,
    feeCents: dispute.feeCents ?? 0,
  };
}

/**
 * The manager settles an open dispute: release in full, refund in full, or split (`refundCents`
 * back to the business; the rest kept, its platform fee scaled to it, the remainder transferred),
 * with a written decision. The claim (open → settling, with the settlement's amounts fixed) makes
 * one settlement of any number of concurrent calls; then finishSettlement moves the money.
 */
export async function settleDispute(
  app: AppContext,
  actor: Extract<AuditActor, { userId: string }>,
  outlineId: string,
  itemId: string,
  input: { outcome: DisputeOutcome; refundCents: number | null; decision: string },
  origin: string | null,
): Promise<DisputeResult> {
  const found = await loadDispute(app, outlineId, itemId);
  if (!found) return { ok: false, status: 404, msg: DISPUTE_NOT_OPEN };
  if (found.dispute.status === "settled") return { ok: false, status: 409, msg: DISPUTE_ALREADY_SETTLED };
  if (found.dispute.status === "settling") return { ok: false, status: 409, msg: DISPUTE_SETTLING };
  const charged = found.purchaseStatus === "paid" ? (found.purchaseAmountCents ?? 0) : 0;
  const settlement = disputeSettlement(input.outcome, charged, input.refundCents, app.env.PLATFORM_FEE_PERCENT);
  // Nothing charged (a free deliverable) can only be released.
  if (charged === 0 && input.outcome !== "release") return { ok: false, status: 409, msg: DISPUTE_NOTHING_CHARGED };
  if (!settlement) return { ok: false, status: 409, msg: settleRefundRange(charged) };
  const now = app.now();
  const [claimed] = await app.db
    .update(deliverableDisputes)
    .set({
      status: "settling",
      outcome: settlement.outcome,
      chargedCents: settlement.chargedCents,
      refundCents: settlement.refundCents,
      transferCents: settlement.transferCents,
      feeCents: settlement.feeCents,
      decision: input.decision,
      settledByUserId: actor.userId,
      updatedAt: now,
    })
    .where(and(eq(deliverableDisputes.id, found.dispute.id), eq(deliverableDisputes.status, "open")))
    .returning();
  if (!claimed) {
    const again = await loadDispute(app, outlineId, itemId);
    return again?.dispute.status === "settled"
      ? { ok: false, status: 409, msg: DISPUTE_ALREADY_SETTLED }
      : { ok: false, status: 409, msg: DISPUTE_SETTLING };
  }
  return finishSettlement(app, actor, claimed, origin);
}

/**
 * The manager's "Finish the settlement" of a dispute left settling (its refund failed, or the
 * Worker died in the middle): the same steps again, with the amounts fixed by the claim.
 */
export async function finishDisputeSettlement(
  app: AppContext,
  actor: Extract<AuditActor, { userId: string }> | Extract<AuditActor, { userId: null }>,
  outlineId: string,
  itemId: string,
  origin: string | null,
): Promise<DisputeResult> {
  const found = await loadDispute(app, outlineId, itemId);
  if (!found) return { ok: false, status: 404, msg: DISPUTE_NOT_OPEN };
  if (found.dispute.status === "settled") return { ok: false, status: 409, msg: DISPUTE_ALREADY_SETTLED };
  if (found.dispute.status === "open") return { ok: false, status: 409, msg: DISPUTE_NOT_OPEN };
  return finishSettlement(app, actor, found.dispute, origin);
}

/**
 * The steps of a claimed settlement, each exactly once however often this runs, concurrently too:
 * 1. the refund (all or part of the charge) through refundItem: one item_refunds row (its claim
 *    requires this dispute settling with that amount) and the Idempotency-Key refund-item-{id};
 * 2. unless all was refunded, the approval (decideDeliveredItem from `disputed`: the engagement
 *    pauses before the next deliverable, or completes) and the transfer (payApprovedItem: the rest
 *    less the fee, once per item);
 * 3. the dispute settled (settling → settled), audited, and both parties told (and told that the
 *    engagement is complete when the settlement completed it), by the one call whose update
 *    settled it.
 * A failed refund stops at step 1 (the dispute stays settling; DISPUTE_REFUND_FAILED).
 */
async function finishSettlement(
  app: AppContext,
  actor: AuditActor,
  dispute: typeof deliverableDisputes.$inferSelect,
  origin: string | null,
): Promise<DisputeResult> {
  const settlement = settlementOf(dispute);
  if (!settlement) return { ok: false, status: 409, msg: DISPUTE_NOT_OPEN };
  const { itemId, outlineId, businessId } = dispute;

  if (settlement.refundCents > 0) {
    await refundItem(app, actor, outlineId, itemId, origin, { refundCents: settlement.refundCents });
    const [refund] = await app.db
      .select({ status: itemRefunds.status })
      .from(itemRefunds)
      .where(eq(itemRefunds.itemId, itemId))
      .limit(1);
    if (refund?.status === "pending") return { ok: false, status: 409, msg: DISPUTE_SETTLING };
    if (refund?.status !== "succeeded") return { ok: false, status: 502, msg: DISPUTE_REFUND_FAILED };
  }

  if (settlement.outcome !== "refund") {
    // The approval in the name of the manager who settled it (the lease sweep finishes it as such;
    // the system's, when that account is gone).
    const manager: AuditActor =
      actor.userId !== null
        ? actor
        : dispute.settledByUserId
          ? { userId: dispute.settledByUserId, kind: "manager" }
          : actor;
    await decideDeliveredItem(
      app,
      businessId,
      { outlineId, itemId, action: "pause", decision: "approved", notes: "" },
      { settlement: true, actor: manager },
    );
    const [item] = await app.db
      .select({ status: deliveryItems.status })
      .from(deliveryItems)
      .where(eq(deliveryItems.id, itemId));
    if (item?.status !== "approved") return { ok: false, status: 409, msg: DISPUTE_SETTLING };
    await releaseApprovedItem(app, itemId);
  }

  const at = app.now();
  const [settled, , outlines] = await app.db.batch([
    app.db
      .update(deliverableDisputes)
      .set({ status: "settled", settledAt: at, updatedAt: at })
      .where(and(eq(deliverableDisputes.id, dispute.id), eq(deliverableDisputes.status, "settling")))
      .returning({ id: deliverableDisputes.id }),
    auditAfterChange(app, {
      actor,
      action: "dispute.settled",
      businessId,
      subject: { type: "deliverable", id: itemId },
      detail: { outlineId, ...settlement, decision: dispute.decision },
    }),
    // Whether the settlement completed the engagement (its last item approved or refunded since
    // the claim, by whichever call of the steps did it).
    app.db
      .select({ complete: deliveryOutlines.complete, completedAt: deliveryOutlines.completedAt })
      .from(deliveryOutlines)
      .where(eq(deliveryOutlines.id, outlineId)),
  ]);
  if (settled.length === 0) return { ok: false, status: 409, msg: DISPUTE_ALREADY_SETTLED };
  const outline = outlines[0];
  const completed = Boolean(
    outline?.complete && outline.completedAt && outline.completedAt.getTime() >= dispute.updatedAt.getTime(),
  );
  const kinds: DeliverableNoticeKind[] = completed ? ["dispute_settled", "engagement_completed"] : ["dispute_settled"];
  await notifyDeliverable(app, origin, itemId, kinds, { settlement, decision: dispute.decision ?? "" });
  return { ok: true, msg: DISPUTE_SETTLED };
}

/**
 * The lease sweep (every 10 minutes): settlements a Worker left half-done (settling for longer
 * than STALE_PENDING_MS, and not stopped by a failed refund, which waits for the manager) are
 * finished. Returns how many were settled.
 */
export async function finishStaleSettlements(app: AppContext): Promise<number> {
  const staleBefore = new Date(app.now().getTime() - STALE_PENDING_MS);
  const stale = await app.db
    .select({ itemId: deliverableDisputes.itemId, outlineId: deliverableDisputes.outlineId })
    .from(deliverableDisputes)
    .where(
      and(
        eq(deliverableDisputes.status, "settling"),
        lt(deliverableDisputes.updatedAt, staleBefore),
        sql`NOT EXISTS (SELECT 1 FROM ${itemRefunds} WHERE ${itemRefunds.itemId} = ${deliverableDisputes.itemId} AND ${itemRefunds.status} = 'failed')`,
      ),
    )
    .orderBy(asc(deliverableDisputes.updatedAt))
    .limit(50);
  let done = 0;
  for (const { itemId, outlineId } of stale) {
    try {
      const result = await finishDisputeSettlement(app, { userId: null, kind: "system" }, outlineId, itemId, null);
      if (result.ok) done += 1;
    } catch (error) {
      console.error(`The settlement of the dispute over item ${itemId} could not be finished:`, error);
    }
  }
  return done;
}
