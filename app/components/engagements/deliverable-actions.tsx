import { Form } from "@remix-run/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { formatDate } from "~/lib/shared/dates";
import { usePosting } from "~/components/ui/pending-post";
import { type DeliverablesActionData } from "~/lib/engagements/deliverable-forms";
import {
  DELIVERED_FILES_HEADING,
  DELIVERED_SUMMARY_HEADING,
  DELIVERY_CONGRATULATIONS,
  ENGAGEMENT_COMPLETE_TEXT,
  ratingText,
  YOUR_RATING,
  ENGAGEMENT_PAUSED,
  ENGAGEMENT_PAUSED_WAITING,
  ITEM_IN_REVISION,
  PREPAY_LABEL,
  ITEM_ACCEPTS_AUTOMATICALLY_AFTER,
  ITEM_ACCEPTS_AUTOMATICALLY_AFTER_LAST,
  ITEM_ACCEPTS_AUTOMATICALLY_BEFORE,
} from "~/lib/engagements/engagement-copy";
import { completesEngagement, nextItemToPrepay, signedForCurrentVersion } from "~/lib/engagements/engagement-state";
import type { DeliveryItemView, DeliveryOutlineView } from "~/lib/engagements/engagement-view";
import type { EngagementBilling } from "~/lib/engagements/engagement-display";
import {
  CARD_ON_FILE_LINE,
  CARD_WILL_BE_SAVED,
  CHANGE_CARD_LABEL,
  DECLINED_CHARGE_NOTICE,
  PAY_INVOICE_LABEL,
} from "~/lib/payments/card-on-file-copy";
import { formatMoney } from "~/lib/shared/numbers";
import { AutoAcceptanceNote } from "./auto-acceptance";
import { MONTH_ACCEPTS_AUTOMATICALLY_AFTER } from "~/lib/engagements/retainer-copy";
import { DeliverableFormAlert } from "./deliverable-form-alert";
import { DisputeNote, OpenDisputeDialog } from "./disputes";
import { DeliveredFiles } from "./delivered-files";
import { ItemReviewDialog } from "./item-review-dialog";
import { RateConsultant } from "./rate-consultant";

export type DeliverableActionsProps = {
  /** The engagement as engagement-view.ts shapes it (GET /api/delivery-outline/{id}). */
  outline: DeliveryOutlineView;
  /**
   * The match's saved rating (match_requests.client_satisfaction / client_feedback), or null when
   * the business has not rated yet: the rating form shows at the end only while it is null.
   */
  rating?: { clientSatisfaction: number; clientFeedback: string | null } | null;
  /** useActionData() of the page when it is a DeliverablesActionData (DELIVERABLE_ACTIONS's answer). */
  actionData?: DeliverablesActionData | null;
  /** Where the forms post; default the current page (its action calls DELIVERABLE_ACTIONS). */
  action?: string;
  /** The card on file and a declined charge (docs/decisions/082); none by default. */
  billing?: EngagementBilling;
};

const NO_BILLING: EngagementBilling = { card: null, declined: [] };

/** The view's items with what the state machine reads (paid → a purchase id stand-in). */
function stateItems(items: readonly DeliveryItemView[]) {
  return items.map((item) => ({
    ...item,
    id: item.deliveryItemId,
    paidPurchaseId: item.paid ? item.deliveryItemId : null,
  }));
}

/** The intents whose answers their own cards show (not the deliverables' status line). */
const ANSWERED_ON_THEIR_CARDS: ReadonlySet<string> = new Set([
  "give-notice",
  "approve-hours",
  "decline-hours",
  "confirm-session",
  "missed-session",
]);

/**
 * What the business can do about its deliverables (spec §4 "Delivery items"), for the engagement
 * panel: the item in progress (the DELIVERY text while the consultant works, the revision notice,
 * or once delivered its summary and files with Review), Prepay for the next item when one is due,
 * the pause notice, and at the end the completion text and the rating (unless already rated).
 * After a revision, an owner or admin may open a dispute instead of reviewing (dispute-item).
 * Every button posts to the page's action (intents prepay, review-item, rate, dispute-item), so it all works
 * without JavaScript; a refusal or failure comes back in `actionData`.
 */
