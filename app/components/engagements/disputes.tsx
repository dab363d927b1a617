import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { DeliverableFormAlert } from "./deliverable-form-alert";
import { ConformField } from "~/components/ui/conform-field";
import { usePosting } from "~/components/ui/pending-post";
import {
  DISPUTE_DIALOG_TITLE,
  DISPUTE_EXPLAINER,
  DISPUTE_DECISION_HEADING,
  DISPUTE_OPEN_LABEL,
  DISPUTE_REASON_HEADINGS,
  DISPUTE_REASON_LABEL,
  DISPUTE_SETTLEMENT_UNDER_WAY,
  DISPUTE_SUBMIT,
  DISPUTE_TEXT_MAX,
  disputeOpenText,
  disputeSettledText,
  OpenDisputeFormSchema,
  type DisputeView,
} from "~/lib/engagements/disputes";

/**
 * A deliverable's dispute as its reader sees it (docs/decisions/079): while open, when it was
 * opened and the business's reason; once settled, the settlement in the reader's words and the
 * manager's written decision.
 */
export function DisputeNote({
  dispute,
  reader,
}: {
  dispute: DisputeView;
  reader: "business" | "consultant" | "manager";
}) {
  return (
    <div className="dispute-note" role="group" aria-label="Dispute">
      {dispute.status === "settled" && dispute.settlement && dispute.settledAt ? (
        <p>
          <strong>{disputeSettledText(dispute.settledAt, dispute.settlement, reader)}</strong>
        </p>
      ) : (
        <p>
          <strong>{disputeOpenText(dispute.openedAt)}</strong>
          {dispute.status === "settling" ? ` ${DISPUTE_SETTLEMENT_UNDER_WAY}.` : null}
        </p>
      )}
      <p className="engagement-item-label">{DISPUTE_REASON_HEADINGS[reader]}</p>
      <p className="dispute-text">{dispute.reason}</p>
      {dispute.status === "settled" && dispute.decision ? (
        <>
          <p className="engagement-item-label">{DISPUTE_DECISION_HEADING}</p>
          <p className="dispute-text">{dispute.decision}</p>
        </>
      ) : null}
    </div>
  );
}

/**
 * The business's "Open a dispute" (an owner or admin, after at least one revision, instead of
 * another): a native <details> disclosure with the explanation and the reason, posting
 * intent=dispute-item (OpenDisputeFormSchema, validated here and on the server) to the page's action.
 */
export function OpenDisputeDialog({
  deliveryOutlineId,
  deliveryItemId,
  itemTitle,
  lastResult,
  failed = false,
  action,
}: {
  deliveryOutlineId: string;
  deliveryItemId: string;
  itemTitle: string;
  lastResult?: SubmissionResult<string[]>;
  failed?: boolean;
  action?: string;
}) {
  const sending = usePosting("dispute-item");
  const [form, fields] = useForm({
    id: `dispute-${deliveryItemId}`,
    lastResult,
    constraint: getZodConstraint(OpenDisputeFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: OpenDisputeFormSchema });
    },
  });
  const hasErrors = Boolean(lastResult?.error && Object.keys(lastResult.error).length > 0);
  const headingId = `${form.id}-title`;
  return (
    <details className="item-review item-dispute" open={hasErrors || failed || undefined}>
      <summary className="button button-secondary">{DISPUTE_OPEN_LABEL}</summary>
      <div className="item-review-panel" role="group" aria-labelledby={headingId}>
        <h3 id={headingId}>
          {DISPUTE_DIALOG_TITLE}: {itemTitle}
        </h3>
        <p>{DISPUTE_EXPLAINER}</p>
        <Form method="post" action={action} {...getFormProps(form)} preventScrollReset>
          <input type="hidden" name="intent" value="dispute-item" />
          <input type="hidden" name="deliveryOutlineId" value={deliveryOutlineId} />
          <input type="hidden" name="deliveryItemId" value={deliveryItemId} />
          <DeliverableFormAlert failed={failed} errors={form.errors} errorId={form.errorId} />
          <ConformField field={fields.reason} kind="textarea" label={DISPUTE_REASON_LABEL}>
            {(props) => <textarea {...props} rows={5} maxLength={DISPUTE_TEXT_MAX} className="input" />}
          </ConformField>
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={sending}>
              {sending ? "Sending…" : DISPUTE_SUBMIT}
            </button>
          </div>
        </Form>
      </div>
    </details>
  );
}
