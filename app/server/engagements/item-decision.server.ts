import { billedMonthly } from "~/lib/engagements/coaching";
import { columnValue } from "~db/column-value";
import { and, eq, sql } from "drizzle-orm";
import { deliveryItemDecisions, deliveryItems, deliveryOutlines, type DeliveryOutline } from "~db/schema";
import { EMAIL_UNVERIFIED_MESSAGE } from "~/lib/identity/email-verification";
import { ITEM_NOT_FOUND, ITEM_REVIEW_OUT_OF_TURN, OUTLINE_NOT_FOUND } from "~/lib/engagements/engagement-copy";
import type { ItemReview } from "~/lib/engagements/engagement-schemas";
import { canBusinessReviewItem, completesEngagement } from "~/lib/engagements/engagement-state";
import { REVIEW_REFUNDED } from "~/lib/payouts/transfer-copy";
import { auditAfterChange, SYSTEM_ACTOR, type AuditActor } from "~/server/audit/audit.server";
import type { AppContext } from "~/server/load-context";
import { markMatchCompleted } from "~/server/matching/match-status.server";
import { payApprovedItem } from "~/server/payouts/transfers.server";
import { ownOutlineQueries } from "./deliveries.server";
import {
  itemColumnsWithRefundAndDispute,
  refundStarted,
  type DeliveryItemWithRefundAndDispute,
} from "./item-refunds.server";

/**
 * The one decision on a delivered deliverable, whoever makes it: a member of the business
 * (item-review.server.ts), the daily run (review-deadlines.server.ts, docs/decisions/078) or the
 * engagement manager settling a dispute (disputes.server.ts, docs/decisions/079).
 */

/** The business's outline and its items, in one db.batch. */
export async function loadOwnOutline(app: AppContext, businessId: string, outlineId: string) {
  const [outlines, items] = await app.db.batch(ownOutlineQueries(app, businessId, outlineId));
  return { outline: outlines[0] ?? null, items };
}

/** What an approval leads to, as the audit trail says it. */
const REVIEW_NEXT_WORDS: Record<ItemReview["action"], string> = {
  prepay: "Prepay the next deliverable",
  pause: "Pause the engagement",
  revise: "Revise",
};

/**
 * Who decides: a member of the business, nobody (the automatic acceptance on day 14, ADR 078), or
 * the engagement manager settling a dispute (ADR 079: the review is then `disputed`, not pending).
 */
export type ItemDecider = { userId: string; emailVerified: boolean } | null | { settlement: true; actor: AuditActor };

export type ItemDecision =
  | { ok: false; status: 403 | 404 | 409; msg: string }
  | {
      ok: true;
      item: DeliveryItemWithRefundAndDispute;
      /** The outline and its items after the decision. */
      outline: DeliveryOutline;
      items: DeliveryItemWithRefundAndDispute[];
      /** The decision approved the last item: the outline and its match are complete. */
      completed: boolean;
    };

/**
 * The one decision on a delivered item, by a member (reviewDeliveryItem) or by the clock
 * (acceptSilentDelivery), only while its review is pending (else 409 ITEM_REVIEW_OUT_OF_TURN):
 * - prepay: approved, and the caller opens the next item's checkout;
 * - pause: approved, and the engagement pauses (paused_at) until the next prepayment;
 * - revise: the item goes back to the consultant with the notes (required).
 * Approving the last item completes the outline (complete, completed_at, state complete) and its
 * match (completed). Everything is ONE db.batch whose statements all hang on the decision row,
 * itself inserted only while the item's review is pending, so a double submission, a race of two
 * members or of a member and the clock decides once; the caller that decided sends the notices.
 */