export function DeliverableActions({
  outline,
  rating = null,
  actionData = null,
  action,
  billing = NO_BILLING,
}: DeliverableActionsProps) {
  const prepaying = usePosting("prepay");
  const changingCard = usePosting("change-card");
  const may = useMemberCan();
  const intent = actionData?.intent ?? null;
  const message = actionData?.message ?? null;
  const failed = Boolean(actionData?.failed);
  const formErrors = (actionData?.result.error?.[""] ?? []) as string[];

  if (outline.complete) {
    return (
      <section className="deliverable-actions" aria-label="Deliverables">
        {message && intent === "review-item" ? (
          <p role="status" className="notice">
            {message}
          </p>
        ) : null}
        <p className="deliverable-complete">{ENGAGEMENT_COMPLETE_TEXT}</p>
        {(rating === null || intent === "rate") && !may("reviewDeliverables") ? null : rating === null ||
          intent === "rate" ? (
          <RateConsultant
            matchId={outline.matchRequestId}
            savedRating={rating?.clientSatisfaction ?? null}
            savedFeedback={rating?.clientFeedback ?? null}
            lastResult={intent === "rate" ? actionData?.result : undefined}
            saved={intent === "rate" ? message : null}
            failed={intent === "rate" && failed}
          />
        ) : (
          <section className="card rate-consultant" aria-labelledby={`rated-${outline.matchRequestId}`}>
            <h3 id={`rated-${outline.matchRequestId}`} className="card-title">
              {YOUR_RATING}
            </h3>
            <p>{ratingText(rating.clientSatisfaction)}</p>
            {rating.clientFeedback ? <p>{rating.clientFeedback}</p> : null}
          </section>
        )}
      </section>
    );
  }
  if (!signedForCurrentVersion({ ...outline, businessReviewStatus: outline.businessReview.status })) {
    return null;
  }

  const all = [...outline.incompleteItems, ...outline.completedItems];
  const items = stateItems(all);
  const next = nextItemToPrepay({ ...outline, businessReviewStatus: outline.businessReview.status }, items);
  const current = outline.activeItem
    ? (outline.incompleteItems.find((item) => item.deliveryItemId === outline.activeItem?.deliveryItemId) ?? null)
    : null;
  const unpaidLeft = outline.incompleteItems.filter((item) => !item.paid).length;
  const declined = next ? (billing.declined.find((charge) => charge.itemId === next.id) ?? null) : null;
  const paymentPending = billing.card ? "Charging your card…" : "Opening the payment…";

  return (
    <section className="deliverable-actions" aria-label="Deliverables">
      {/* A retainer's notice, extra hours and coaching's sessions are answered on their own cards
          (RetainerCard, ExtraHoursApprovals, CoachingSessionsCard). */}
      {message && !ANSWERED_ON_THEIR_CARDS.has(intent ?? "") ? (
        <p role="status" className="notice">
          {message}
        </p>
      ) : null}
      {outline.pausedAt && next ? (
        <p className="notice">{may("pay") ? ENGAGEMENT_PAUSED : ENGAGEMENT_PAUSED_WAITING}</p>
      ) : null}

      {current ? (
        // Keyed by the item: the next one's review opens closed, with none of the last one's state.
        <article
          key={current.deliveryItemId}
          className="card deliverable-current"
          aria-labelledby={`deliverable-${current.deliveryItemId}`}
        >
          <h3 id={`deliverable-${current.deliveryItemId}`} className="card-title">
            {current.title}
          </h3>
          <p className="console-muted">
            {formatDate(current.deliveryDate)} · {formatMoney(current.priceCents)}
          </p>
          {current.status === "delivered" ? (
            <>
              <h4>{DELIVERED_SUMMARY_HEADING}</h4>
              <p className="delivery-notes">{current.summaryOfWork}</p>
              <h4>{DELIVERED_FILES_HEADING}</h4>
              <DeliveredFiles files={current.files} itemTitle={current.title} />
              <AutoAcceptanceNote
                at={current.acceptsAutomaticallyAt}
                before={ITEM_ACCEPTS_AUTOMATICALLY_BEFORE}
                after={
                  current.month
                    ? MONTH_ACCEPTS_AUTOMATICALLY_AFTER
                    : completesEngagement(items, current.deliveryItemId)
                      ? ITEM_ACCEPTS_AUTOMATICALLY_AFTER_LAST
                      : ITEM_ACCEPTS_AUTOMATICALLY_AFTER
                }
              />
              {current.businessDeliveryReview === "pending" && !may("reviewDeliverables") ? (
                <RoleNotice action="reviewDeliverables" />
              ) : current.businessDeliveryReview === "pending" ? (
                <div className="button-row item-review-actions">
                  <ItemReviewDialog
                    deliveryOutlineId={outline._id}
                    deliveryItemId={current.deliveryItemId}
                    itemTitle={current.title}
                    isLast={unpaidLeft === 0}
                    month={current.month}
                    prepayHint={billing.card ? CARD_ON_FILE_LINE(billing.card) : null}
                    lastResult={intent === "review-item" ? actionData?.result : undefined}
                    failed={intent === "review-item" && failed}
                    action={action}
                  />
                  {/* After a revision, an owner or admin may dispute instead (docs/decisions/079). */}
                  {current.revisions > 0 && may("disputeDeliverables") ? (
                    <OpenDisputeDialog
                      deliveryOutlineId={outline._id}
                      deliveryItemId={current.deliveryItemId}
                      itemTitle={current.title}
                      lastResult={intent === "dispute-item" ? actionData?.result : undefined}
                      failed={intent === "dispute-item" && failed}
                      action={action}
                    />
                  ) : null}
                </div>
              ) : current.dispute ? (
                <DisputeNote dispute={current.dispute} reader="business" />
              ) : null}
            </>
          ) : current.status === "revision" ? (
            <p>{ITEM_IN_REVISION}</p>
          ) : (
            <p>{DELIVERY_CONGRATULATIONS}</p>
          )}
        </article>
      ) : null}

      {next && !may("pay") ? (
        <RoleNotice action="pay" />
      ) : next ? (
        <Form method="post" action={action} className="deliverable-prepay" preventScrollReset>
          <input type="hidden" name="intent" value="prepay" />
          <input type="hidden" name="deliveryOutlineId" value={outline._id} />
          <p>
            Next: <strong>{next.title}</strong> · {formatDate(next.deliveryDate)} · {formatMoney(next.priceCents)}
          </p>
          {declined ? (
            <p className="notice notice-danger" role="status">
              {DECLINED_CHARGE_NOTICE({
                title: next.title,
                reason: declined.declineMessage,
                declinedAt: declined.declinedAt,
                retryAt: declined.retryAt,
              })}{" "}
              {declined.invoiceUrl ? (
                <a href={declined.invoiceUrl} rel="noopener noreferrer">
                  {PAY_INVOICE_LABEL}
                </a>
              ) : null}
            </p>
          ) : null}
          {billing.card ? null : <p className="console-muted">{CARD_WILL_BE_SAVED}</p>}
          {intent === "prepay" ? <DeliverableFormAlert failed={failed} errors={formErrors} /> : null}
          <button
            type="submit"
            className="button button-primary"
            disabled={prepaying}
            aria-label={`${prepaying ? paymentPending : PREPAY_LABEL} ${next.title} (${formatMoney(next.priceCents)})`}
          >
            {prepaying ? paymentPending : PREPAY_LABEL}
          </button>
        </Form>
      ) : null}

      {/* The card on file and Change card (Stripe's customer portal), for those who pay, while a deliverable is left to prepay (ADR 082). */}
      {billing.card && may("pay") && unpaidLeft > 0 ? (
        <Form method="post" action={action} className="deliverable-card-on-file" preventScrollReset>
          <input type="hidden" name="intent" value="change-card" />
          <input type="hidden" name="deliveryOutlineId" value={outline._id} />
          {intent === "change-card" ? <DeliverableFormAlert failed={failed} errors={formErrors} /> : null}
          <div className="button-row deliverable-card-row">
            <p className="console-muted">{CARD_ON_FILE_LINE(billing.card)}</p>
            <button type="submit" className="button button-secondary" disabled={changingCard}>
              {changingCard ? "Opening Stripe…" : CHANGE_CARD_LABEL}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
