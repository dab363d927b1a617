import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useMemberCan } from "~/components/business/role-gate";
import { usePosting } from "~/components/ui/pending-post";
import type { DeliverablesActionData } from "~/lib/engagements/deliverable-forms";
import type { RetainerView } from "~/lib/engagements/engagement-display";
import { NOTICE_TEXTS, type NoticeOf } from "~/lib/engagements/retainer-copy";
import { NoticeConfirmSchema } from "~/lib/engagements/retainer-schemas";
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
  const mine = actionData?.intent === "give-notice" ? actionData : null;
  return (
    <section className="card retainer-card" aria-labelledby={`retainer-${outlineId}`}>
      <h4 id={`retainer-${outlineId}`} className="card-title">
        {NOTICE_TEXTS.heading(retainer.kind)}
      </h4>
      <dl className="insight-facts">
        <dt>{NOTICE_TEXTS.terms}</dt>
        <dd>{retainer.terms}</dd>
        {retainer.cancelRule ? (
          <>
            <dt>{NOTICE_TEXTS.cancelRule}</dt>
            <dd>{retainer.cancelRule}</dd>
          </>
        ) : null}
        <dt>{NOTICE_TEXTS.notice}</dt>
        <dd>{retainer.notice}</dd>
      </dl>
      {mine?.message ? (
        <p role="status" className="notice">
          {mine.message}
        </p>
      ) : retainer.ending ? (
        <p className="notice">{NOTICE_TEXTS.ending(retainer.ending.by, retainer.ending.endsOn, retainer.kind)}</p>
      ) : null}
      {retainer.canGiveNotice && retainer.noticeWouldEnd && may("sign") ? (
        <NoticeForm
          id={outlineId}
          endsOn={retainer.noticeWouldEnd}
          of={retainer.kind}
          action={action}
          lastResult={mine?.result}
          failed={Boolean(mine?.failed)}
          fields={{ deliveryOutlineId: outlineId }}
        />
      ) : null}
    </section>
  );
}

/**
 * Give notice: the box confirming the last day it sets, its message, and the button. The same
 * form for the business (its engagement panel) and the consultant (their plan page). An unticked
 * box is answered in the browser (Conform, the server's schema); the server's refusal comes back
 * in `lastResult`.
 */
export function NoticeForm({
  id,
  endsOn,
  of = "retainer",
  action,
  lastResult,
  failed = false,
  fields = {},
}: {
  id: string;
  endsOn: string;
  /** What notice ends: a retainer or coaching. */
  of?: NoticeOf;
  action?: string;
  lastResult?: SubmissionResult<string[]>;
  failed?: boolean;
  /** Hidden fields besides the intent. */
  fields?: Record<string, string>;
}) {
  const giving = usePosting("give-notice");
  const [form, formFields] = useForm({
    id: `notice-form-${id}`,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: NoticeConfirmSchema });
    },
  });
  const errorId = `notice-confirm-error-${id}`;
  const confirmErrors = formFields.confirm.errors ?? [];
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="stack retainer-notice-form"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="give-notice" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <DeliverableFormAlert failed={failed} errors={form.errors} />
      <div className="radio-row">
        <input
          type="checkbox"
          id={`notice-confirm-${id}`}
          name={formFields.confirm.name}
          aria-invalid={confirmErrors.length > 0 || undefined}
          aria-describedby={confirmErrors.length > 0 ? errorId : undefined}
        />
        <label htmlFor={`notice-confirm-${id}`}>{NOTICE_TEXTS.confirm(endsOn, of)}</label>
      </div>
      {confirmErrors.length > 0 ? (
        <p id={errorId} className="field-error">
          {confirmErrors.join(" ")}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button button-secondary" disabled={giving}>
          {giving ? NOTICE_TEXTS.giving : NOTICE_TEXTS.giveNotice}
        </button>
      </div>
    </Form>
  );
}
