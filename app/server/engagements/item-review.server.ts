import { columnValue } from "~db/column-value";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, sql } from "drizzle-orm";
import { deliveryItemDecisions, deliveryItems, deliveryOutlines, type DeliveryOutline } from "~db/schema";
import {
  PrepayFormSchema,
  type DeliverableIntent,
  type DeliverablesActionData,
} from "~/lib/engagements/deliverable-forms";
import {
  ITEM_NOT_FOUND,
  ITEM_REVIEW_OUT_OF_TURN,
  ITEM_REVIEW_SENT,
  ITEM_UPDATE_FAILED,
  NOTHING_TO_PREPAY,
  OUTLINE_NOT_FOUND,
  RATE_CONSULTANT_THANKS,
  RATE_NOT_YET,
} from "~/lib/engagements/engagement-copy";
import {
  ItemReviewFormSchema,
  itemReviewOfForm,
  RateConsultantFormSchema,
  type ItemReview,
} from "~/lib/engagements/engagement-schemas";
import { canBusinessReviewItem, completesEngagement, nextItemToPrepay } from "~/lib/engagements/engagement-state";
import { markMatchCompleted } from "~/server/matching/match-status.server";
import type { ClientViewer } from "~/server/identity/session.server";
import { auditAfterChange, SYSTEM_ACTOR } from "~/server/audit/audit.server";
import type { AppContext } from "~/server/load-context";
import { saveMatchFeedback } from "~/server/matching/match-feedback.server";
import { startOneOffCheckout, type CheckoutViewer } from "~/server/payments/checkout.server";
import { EMAIL_UNVERIFIED_MESSAGE } from "~/lib/identity/email-verification";
import { appOrigin } from "~/server/platform/app-origin.server";
import { payApprovedItem } from "~/server/payouts/transfers.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { notifyDeliverable, type DeliverableNoticeKind } from "./deliverable-notices.server";
import { ownOutlineQueries } from "./deliveries.server";
import { itemColumnsWithRefund, refundStarted, type DeliveryItemWithRefund } from "./item-refunds.server";
import { REVIEW_REFUNDED } from "~/lib/payouts/transfer-copy";

export type ItemReviewResult =
  | { ok: true; outline: DeliveryOutline; checkoutUrl: string | null }
  | { ok: false; status: 403 | 404 | 409; msg: string };

/** The business's outline and its items, in one db.batch. */
async function loadOwnOutline(app: AppContext, businessId: string, outlineId: string) {
  const [outlines, items] = await app.db.batch(ownOutlineQueries(app, businessId, outlineId));
  return { outline: outlines[0] ?? null, items };
}

/** What an approval leads to, as the audit trail says it. */
const REVIEW_NEXT_WORDS: Record<ItemReview["action"], string> = {
  prepay: "Prepay the next deliverable",
  pause: "Pause the engagement",
  revise: "Revise",
};

/** Who decides: a member of the business, or nobody (the automatic acceptance on day 14, ADR 078). */
export type ItemDecider = { userId: string; emailVerified: boolean } | null;