export async function decideDeliveredItem(
  app: AppContext,
  businessId: string,
  input: ItemReview,
  decider: ItemDecider,
): Promise<ItemDecision> {
  const { outline, items } = await loadOwnOutline(app, businessId, input.outlineId);
  if (!outline) return { ok: false, status: 404, msg: OUTLINE_NOT_FOUND };
  const item = items.find((row) => row.id === input.itemId);
  if (!item) return { ok: false, status: 404, msg: ITEM_NOT_FOUND };
  // A refunded item is never approved or sent back (nothing is written for it).
  if (item.refunded) return { ok: false, status: 409, msg: REVIEW_REFUNDED };
  const settlement = decider !== null && "settlement" in decider ? decider : null;
  const member = decider !== null && "emailVerified" in decider ? decider : null;
  // The review the decision waits on: the business's (pending), or a dispute's settlement (disputed).
  const review = settlement ? "disputed" : "pending";
  const waiting = settlement
    ? item.status === "delivered" && item.businessDeliveryReview === "disputed"
    : canBusinessReviewItem(item);
  if (outline.complete || !waiting) {
    return { ok: false, status: 409, msg: ITEM_REVIEW_OUT_OF_TURN };
  }

  const approve = input.action !== "revise";
  const completes = approve && completesEngagement(items, item.id, outline);
  // "Approve and prepay the next" pays: it waits for a verified email (docs/decisions/070), refused
  // before anything is written, so the approval is not made without the payment it asked for.
  if (input.action === "prepay" && !completes && member && !member.emailVerified) {
    return { ok: false, status: 403, msg: EMAIL_UNVERIFIED_MESSAGE };
  }
  const decisionId = crypto.randomUUID();
  const now = app.now();
  const at = now.getTime();
  const pending = and(
    eq(deliveryItems.id, item.id),
    eq(deliveryItems.businessId, businessId),
    eq(deliveryItems.status, "delivered"),
    eq(deliveryItems.businessDeliveryReview, review),
    // A refund started meanwhile stops the decision too.
    sql`NOT ${refundStarted(item.id)}`,
  );
  const decided = sql`EXISTS (SELECT 1 FROM ${deliveryItemDecisions} WHERE ${deliveryItemDecisions.id} = ${decisionId})`;
  const own = and(eq(deliveryOutlines.id, outline.id), eq(deliveryOutlines.businessId, businessId));

  const insertDecision = app.db
    .insert(deliveryItemDecisions)
    .select(
      app.db
        .select({
          id: columnValue(decisionId, "id"),
          itemId: columnValue(item.id, "item_id"),
          outlineId: columnValue(outline.id, "outline_id"),
          businessId: columnValue(businessId, "business_id"),
          decidedByUserId: columnValue(member?.userId ?? settlement?.actor.userId ?? null, "decided_by_user_id"),
          decision: columnValue(input.decision, "decision"),
          decisionAction: columnValue(input.action, "decision_action"),
          businessNotes: columnValue(input.notes, "business_notes"),
          automatic: columnValue(decider === null ? 1 : 0, "automatic"),
          // The follow-up of a prepay is the next payment (marked done by its fulfilment).
          complete: columnValue(input.action === "prepay" && !completes ? 0 : 1, "complete"),
          createdAt: columnValue(at, "created_at"),
        })
        .from(deliveryItems)
        .where(pending),
    )
    .returning({ id: deliveryItemDecisions.id });
  const updateItem = app.db
    .update(deliveryItems)
    .set(
      approve
        ? { status: "approved", businessDeliveryReview: "approved", completedAt: now, updatedAt: now }
        : {
            status: "revision",
            businessDeliveryReview: "revision",
            consultantConfirmedDelivery: false,
            updatedAt: now,
          },
    )
    .where(and(eq(deliveryItems.id, item.id), eq(deliveryItems.status, "delivered"), decided));
  const updateOutline = app.db
    .update(deliveryOutlines)
    .set(
      !approve
        ? { updatedAt: now }
        : completes
          ? {
              complete: true,
              state: "complete",
              completedAt: now,
              activeItemId: null,
              pausedAt: null,
              updatedAt: now,
            }
          : {
              activeItemId: null,
              // A retainer's months are billed on their dates: nothing to pause (docs/decisions/082).
              pausedAt: input.action === "pause" && !billedMonthly(outline.kind) ? now : null,
              updatedAt: now,
            },
    )
    .where(
      and(
        own,
        decided,
        completes
          ? and(
              eq(deliveryOutlines.complete, false),
              // Every item settled: approved, or refunded (a refunded item is never approved).
              sql`NOT EXISTS (SELECT 1 FROM ${deliveryItems} WHERE ${deliveryItems.outlineId} = ${outline.id} AND ${deliveryItems.status} <> 'approved' AND NOT ${refundStarted(deliveryItems.id)})`,
            )
          : undefined,
      ),
    )
    .returning({ id: deliveryOutlines.id });
  const completeMatch = markMatchCompleted(
    app.db,
    { id: outline.matchRequestId, businessId },
    now,
    sql`EXISTS (SELECT 1 FROM ${deliveryOutlines} WHERE ${deliveryOutlines.id} = ${outline.id} AND ${deliveryOutlines.complete} = 1)`,
    decided,
  );
  const readOutline = app.db.select().from(deliveryOutlines).where(own);
  const readItems = app.db
    .select(itemColumnsWithRefundAndDispute())
    .from(deliveryItems)
    .where(and(eq(deliveryItems.outlineId, outline.id), eq(deliveryItems.businessId, businessId)));

  const audit = auditAfterChange(app, {
    actor: member ? { userId: member.userId, kind: "client" } : (settlement?.actor ?? SYSTEM_ACTOR),
    action: !approve ? "item.revision_requested" : decider ? "item.approved" : "item.accepted_automatically",
    businessId,
    subject: { type: "deliverable", id: item.id },
    detail: {
      title: item.title,
      ...(approve ? { amountCents: item.priceCents, next: REVIEW_NEXT_WORDS[input.action] } : {}),
      ...(input.notes ? { notes: input.notes } : {}),
    },
  });
  const [inserted, , , changedOutline, , after, itemsAfter] = await app.db.batch([
    insertDecision,
    audit,
    updateItem,
    updateOutline,
    completeMatch,
    readOutline,
    readItems,
  ]);
  if (inserted.length === 0) return { ok: false, status: 409, msg: ITEM_REVIEW_OUT_OF_TURN };
  return {
    ok: true,
    item,
    outline: after[0] ?? outline,
    items: itemsAfter as DeliveryItemWithRefundAndDispute[],
    completed: completes && changedOutline.length > 0,
  };
}

/**
 * The consultant's transfer for an approved item (held until their payouts are enabled; once per
 * item, payApprovedItem); a failure is recorded on the transfer for the manager's retry and never
 * undoes the decision.
 */
export async function releaseApprovedItem(app: AppContext, itemId: string) {
  try {
    await payApprovedItem(app, itemId);
  } catch (error) {
    console.error(`The transfer of approved item ${itemId} could not be recorded:`, error);
  }
}
