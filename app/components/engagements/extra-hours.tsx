import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { ConformField } from "~/components/ui/conform-field";
import { FormAlert } from "~/components/ui/form-alert";
import { usePosting } from "~/components/ui/pending-post";
import type { DeliverablesActionData } from "~/lib/engagements/deliverable-forms";
import type { RetainerView } from "~/lib/engagements/engagement-display";
import { EXTRA_HOURS_TEXTS } from "~/lib/engagements/retainer-copy";
import type { ExtraHoursRequestView } from "~/lib/engagements/retainer-months";
import { ExtraHoursFormSchema } from "~/lib/engagements/retainer-schemas";
import { cardLabel } from "~/lib/payouts/receipts";
import { DeliverableFormAlert } from "./deliverable-form-alert";

/** One request as its reader reads it (docs/decisions/084). */
export function extraHoursLine(request: ExtraHoursRequestView, reader: "business" | "consultant"): string {
  const on = request.decidedOn ?? request.askedOn;
  switch (request.status) {
    case "waiting":
      return reader === "consultant"
        ? EXTRA_HOURS_TEXTS.waitingConsultant(request.hours, request.price, request.askedOn)
        : EXTRA_HOURS_TEXTS.waitingBusiness(request.hours, request.price, request.askedOn);
    case "lapsed":
      return EXTRA_HOURS_TEXTS.lapsed(request.hours);
    case "approved":
      return request.paid
        ? EXTRA_HOURS_TEXTS.approved(request.hours, request.price, on)
        : EXTRA_HOURS_TEXTS.approvedUnpaid(request.hours, request.price, on);
    case "declined":
      return EXTRA_HOURS_TEXTS.declined(request.hours, on);
    case "withdrawn":
      return EXTRA_HOURS_TEXTS.withdrawn(request.hours, on);
  }
}

/**
 * A month's requests for extra hours in its time log, oldest first, with their reasons; the
 * consultant withdraws a waiting one here.
 */
