import type { Submission } from "@conform-to/react";
import { billedMonthly, COACHING_TEXTS } from "~/lib/engagements/coaching";
import { answerSession } from "./coaching.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq } from "drizzle-orm";
import { deliveryOutlines, type DeliveryOutline } from "~db/schema";
import {
  ChangeCardFormSchema,
  PrepayFormSchema,
  SessionAnswerSchema,
  type DeliverableIntent,
  type DeliverablesActionData,
  GiveNoticeFormSchema,
} from "~/lib/engagements/deliverable-forms";
import { formatDate } from "~/lib/shared/dates";
import {
  ITEM_ACCEPTED,
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
import { nextItemToPrepay } from "~/lib/engagements/engagement-state";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { OpenDisputeFormSchema } from "~/lib/engagements/disputes";
import type { ClientViewer } from "~/server/identity/session.server";
import { giveNotice } from "./retainers.server";
import {
  EXTRA_HOURS_APPROVED,
  EXTRA_HOURS_APPROVED_UNPAID,
  EXTRA_HOURS_DECLINED_ANSWER,
  MONTH_REVIEW_SENT,
  NOTICE_GIVEN,
} from "~/lib/engagements/retainer-copy";
import { ExtraHoursDecisionSchema } from "~/lib/engagements/retainer-schemas";
import { decideExtraHours } from "./extra-hours.server";
import type { AppContext } from "~/server/load-context";
import { saveMatchFeedback } from "~/server/matching/match-feedback.server";
import { startItemPayment, type ItemPaymentStart } from "~/server/payments/card-charges.server";
import { PAYMENT_START_FAILED_MESSAGE } from "~/lib/payments/payment-copy";
import { openCardPortal, type CheckoutViewer } from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { notifyDeliverable, type DeliverableNoticeKind } from "./deliverable-notices.server";
import { openDispute } from "./disputes.server";
import { decideDeliveredItem, loadOwnOutline, releaseApprovedItem } from "./item-decision.server";

export type ItemReviewResult =
  | {
      ok: true;
      outline: DeliveryOutline;
      /** After "prepay": the next item's checkout to open (no card on file yet), else null. */
      checkoutUrl: string | null;
      /** After "prepay" with a card on file: what charging it came to (paid, or declined), else null. */
      payment: { paid: boolean; message: string } | null;
    }
  | { ok: false; status: 403 | 404 | 409; msg: string };

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
      : input.action === "pause" && !billedMonthly(outline.kind)
        ? ["item_paused"]
        : ["item_approved"];
  await notifyDeliverable(app, origin, item.id, kinds);

  let checkoutUrl: string | null = null;
  let payment: { paid: boolean; message: string } | null = null;
  if (input.action === "prepay" && !completed) {
    const next = nextItemToPrepay(outline, decision.items);
    if (next) {
      try {
        const started = await startItemPayment(app, viewer, { itemId: next.id, outlineId: outline.id }, origin);
        if (started.ok && started.via === "checkout") checkoutUrl = started.url;
        else if (started.ok) payment = { paid: true, message: started.message };
        else payment = { paid: false, message: started.msg };
      } catch (error) {
        // The decision stands; the panel offers the next item's Prepay again.
        console.error("The next item's payment could not start:", error);
        payment = { paid: false, message: PAYMENT_START_FAILED_MESSAGE };
      }
    }
  }
  return { ok: true, outline, checkoutUrl, payment };
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

/**
 * A payment started from a form (startItemPayment) as its answer: the checkout to go to when there
 * is no card on file, the card's charge as the form's message (worded by `paid`, else as it is; the
 * form is reset when `resetForm`), else why it was not charged as the form's error (worded by
 * `unpaid`, else as it is) with its status.
 */
function paymentAnswer(
  intent: DeliverableIntent,
  submission: Pick<Submission<unknown>, "reply">,
  payment: ItemPaymentStart,
  words: { paid?: (message: string) => string; unpaid?: (msg: string) => string; resetForm?: boolean },
): DeliverableResult {
  const { paid = (message: string) => message, unpaid = (msg: string) => msg } = words;
  if (!payment.ok) {
    return answer(
      { intent, result: submission.reply({ formErrors: [unpaid(payment.msg)] }), message: null, failed: false },
      payment.status,
    );
  }
  if (payment.via === "checkout") return { kind: "checkout", url: payment.url };
  return answer({
    intent,
    result: submission.reply(words.resetForm ? { resetForm: true } : undefined),
    message: paid(payment.message),
    failed: false,
  });
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
    const retainer = billedMonthly(result.outline.kind);
    const message = retainer
      ? MONTH_REVIEW_SENT[result.outline.complete ? "complete" : review.action === "revise" ? "revise" : "confirm"]
      : result.outline.complete
        ? ITEM_REVIEW_SENT.complete
        : result.payment
          ? `${ITEM_ACCEPTED} ${result.payment.message}`
          : ITEM_REVIEW_SENT[review.action];
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
    const started = await startItemPayment(app, viewer, { itemId: next.id, outlineId: outline.id }, origin);
    return paymentAnswer(intent, submission, started, { resetForm: true });
  } catch (error) {
    return failedReply(intent, error);
  }
};

