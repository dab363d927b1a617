import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { DeliverableFormAlert } from "./deliverable-form-alert";
import { useState } from "react";
import { ConformField } from "~/components/ui/conform-field";
import { usePosting } from "~/components/ui/pending-post";
import {
  ITEM_DECISION_LABEL_LAST,
  ITEM_DECISION_LABELS,
  ITEM_REVIEW_BUTTON,
  ITEM_REVIEW_CONFIRM,
  ITEM_REVIEW_NOTES_LABEL,
  ITEM_REVIEW_TITLE,
} from "~/lib/engagements/engagement-copy";
import {
  ITEM_DECISION_ACTIONS,
  ItemReviewFormSchema,
  type ItemDecisionAction,
} from "~/lib/engagements/engagement-schemas";
import { MONTH_DECISION_LABELS, MONTH_REVIEW_TITLE } from "~/lib/engagements/retainer-copy";
import { FieldsetField } from "~/components/ui/fieldset-field";

export type ItemReviewDialogProps = {
  deliveryOutlineId: string;
  deliveryItemId: string;
  itemTitle: string;
  /** The item is the last one: accepting it completes the engagement (one "accept" choice). */
  isLast: boolean;
  /** The page action's Conform reply when it answered this form. */
  lastResult?: SubmissionResult<string[]>;
  /** The server could not save: the spec's ITEM_UPDATE_FAILED texts. */
  failed?: boolean;
  /** Where the form posts; default the current page's action. */
  action?: string;
  /** Said under "accept and prepay the next": which card it charges (docs/decisions/082), when one is on file. */
  prepayHint?: string | null;
  /** A retainer's month: confirmed or sent back for a correction (the next month is billed on its date). */
  month?: boolean;
};

/**
 * The business's review of a delivered item (spec §4 "Delivery items"): a Review disclosure (a
 * native <details>, so it opens with the keyboard and without JavaScript) holding the three
 * choices — accept and prepay the next, accept and pause, revise with notes (required) — and
 * Confirm. It posts intent=review-item (ItemReviewFormSchema) to the page's action, which calls
 * DELIVERABLE_ACTIONS; the same schema validates here.
 */
export function ItemReviewDialog({
  deliveryOutlineId,
  deliveryItemId,
  itemTitle,
  isLast,
  lastResult,
  failed = false,
  action,
  prepayHint = null,
  month = false,
}: ItemReviewDialogProps) {
  const sending = usePosting("review-item");
  const [choice, setChoice] = useState<ItemDecisionAction | null>(null);
  const [form, fields] = useForm({
    id: `item-review-${deliveryItemId}`,
    lastResult,
    constraint: getZodConstraint(ItemReviewFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      // As on the server: every field is a string, and an empty notes box stays "" (optional).
      return parseWithZod(formData, { schema: ItemReviewFormSchema, disableAutoCoercion: true });
    },
  });
  const hasErrors = Boolean(lastResult?.error && Object.keys(lastResult.error).length > 0);
  const choices: { value: ItemDecisionAction; label: string }[] = month
    ? [
        { value: "pause", label: MONTH_DECISION_LABELS.confirm },
        { value: "revise", label: MONTH_DECISION_LABELS.correct },
      ]
    : isLast
      ? [
          { value: "pause", label: ITEM_DECISION_LABEL_LAST },
          { value: "revise", label: ITEM_DECISION_LABELS.revise },
        ]
      : ITEM_DECISION_ACTIONS.map((value) => ({ value, label: ITEM_DECISION_LABELS[value] }));
  const headingId = `${form.id}-title`;
  return (
    <details className="item-review" open={hasErrors || failed || undefined}>
      <summary className="button button-primary">{ITEM_REVIEW_BUTTON}</summary>
      <div className="item-review-panel" role="group" aria-labelledby={headingId}>
        <h3 id={headingId}>
          {month ? MONTH_REVIEW_TITLE : ITEM_REVIEW_TITLE}: {itemTitle}
        </h3>
        <Form method="post" action={action} {...getFormProps(form)} preventScrollReset>
          <input type="hidden" name="intent" value="review-item" />
          <input type="hidden" name="deliveryOutlineId" value={deliveryOutlineId} />
          <input type="hidden" name="deliveryItemId" value={deliveryItemId} />
          <DeliverableFormAlert failed={failed} errors={form.errors} errorId={form.errorId} />
          <FieldsetField
            className="item-review-choices"
            legend="What happens next?"
            errors={fields.decision.errors}
            errorId={fields.decision.errorId}
          >
            {choices.map((option) => {
              const id = `${form.id}-${option.value}`;
              const hint = option.value === "prepay" && prepayHint ? prepayHint : null;
              return (
                <div key={option.value} className="radio-row">
                  <input
                    type="radio"
                    id={id}
                    name={fields.decision.name}
                    value={option.value}
                    checked={choice === option.value}
                    onChange={() => setChoice(option.value)}
                    aria-describedby={hint ? `${id}-hint` : undefined}
                  />
                  <label htmlFor={id}>{option.label}</label>
                  {hint ? (
                    <p id={`${id}-hint`} className="field-hint">
                      {hint}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </FieldsetField>
          <ConformField
            field={fields.businessNotes}
            kind="textarea"
            label={
              <>
                {ITEM_REVIEW_NOTES_LABEL}
                {choice === "revise" ? " (required)" : " (optional)"}
              </>
            }
          >
            {(props) => (
              <textarea
                {...props}
                // Required only to revise (the schema's refinement), not in general.
                required={choice === "revise"}
                rows={4}
                maxLength={2000}
                className="input"
              />
            )}
          </ConformField>
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={sending}>
              {sending ? "Sending…" : ITEM_REVIEW_CONFIRM}
            </button>
          </div>
        </Form>
      </div>
    </details>
  );
}
