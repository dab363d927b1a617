import { Form } from "@remix-run/react";
import { useMemberCan } from "~/components/business/role-gate";
import { usePosting } from "~/components/ui/pending-post";
import type { DeliverablesActionData } from "~/lib/engagements/deliverable-forms";
import type { RetainerView } from "~/lib/engagements/engagement-display";
import { NOTICE_TEXTS } from "~/lib/engagements/retainer-copy";
import { DeliverableFormAlert } from "./deliverable-form-alert";

/**
 * A retainer's card on the business's engagement (docs/decisions/082): the terms, the notice, and
 * Give notice for those who sign (an owner or admin), with the last day it would set; once given,
 * who gave it and the last day.
 */
export function RetainerCard({
  outlineId,
  retainer,
  actionData,
  action,
}: {
  outlineId: string;
  retainer: RetainerView;
  actionData: DeliverablesActionData | null;
  action?: string;
}) {
  const may = useMemberCan();
  const giving = usePosting("give-notice");
  const mine = actionData?.intent === "give-notice" ? actionData : null;
  const errors = (mine?.result.error?.[""] ?? []) as string[];
  const confirmErrors = (mine?.result.error?.confirm ?? []) as string[];
  return (
    <section className="card retainer-card" aria-labelledby={`retainer-${outlineId}`}>
      <h4 id={`retainer-${outlineId}`} className="card-title">
        {NOTICE_TEXTS.heading}
      </h4>
      <dl className="insight-facts">
        <dt>{NOTICE_TEXTS.terms}</dt>
        <dd>{retainer.terms}</dd>
        <dt>{NOTICE_TEXTS.notice}</dt>
        <dd>{retainer.notice}</dd>
      </dl>
      {mine?.message ? (
        <p role="status" className="notice">
          {mine.message}
        </p>
      ) : retainer.ending ? (
        <p className="notice">{NOTICE_TEXTS.ending(retainer.ending.by, retainer.ending.endsOn)}</p>
      ) : null}
      {retainer.canGiveNotice && retainer.noticeWouldEnd && may("sign") ? (
        <Form method="post" action={action} className="stack retainer-notice-form" preventScrollReset>
          <input type="hidden" name="intent" value="give-notice" />
          <input type="hidden" name="deliveryOutlineId" value={outlineId} />
          <DeliverableFormAlert failed={Boolean(mine?.failed)} errors={errors} />
          <div className="radio-row">
            <input
              type="checkbox"
              id={`notice-confirm-${outlineId}`}
              name="confirm"
              aria-invalid={confirmErrors.length > 0 || undefined}
              aria-describedby={confirmErrors.length > 0 ? `notice-confirm-error-${outlineId}` : undefined}
            />
            <label htmlFor={`notice-confirm-${outlineId}`}>{NOTICE_TEXTS.confirm(retainer.noticeWouldEnd)}</label>
          </div>
          {confirmErrors.length > 0 ? (
            <p id={`notice-confirm-error-${outlineId}`} className="field-error">
              {confirmErrors.join(" ")}
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button-secondary" disabled={giving}>
              {giving ? NOTICE_TEXTS.giving : NOTICE_TEXTS.giveNotice}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
