import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { deliverableStatusLabel } from "~/lib/engagements/deliverable-status";
import { formatDate } from "~/lib/shared/dates";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { Field } from "~/components/ui/field";
import { ConformField } from "~/components/ui/conform-field";
import { FormAlert } from "~/components/ui/form-alert";
import { FILE_ACCEPT } from "~/components/files/file-check";
import {
  DELIVERED_FILES_HEADING,
  DELIVERED_SUMMARY_HEADING,
  DELIVERY_APPROVAL_NOTES,
  DELIVERY_APPROVED,
  DELIVERY_AWAITING_REVIEW,
  DELIVERY_ACCEPTED_AUTOMATICALLY,
  DELIVERY_ACCEPTS_AUTOMATICALLY_AFTER,
  DELIVERY_ACCEPTS_AUTOMATICALLY_BEFORE,
  DELIVERY_CONFIRMED,
  DELIVERY_FILES_LABEL,
  DELIVERY_NOT_PAID,
  DELIVERY_PAGE_EYEBROW,
  DELIVERY_REVISION_NOTES_HEADING,
  DELIVERY_SUBMIT,
  DELIVERY_SUMMARY_LABEL,
  OVERDUE_LABEL,
} from "~/lib/engagements/engagement-copy";
import { consultantDeliveryPath, consultantEngagementPath } from "~/lib/engagements/engagement-paths";
import { CoachSessionsCard } from "./coaching-sessions";
import { COACHING_TEXTS } from "~/lib/engagements/coaching";
import { DeliveryFormSchema } from "~/lib/engagements/engagement-schemas";
import { formatMoney } from "~/lib/shared/numbers";
import type { DeliveryPage } from "~/server/engagements/deliveries.server";
import { ITEM_REFUNDED_NOTE } from "~/lib/payouts/transfer-copy";
import { usePosting } from "~/components/ui/pending-post";
import { AutoAcceptanceNote } from "./auto-acceptance";
import { DisputeNote } from "./disputes";
import {
  DELIVERY_DISPUTED,
  DISPUTE_ANSWER_LINK,
  DISPUTE_ANSWER_TEXT,
  DISPUTE_HEADING,
} from "~/lib/engagements/disputes";
import { DeliveredFiles } from "./delivered-files";
import { ExtraHoursCard } from "./extra-hours";
import { EXTRA_HOURS_TEXTS } from "~/lib/engagements/retainer-copy";
import { TimeLog } from "./time-log";

/**
 * The consultant's page of one deliverable: what it is, the business's revision notes when it is
 * being reworked, what was delivered, and while it waits for delivery the form confirming it (a
 * summary of the work and files; a multipart form that works without JavaScript).
 */