export type ItemDecision =
  | { ok: false; status: 403 | 404 | 409; msg: string }
  | {
      ok: true;
      item: DeliveryItemWithRefund;
      /** The outline and its items after the decision. */
      outline: DeliveryOutline;
      items: DeliveryItemWithRefund[];
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
  if (outline.complete || !canBusinessReviewItem(item)) {
    return { ok: false, status: 409, msg: ITEM_REVIEW_OUT_OF_TURN };
  }

  const approve = input.action !== "revise";
  const completes = approve && completesEngagement(items, item.id);
  // "Approve and prepay the next" pays: it waits for a verified email (docs/decisions/070), refused
  // before anything is written, so the approval is not made without the payment it asked for.
  if (input.action === "prepay" && !completes && decider && !decider.emailVerified) {
    return { ok: false, status: 403, msg: EMAIL_UNVERIFIED_MESSAGE };
  }
  const decisionId = crypto.randomUUID();
  const now = app.now();
  const at = now.getTime();
  const pending = and(
    eq(deliveryItems.id, item.id),
    eq(deliveryItems.businessId, businessId),
    eq(deliveryItems.status, "delivered"),
    eq(deliveryItems.businessDeliveryReview, "pending"),
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
          decidedByUserId: columnValue(decider?.userId ?? null, "decided_by_user_id"),
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
              pausedAt: input.action === "pause" ? now : null,
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
    .select(itemColumnsWithRefund())
    .from(deliveryItems)
    .where(and(eq(deliveryItems.outlineId, outline.id), eq(deliveryItems.businessId, businessId)));

  const audit = auditAfterChange(app, {
    actor: decider ? { userId: decider.userId, kind: "client" } : SYSTEM_ACTOR,
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
    items: itemsAfter as DeliveryItemWithRefund[],
    completed: completes && changedOutline.length > 0,
  };
}

/**
 * PUT /api/delivery-outline/business/item-review and the review dialog: a member decides on a
 * delivered item (decideDeliveredItem); an approval releases the consultant's transfer, the
 * notices go out, and "prepay" opens the next item's checkout (its url returned).
 */
export async function reviewDeliveryItem(
  app: AppContext,
  viewer: CheckoutViewer,
  input: ItemReview,
  origin: string,
): Promise<ItemReviewResult> {
  const decision = await decideDeliveredItem(app, viewer.business.id, input, {
    userId: viewer.user.id,
    emailVerified: viewer.user.emailVerified,
  });
  if (!decision.ok) return decision;
  const { item, outline, completed } = decision;
  const approve = input.action !== "revise";

  if (approve) await releaseApprovedItem(app, item.id);

  const kinds: DeliverableNoticeKind[] = !approve
    ? ["item_revision"]
    : completed
      ? ["engagement_completed"]
      : input.action === "pause"
        ? ["item_paused"]
        : ["item_approved"];
  await notifyDeliverable(app, origin, item.id, kinds);

  let checkoutUrl: string | null = null;
  if (input.action === "prepay" && !completed) {
    const next = nextItemToPrepay(outline, decision.items);
    if (next) {
      try {
        const started = await startOneOffCheckout(
          app,
          viewer,
          "delivery_item",
          { itemId: next.id, outlineId: outline.id },
          origin,
        );
        if (started.ok) checkoutUrl = started.url;
        else console.warn(`The next item's checkout could not start: ${started.msg}`);
      } catch (error) {
        // The decision stands; the panel offers the next item's Prepay again.
        console.error("The next item's checkout could not start:", error);
      }
    }
  }
  return { ok: true, outline, checkoutUrl };
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

// ---------------------------------------------------------------------------------------------
// The engagement panel's page action (the /features and /engagement-portal actions call it)
// ---------------------------------------------------------------------------------------------

/**
 * What a deliverable's form comes to (ADR 019: the route turns it into the answer): the panel's
 * Conform reply with its status (400 with the form's errors on bad input, 404/409 with the reason as
 * a form error, 500 with the spec's ITEM_UPDATE_FAILED), or the checkout to go to.
 */
export type DeliverableResult =
  { kind: "reply"; status: number; data: DeliverablesActionData } | { kind: "checkout"; url: string };

/** One deliverable intent's handler; the caller has read the form and checked the session (requireClientBusiness). */
type DeliverableHandler = (
  app: AppContext,
  viewer: ClientViewer,
  formData: FormData,
  request: Request,
) => Promise<DeliverableResult>;

const answer = (data: DeliverablesActionData, status = 200): DeliverableResult => ({ kind: "reply", status, data });

function failedReply(intent: DeliverableIntent, error: unknown) {
  console.error(`The ${intent} of a deliverable failed:`, error);
  return answer({ intent, result: formErrorReply(ITEM_UPDATE_FAILED), message: null, failed: true }, 500);
}

/** intent=review-item (ItemReviewFormSchema): reviewDeliveryItem; a prepay decision goes to the next item's checkout. */
const reviewItemFromForm: DeliverableHandler = async (app, viewer, formData, request) => {
  const intent = "review-item";
  const origin = appOrigin(app, request);
  // Every field is a string; without Conform's coercion an empty notes box stays "" (optional).
  const submission = parseWithZod(formData, { schema: ItemReviewFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    return answer({ intent, result: submission.reply(), message: null, failed: false }, 400);
  }
  const review = itemReviewOfForm(submission.value);
  try {
    const result = await reviewDeliveryItem(app, viewer, review, origin);
    if (!result.ok) {
      return answer(
        { intent, result: submission.reply({ formErrors: [result.msg] }), message: null, failed: false },
        result.status,
      );
    }
    if (result.checkoutUrl) return { kind: "checkout", url: result.checkoutUrl };
    const message = result.outline.complete ? ITEM_REVIEW_SENT.complete : ITEM_REVIEW_SENT[review.action];
    return answer({ intent, result: submission.reply({ resetForm: true }), message, failed: false });
  } catch (error) {
    return failedReply(intent, error);
  }
};

/** intent=prepay ({intent, deliveryOutlineId}): the checkout of nextItemToPrepay. */
const prepayFromForm: DeliverableHandler = async (app, viewer, formData, request) => {
  const intent = "prepay";
  const origin = appOrigin(app, request);
  const submission = parseWithZod(formData, { schema: PrepayFormSchema });
  if (submission.status !== "success") {
    return answer({ intent, result: submission.reply(), message: null, failed: false }, 400);
  }
  try {
    const { outline, items } = await loadOwnOutline(app, viewer.business.id, submission.value.deliveryOutlineId);
    if (!outline) {
      return answer(
        { intent, result: submission.reply({ formErrors: [OUTLINE_NOT_FOUND] }), message: null, failed: false },
        404,
      );
    }
    const next = nextItemToPrepay(outline, items);
    if (!next) {
      return answer(
        { intent, result: submission.reply({ formErrors: [NOTHING_TO_PREPAY] }), message: null, failed: false },
        409,
      );
    }
    const started = await startOneOffCheckout(
      app,
      viewer,
      "delivery_item",
      { itemId: next.id, outlineId: outline.id },
      origin,
    );
    if (!started.ok) {
      return answer(
        { intent, result: submission.reply({ formErrors: [started.msg] }), message: null, failed: false },
        started.status,
      );
    }
    return { kind: "checkout", url: started.url };
  } catch (error) {
    return failedReply(intent, error);
  }
};

/**
 * intent=rate (RateConsultantFormSchema): the match's feedback (which the matching engine reads),
 * once the engagement is complete.
 */
const rateFromForm: DeliverableHandler = async (app, viewer, formData) => {
  const intent = "rate";
  const submission = parseWithZod(formData, { schema: RateConsultantFormSchema });
  if (submission.status !== "success") {
    return answer({ intent, result: submission.reply(), message: null, failed: false }, 400);
  }
  try {
    const { matchId, clientSatisfaction, clientFeedback } = submission.value;
    const [outline] = await app.db
      .select({ complete: deliveryOutlines.complete })
      .from(deliveryOutlines)
      .where(and(eq(deliveryOutlines.matchRequestId, matchId), eq(deliveryOutlines.businessId, viewer.business.id)));
    if (!outline) {
      return answer(
        { intent, result: submission.reply({ formErrors: [OUTLINE_NOT_FOUND] }), message: null, failed: false },
        404,
      );
    }
    if (!outline.complete) {
      return answer(
        { intent, result: submission.reply({ formErrors: [RATE_NOT_YET] }), message: null, failed: false },
        409,
      );
    }
    const saved = await saveMatchFeedback(app, viewer, { matchId, clientSatisfaction, clientFeedback });
    if (!saved.ok) {
      return answer(
        { intent, result: submission.reply({ formErrors: [saved.msg] }), message: null, failed: false },
        saved.status,
      );
    }
    return answer({ intent, result: submission.reply(), message: RATE_CONSULTANT_THANKS, failed: false });
  } catch (error) {
    return failedReply(intent, error);
  }
};

/** The handler of each intent of the business's deliverables (the /features page action dispatches on `intent`). */
export const DELIVERABLE_ACTIONS: Record<DeliverableIntent, DeliverableHandler> = {
  "review-item": reviewItemFromForm,
  prepay: prepayFromForm,
  rate: rateFromForm,
};