/** intent=change-card ({intent, deliveryOutlineId}): Stripe's customer portal, back to this engagement. */
const changeCardFromForm: DeliverableHandler = async (app, viewer, formData, request) => {
  const intent = "change-card";
  const submission = parseWithZod(formData, { schema: ChangeCardFormSchema });
  if (submission.status !== "success") {
    return answer({ intent, result: submission.reply(), message: null, failed: false }, 400);
  }
  try {
    const outlineId = submission.value.deliveryOutlineId;
    const [own] = await app.db
      .select({ id: deliveryOutlines.id })
      .from(deliveryOutlines)
      .where(and(eq(deliveryOutlines.id, outlineId), eq(deliveryOutlines.businessId, viewer.business.id)));
    if (!own) {
      return answer(
        { intent, result: submission.reply({ formErrors: [OUTLINE_NOT_FOUND] }), message: null, failed: false },
        404,
      );
    }
    const portal = await openCardPortal(app, viewer, appOrigin(app, request), businessEngagementPath(own.id));
    if (!portal.ok) {
      return answer(
        { intent, result: submission.reply({ formErrors: [portal.msg] }), message: null, failed: false },
        portal.status,
      );
    }
    return { kind: "checkout", url: portal.url };
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

/**
 * intent=dispute-item (OpenDisputeFormSchema): openDispute, by an owner or admin (the page action
 * checks the role: disputeDeliverables), after at least one revision.
 */
const disputeFromForm: DeliverableHandler = async (app, viewer, formData, request) => {
  const intent = "dispute-item";
  const submission = parseWithZod(formData, { schema: OpenDisputeFormSchema });
  if (submission.status !== "success") {
    return answer({ intent, result: submission.reply(), message: null, failed: false }, 400);
  }
  try {
    const { deliveryOutlineId, deliveryItemId, reason } = submission.value;
    const result = await openDispute(
      app,
      { userId: viewer.user.id, businessId: viewer.business.id },
      { outlineId: deliveryOutlineId, itemId: deliveryItemId, reason },
      appOrigin(app, request),
    );
    if (!result.ok) {
      return answer(
        { intent, result: submission.reply({ formErrors: [result.msg] }), message: null, failed: false },
        result.status,
      );
    }
    return answer({ intent, result: submission.reply({ resetForm: true }), message: result.msg, failed: false });
  } catch (error) {
    return failedReply(intent, error);
  }
};

/**
 * intent=give-notice (GiveNoticeFormSchema): the business ends its retainer with the signed notice
 * (giveNotice), by an owner or admin (the page action checks the role: sign).
 */
const giveNoticeFromForm: DeliverableHandler = async (app, viewer, formData, request) => {
  const intent = "give-notice";
  const submission = parseWithZod(formData, { schema: GiveNoticeFormSchema });
  if (submission.status !== "success") {
    return answer({ intent, result: submission.reply(), message: null, failed: false }, 400);
  }
  try {
    const given = await giveNotice(
      app,
      submission.value.deliveryOutlineId,
      {
        party: "business",
        businessId: viewer.business.id,
        userId: viewer.user.id,
      },
      appOrigin(app, request),
    );
    if (!given.ok) {
      return answer(
        { intent, result: submission.reply({ formErrors: [given.msg] }), message: null, failed: false },
        given.status,
      );
    }
    return answer({
      intent,
      result: submission.reply({ resetForm: true }),
      message: NOTICE_GIVEN(formatDate(given.endsOn), given.kind),
      failed: false,
    });
  } catch (error) {
    return failedReply(intent, error);
  }
};

/**
 * intent=approve-hours or decline-hours (ExtraHoursDecisionSchema): the business decides on its
 * consultant's request for extra hours on a retainer month (decideExtraHours, docs/decisions/084),
 * by a member who may pay (the page action checks the role). Approving charges the card on file at
 * once (its answer says so, or why not: the hours stay approved and wait for Prepay), or opens a
 * checkout when there is no card.
 */
const extraHoursFromForm: DeliverableHandler = async (app, viewer, formData, request) => {
  const submission = parseWithZod(formData, { schema: ExtraHoursDecisionSchema });
  const intent = submission.status === "success" ? submission.value.intent : "approve-hours";
  if (submission.status !== "success") {
    return answer({ intent, result: submission.reply(), message: null, failed: false }, 400);
  }
  try {
    const decided = await decideExtraHours(
      app,
      viewer,
      {
        outlineId: submission.value.deliveryOutlineId,
        requestId: submission.value.requestId,
        approve: intent === "approve-hours",
      },
      appOrigin(app, request),
    );
    if (!decided.ok) {
      return answer(
        { intent, result: submission.reply({ formErrors: [decided.msg] }), message: null, failed: false },
        decided.status,
      );
    }
    if (!decided.approved) {
      return answer({ intent, result: submission.reply(), message: EXTRA_HOURS_DECLINED_ANSWER, failed: false });
    }
    return paymentAnswer(intent, submission, decided.payment, {
      paid: EXTRA_HOURS_APPROVED,
      unpaid: EXTRA_HOURS_APPROVED_UNPAID,
    });
  } catch (error) {
    return failedReply(intent, error);
  }
};

/**
 * intent=confirm-session or missed-session (SessionAnswerSchema): a member who reviews deliverables
 * answers a coaching session its coach marked held (answerSession, docs/decisions/085); the page
 * action checks the role. Confirming the month's last place pays the month out.
 */
const sessionAnswerFromForm: DeliverableHandler = async (app, viewer, formData, request) => {
  const submission = parseWithZod(formData, { schema: SessionAnswerSchema });
  const intent = submission.status === "success" ? submission.value.intent : "confirm-session";
  if (submission.status !== "success") {
    return answer({ intent, result: submission.reply(), message: null, failed: false }, 400);
  }
  try {
    const answered = await answerSession(
      app,
      { businessId: viewer.business.id, userId: viewer.user.id },
      submission.value.sessionId,
      intent === "confirm-session" ? "confirm" : "missed",
      appOrigin(app, request),
    );
    if (!answered.ok) {
      return answer(
        { intent, result: submission.reply({ formErrors: [answered.msg] }), message: null, failed: false },
        answered.status,
      );
    }
    const message = intent === "confirm-session" ? COACHING_TEXTS.notices.confirmed : COACHING_TEXTS.notices.missed;
    return answer({ intent, result: submission.reply({ resetForm: true }), message, failed: false });
  } catch (error) {
    return failedReply(intent, error);
  }
};

/** The handler of each intent of the business's deliverables (the /features page action dispatches on `intent`). */
export const DELIVERABLE_ACTIONS: Record<DeliverableIntent, DeliverableHandler> = {
  "review-item": reviewItemFromForm,
  prepay: prepayFromForm,
  "change-card": changeCardFromForm,
  rate: rateFromForm,
  "dispute-item": disputeFromForm,
  "give-notice": giveNoticeFromForm,
  "approve-hours": extraHoursFromForm,
  "decline-hours": extraHoursFromForm,
  "confirm-session": sessionAnswerFromForm,
  "missed-session": sessionAnswerFromForm,
};