export function ExtraHoursHistory({
  requests,
  reader,
  withdrawable = false,
}: {
  requests: readonly ExtraHoursRequestView[];
  reader: "business" | "consultant";
  withdrawable?: boolean;
}) {
  const withdrawing = usePosting("withdraw-hours");
  if (requests.length === 0) return null;
  return (
    <ul className="extra-hours-list">
      {requests.map((request) => (
        <li key={request.id} className="extra-hours-request">
          <p>{extraHoursLine(request, reader)}</p>
          <p className="console-muted">
            {EXTRA_HOURS_TEXTS.reasonLabel}: {request.reason}
          </p>
          {withdrawable && request.status === "waiting" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="withdraw-hours" />
              <input type="hidden" name="requestId" value={request.id} />
              <button type="submit" className="button button-secondary" disabled={withdrawing}>
                {withdrawing ? EXTRA_HOURS_TEXTS.withdrawing : EXTRA_HOURS_TEXTS.withdraw}
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The consultant's Extra hours card on a month (docs/decisions/084): the rate, the month's requests,
 * and while the month takes time and none waits, the form asking for more.
 */
export function ExtraHoursCard({
  itemId,
  rate,
  requests,
  canAsk,
  lastResult,
  notice,
}: {
  itemId: string;
  rate: string;
  requests: readonly ExtraHoursRequestView[];
  canAsk: boolean;
  lastResult?: SubmissionResult<string[]>;
  notice: string | null;
}) {
  const waiting = requests.some((request) => request.status === "waiting");
  return (
    <section className="card extra-hours" aria-labelledby={`extra-hours-${itemId}`}>
      <h2 id={`extra-hours-${itemId}`} className="card-title">
        {EXTRA_HOURS_TEXTS.heading}
      </h2>
      <p>{EXTRA_HOURS_TEXTS.intro(rate)}</p>
      {notice ? (
        <p role="status" className="notice">
          {notice}
        </p>
      ) : null}
      <ExtraHoursHistory requests={requests} reader="consultant" withdrawable />
      {/* Without the form (a request waits, or the month closed), a refusal still shows here. */}
      {lastResult && !(canAsk && !waiting) ? (
        <FormAlert id={`extra-hours-error-${itemId}`} errors={(lastResult.error?.[""] ?? []) as string[]} />
      ) : null}
      {canAsk && !waiting ? <AskForm key={requests.length} itemId={itemId} lastResult={lastResult} /> : null}
    </section>
  );
}

function AskForm({ itemId, lastResult }: { itemId: string; lastResult?: SubmissionResult<string[]> }) {
  const asking = usePosting("ask-hours");
  const [form, fields] = useForm({
    id: `extra-hours-form-${itemId}`,
    lastResult,
    constraint: getZodConstraint(ExtraHoursFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: ExtraHoursFormSchema });
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="stack extra-hours-form">
      <h3>{EXTRA_HOURS_TEXTS.ask}</h3>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="ask-hours" />
      <input type="hidden" name="itemId" value={itemId} />
      <ConformField field={fields.hours} kind="text" label={EXTRA_HOURS_TEXTS.hours} hint={EXTRA_HOURS_TEXTS.hoursHint}>
        {(props) => <input {...props} inputMode="decimal" placeholder="4" className="input" />}
      </ConformField>
      <ConformField
        field={fields.reason}
        kind="textarea"
        label={EXTRA_HOURS_TEXTS.reason}
        hint={EXTRA_HOURS_TEXTS.reasonHint}
      >
        {(props) => <textarea {...props} rows={3} maxLength={500} className="input" />}
      </ConformField>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={asking}>
          {asking ? EXTRA_HOURS_TEXTS.asking : EXTRA_HOURS_TEXTS.ask}
        </button>
      </div>
    </Form>
  );
}

/**
 * The business's requests for extra hours to decide (docs/decisions/084): each with its month,
 * hours, price and reason, and for those who pay Approve and pay (charging the card on file at
 * once) and Decline. The answer of either shows here.
 */
export function ExtraHoursApprovals({
  outlineId,
  retainer,
  card,
  actionData,
  action,
}: {
  outlineId: string;
  retainer: RetainerView;
  card: { brand: string; last4: string } | null;
  actionData: DeliverablesActionData | null;
  action?: string;
}) {
  const may = useMemberCan();
  const approving = usePosting("approve-hours");
  const declining = usePosting("decline-hours");
  const mine = actionData?.intent === "approve-hours" || actionData?.intent === "decline-hours" ? actionData : null;
  const errors = (mine?.result.error?.[""] ?? []) as string[];
  if (retainer.waiting.length === 0 && !mine) return null;
  return (
    <section className="card extra-hours" aria-labelledby={`extra-hours-${outlineId}`}>
      <h4 id={`extra-hours-${outlineId}`} className="card-title">
        {EXTRA_HOURS_TEXTS.heading}
      </h4>
      {mine?.message ? (
        <p role="status" className="notice">
          {mine.message}
        </p>
      ) : null}
      <DeliverableFormAlert failed={Boolean(mine?.failed)} errors={errors} />
      {retainer.waiting.map((request) => (
        <article
          key={request.id}
          className="extra-hours-request"
          aria-label={`${request.monthTitle}: ${request.hours}`}
        >
          <p>
            <strong>{request.monthTitle}</strong>
          </p>
          <p>{extraHoursLine(request, "business")}</p>
          <p className="console-muted">
            {EXTRA_HOURS_TEXTS.reasonLabel}: {request.reason}
          </p>
          {!may("pay") ? (
            <RoleNotice action="pay" />
          ) : (
            <>
              {card ? <p className="console-muted">{EXTRA_HOURS_TEXTS.chargeHint(cardLabel(card))}</p> : null}
              <div className="button-row">
                {(["approve-hours", "decline-hours"] as const).map((intent) => (
                  <Form key={intent} method="post" action={action} preventScrollReset>
                    <input type="hidden" name="intent" value={intent} />
                    <input type="hidden" name="deliveryOutlineId" value={outlineId} />
                    <input type="hidden" name="requestId" value={request.id} />
                    {intent === "approve-hours" ? (
                      <button type="submit" className="button button-primary" disabled={approving || declining}>
                        {approving
                          ? card
                            ? EXTRA_HOURS_TEXTS.approving
                            : EXTRA_HOURS_TEXTS.opening
                          : EXTRA_HOURS_TEXTS.approve(request.price)}
                      </button>
                    ) : (
                      <button type="submit" className="button button-secondary" disabled={approving || declining}>
                        {declining ? EXTRA_HOURS_TEXTS.declining : EXTRA_HOURS_TEXTS.decline}
                      </button>
                    )}
                  </Form>
                ))}
              </div>
            </>
          )}
        </article>
      ))}
    </section>
  );
}