export function ConsultantDelivery({
  page,
  lastResult,
  delivered,
  timeNotice = null,
  timeResult,
  hoursNotice = null,
  hoursResult,
  sessionNotice = null,
  sessionErrors,
  formKey = "",
}: {
  page: DeliveryPage;
  lastResult: SubmissionResult<string[]> | undefined;
  delivered: boolean;
  /** What the time log's last post did ("Time logged."), on a retainer's month. */
  timeNotice?: string | null;
  /** The time log form's last answer. */
  timeResult?: SubmissionResult<string[]>;
  /** What the extra hours' last post did ("Request sent: …"), and its form's last answer. */
  hoursNotice?: string | null;
  hoursResult?: SubmissionResult<string[]>;
  /** What the sessions' last post did ("Session marked as held. …"), on a coaching month. */
  sessionNotice?: string | null;
  /** The refusal of the last Mark as held. */
  sessionErrors?: string[];
  /** The session proposal form's one-time key. */
  formKey?: string;
}) {
  const { item, outline } = page;
  const sending = usePosting("deliver");
  const [form, fields] = useForm({
    id: "delivery-form",
    lastResult,
    constraint: getZodConstraint(DeliveryFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { summaryOfWork: item.status === "revision" ? (item.summaryOfWork ?? "") : "" },
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: DeliveryFormSchema });
    },
  });
  const filesErrorId = "delivery-files-error";
  const filesErrors = (form.allErrors.files ?? []) as string[];
  return (
    <div className="console-page delivery-page">
      <p>
        <Link to={consultantEngagementPath(outline.id)}>Back to {outline.title || "the engagement"}</Link>
      </p>
      <header className="page-header">
        <div>
          <p className="eyebrow">
            {page.month || page.coaching ? "Month" : page.extraFor ? EXTRA_HOURS_TEXTS.heading : DELIVERY_PAGE_EYEBROW}{" "}
            · {outline.businessName}
          </p>
          <h1>{item.title}</h1>
        </div>
        <span className="badge badge-soft">
          {deliverableStatusLabel({
            status: item.status,
            refunded: page.refunded,
            dispute: item.dispute,
            settledBySessions: item.settledBySessions,
          })}
        </span>
      </header>
      {/* A refusal when the form is no longer offered (delivered meanwhile, or not paid). */}
      {!page.canDeliver ? <FormAlert id={form.errorId} errors={form.errors} /> : null}
      {delivered ? (
        <p role="status" className="notice">
          {DELIVERY_CONFIRMED}
        </p>
      ) : null}

      {timeNotice ? (
        <p role="status" className="notice">
          {timeNotice}
        </p>
      ) : null}

      {page.coaching ? (
        <CoachSessionsCard
          month={page.coaching}
          action={consultantDeliveryPath(outline.id, item.deliveryItemId)}
          formKey={formKey}
          notice={sessionNotice}
          errors={sessionErrors}
          conversationPath={page.conversationPath}
        />
      ) : null}
      {page.month ? (
        <TimeLog month={page.month} itemId={item.deliveryItemId} editable={page.month.canLog} lastResult={timeResult} />
      ) : null}
      {page.month && (page.month.canAskHours || page.month.requests.length > 0) ? (
        <ExtraHoursCard
          itemId={item.deliveryItemId}
          rate={page.month.rate}
          requests={page.month.requests}
          canAsk={page.month.canAskHours}
          lastResult={hoursResult}
          notice={hoursNotice}
        />
      ) : null}

      <section className="card" aria-labelledby="delivery-item-title">
        <h2 id="delivery-item-title" className="card-title">
          {page.month || page.coaching
            ? "The month"
            : page.extraFor
              ? EXTRA_HOURS_TEXTS.itemHeading
              : "The deliverable"}
        </h2>
        {page.extraFor ? (
          <p>
            {EXTRA_HOURS_TEXTS.itemHint} <Link to={page.extraFor}>{EXTRA_HOURS_TEXTS.itemMonthLink}</Link>
          </p>
        ) : null}
        <dl className="insight-facts">
          <dt>{page.month || page.extraFor ? "Last day" : "Delivery date"}</dt>
          <dd>
            {formatDate(item.deliveryDate)}
            {item.overdue ? <span className="badge match-badge-overdue">{OVERDUE_LABEL}</span> : null}
          </dd>
          <dt>{page.month ? "Fee" : "Price"}</dt>
          <dd>{formatMoney(item.priceCents)}</dd>
        </dl>
        {item.description ? <p className="delivery-description">{item.description}</p> : null}
      </section>

      {page.revisionNotes ? (
        <section className="card delivery-revision" aria-labelledby="delivery-revision-title">
          <h2 id="delivery-revision-title" className="card-title">
            {DELIVERY_REVISION_NOTES_HEADING}
          </h2>
          <p className="delivery-notes">{page.revisionNotes}</p>
        </section>
      ) : null}

      {item.dispute ? (
        <section className="card" aria-labelledby="delivery-dispute-title">
          <h2 id="delivery-dispute-title" className="card-title">
            {DISPUTE_HEADING}
          </h2>
          <DisputeNote dispute={item.dispute} reader="consultant" />
          {item.dispute.status !== "settled" ? (
            <p>
              {DISPUTE_ANSWER_TEXT} <Link to={page.conversationPath}>{DISPUTE_ANSWER_LINK}</Link>
            </p>
          ) : null}
        </section>
      ) : null}

      {item.consultantConfirmedDelivery || item.status === "approved" ? (
        <section className="card" aria-labelledby="delivery-done-title">
          <h2 id="delivery-done-title" className="card-title">
            {DELIVERED_SUMMARY_HEADING}
          </h2>
          <p className="delivery-notes">{item.summaryOfWork}</p>
          <h3>{DELIVERED_FILES_HEADING}</h3>
          <DeliveredFiles files={item.files} itemTitle={item.title} />
          {/* A settled dispute says itself how the delivery ended (the Dispute card above). */}
          {item.dispute?.status === "settled" ? null : (
            <p className="console-muted">
              {item.settledBySessions
                ? COACHING_TEXTS.settled
                : item.acceptedAutomatically
                  ? DELIVERY_ACCEPTED_AUTOMATICALLY
                  : item.dispute
                    ? DELIVERY_DISPUTED
                    : item.status === "approved"
                      ? DELIVERY_APPROVED
                      : DELIVERY_AWAITING_REVIEW}
            </p>
          )}
          <AutoAcceptanceNote
            at={item.acceptsAutomaticallyAt}
            before={DELIVERY_ACCEPTS_AUTOMATICALLY_BEFORE}
            after={DELIVERY_ACCEPTS_AUTOMATICALLY_AFTER}
          />
          {page.approvalNotes ? (
            <blockquote className="delivery-approval-notes">
              <p className="console-muted">{DELIVERY_APPROVAL_NOTES}</p>
              <p className="delivery-notes">{page.approvalNotes}</p>
            </blockquote>
          ) : null}
        </section>
      ) : null}

      {page.canDeliver ? (
        <section className="card" aria-labelledby="delivery-form-title">
          <h2 id="delivery-form-title" className="card-title">
            Confirm delivery
          </h2>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="delivery-form">
            <FormAlert id={form.errorId} errors={form.errors} />
            <input type="hidden" name="intent" value="deliver" />
            <input type="hidden" name="deliveryItemId" value={item.deliveryItemId} />
            <ConformField field={fields.summaryOfWork} kind="textarea" label={DELIVERY_SUMMARY_LABEL}>
              {(props) => <textarea {...props} rows={8} maxLength={5000} className="input" />}
            </ConformField>
            <Field id="delivery-files" errorId={filesErrorId} errors={filesErrors} label={DELIVERY_FILES_LABEL}>
              {(control) => (
                <input type="file" name="files" multiple accept={FILE_ACCEPT} className="input" {...control} />
              )}
            </Field>
            <div className="button-row">
              <button type="submit" className="button button-primary" disabled={sending}>
                {sending ? "Sending…" : DELIVERY_SUBMIT}
              </button>
            </div>
          </Form>
        </section>
      ) : page.refunded ? (
        <p className="card console-muted" role="status">
          {ITEM_REFUNDED_NOTE}
        </p>
      ) : item.paid || item.status === "approved" ? null : (
        <p className="card console-muted">{DELIVERY_NOT_PAID}</p>
      )}
    </div>
  );
}
