import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FieldErrors } from "~/components/ui/field-errors";
import { ConformField } from "~/components/ui/conform-field";
import {
  OUTLINE_REVIEW_FAILED,
  PLAN_ACCEPT_EXPLAINER,
  PLAN_ACCEPT_LABEL,
  PLAN_REJECT_EXPLAINER,
  PLAN_REJECT_LABEL,
  PLAN_REJECT_SUBMIT,
  PLAN_REVIEW_CONFIRMATION,
  PLAN_REVIEW_HEADING,
  PLAN_SIGN_SUBMIT,
} from "~/lib/engagements/engagement-copy";
import { PlanReviewFormSchema, type PlanDecision } from "~/lib/engagements/engagement-schemas";

/** What the page action answers for intent=review-plan (reviewPlanFromForm). */
export type PlanReviewReply = {
  intent: "review-plan";
  result: SubmissionResult<string[]>;
  sent: string | null;
  failed: string[] | null;
};

function isPlanReviewReply(value: unknown): value is PlanReviewReply {
  return typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === "review-plan";
}

/** Today as YYYY-MM-DD (UTC, like every date of the app). */
function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The business's Reject and Accept of an engagement plan (spec §4 "Engagement plan review"): each
 * button opens a modal dialog with the confirmation that the plan was read, the signature (first
 * and last name), the signature date (today by default) and notes (required to reject). It posts
 * intent=review-plan to the current route (whose action calls reviewPlanFromForm) with a fetcher, then
 * shows "Your outline review has been sent!" or the failure lines. Keep it mounted while the plan
 * is shown and pass `canReview={canBusinessReviewPlan(outline)}`: after a decision the buttons go
 * and the outcome stays.
 */
export function PlanReviewDialog({
  outlineId,
  version,
  defaultFirstName = "",
  defaultLastName = "",
  defaultDate,
  canReview = true,
  action,
}: {
  outlineId: string;
  /** The plan version the business is reading (a newer version on the server is refused). */
  version: number;
  defaultFirstName?: string;
  defaultLastName?: string;
  /** YYYY-MM-DD; today (UTC) when not given. */
  defaultDate?: string;
  /** Whether the plan waits for the business's decision (shows Reject and Accept). */
  canReview?: boolean;
  /** Where to post; the current route when not given. */
  action?: string;
}) {
  const fetcher = useFetcher<PlanReviewReply>({ key: `plan-review-${outlineId}` });
  const reply = isPlanReviewReply(fetcher.data) ? fetcher.data : undefined;
  const [decision, setDecision] = useState<PlanDecision>("approved");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formId = `plan-review-${outlineId}`;
  const sending = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: formId,
    lastResult: sending ? undefined : reply?.result,
    constraint: getZodConstraint(PlanReviewFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      firstName: defaultFirstName,
      lastName: defaultLastName,
      signatureDate: defaultDate ?? todayIso(),
      notes: "",
    },
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: PlanReviewFormSchema });
    },
  });

  const sent = !sending && reply?.sent ? reply.sent : null;
  useEffect(() => {
    if (sent) dialogRef.current?.close();
  }, [sent]);

  const open = (next: PlanDecision) => {
    setDecision(next);
    dialogRef.current?.showModal();
  };
  const rejecting = decision === "revision";
  const may = useMemberCan();
  const headingId = `${formId}-heading`;
  const explainerId = `${formId}-explainer`;
  const failed = !sending && reply?.failed ? reply.failed : null;
  // The failure lines, or the reply's own form errors (an invalid form names no lines).
  const alertLines = failed ?? (form.errors?.length ? form.errors : null);

  return (
    <div className="plan-review">
      {canReview && !may("sign") ? (
        <RoleNotice action="sign" />
      ) : canReview ? (
        <div className="button-row plan-review-buttons">
          <button type="button" className="button button-secondary" onClick={() => open("revision")}>
            {PLAN_REJECT_LABEL}
          </button>
          <button type="button" className="button button-primary" onClick={() => open("approved")}>
            {PLAN_ACCEPT_LABEL}
          </button>
        </div>
      ) : null}
      {sent ? (
        <p role="status" className="notice">
          {sent}
        </p>
      ) : null}
      {!canReview && failed ? <FailureLines lines={failed} /> : null}

      <dialog ref={dialogRef} className="plan-review-dialog" aria-labelledby={headingId} aria-describedby={explainerId}>
        <fetcher.Form method="post" action={action} {...getFormProps(form)} className="plan-review-form">
          <h2 id={headingId} className="plan-review-title">
            {PLAN_REVIEW_HEADING}: {rejecting ? PLAN_REJECT_LABEL : PLAN_ACCEPT_LABEL}
          </h2>
          <p id={explainerId} className="plan-review-explainer">
            {rejecting ? PLAN_REJECT_EXPLAINER : PLAN_ACCEPT_EXPLAINER}
          </p>
          <input type="hidden" name="intent" value="review-plan" />
          <input type="hidden" name="deliveryOutlineId" value={outlineId} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name={fields.decision.name} value={decision} />

          <div className="field plan-review-confirm">
            <label htmlFor={fields.confirm.id}>
              <input {...getInputProps(fields.confirm, { type: "checkbox" })} key={fields.confirm.key} />
              <span>{PLAN_REVIEW_CONFIRMATION}</span>
            </label>
            <FieldErrors id={fields.confirm.errorId} errors={fields.confirm.errors} />
          </div>

          <div className="plan-review-names">
            <ConformField field={fields.firstName} kind="text" label="First name">
              {(props) => <input {...props} className="input" autoComplete="given-name" />}
            </ConformField>
            <ConformField field={fields.lastName} kind="text" label="Last name">
              {(props) => <input {...props} className="input" autoComplete="family-name" />}
            </ConformField>
          </div>

          <ConformField field={fields.signatureDate} kind="date" label="Signature date">
            {(props) => <input {...props} className="input" />}
          </ConformField>

          <ConformField
            field={fields.notes}
            kind="textarea"
            label={rejecting ? "Notes (required)" : "Notes (optional)"}
          >
            {(props) => <textarea {...props} className="input" rows={4} maxLength={2000} required={rejecting} />}
          </ConformField>

          {alertLines ? <FailureLines lines={alertLines} /> : null}

          <div className="button-row">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => dialogRef.current?.close()}
              disabled={sending}
            >
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={sending}>
              {sending ? "Sending…" : rejecting ? PLAN_REJECT_SUBMIT : PLAN_SIGN_SUBMIT}
            </button>
          </div>
        </fetcher.Form>
      </dialog>
    </div>
  );
}

function FailureLines({ lines }: { lines: readonly string[] }) {
  const [first, ...rest] = lines.length > 0 ? lines : OUTLINE_REVIEW_FAILED;
  return (
    <div role="alert" className="form-error">
      <p className="notice-title">{first}</p>
      {rest.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
