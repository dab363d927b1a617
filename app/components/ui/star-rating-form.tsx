import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useState } from "react";
import {
  DEFAULT_RATING,
  FEEDBACK_FAILED_DETAIL,
  FEEDBACK_FAILED_TITLE,
  FEEDBACK_MAX_LENGTH,
  FeedbackFormSchema,
  RATING_PROMPTS,
} from "~/lib/insights/insight-schemas";
import { ConformField } from "~/components/ui/conform-field";
import { usePosting } from "~/components/ui/pending-post";
import { FieldsetField } from "~/components/ui/fieldset-field";

type Rating = 1 | 2 | 3 | 4 | 5;
const LEVELS: Rating[] = [1, 2, 3, 4, 5];

function asRating(value: number | null | undefined): Rating {
  return value !== null && value !== undefined && value >= 1 && value <= 5
    ? (Math.round(value) as Rating)
    : DEFAULT_RATING;
}

export type RatingOutcome = { saved: string | null; failed: boolean };

/**
 * The 1–5 star rating with optional feedback (spec §4, §3 Feedback, §5 Other forms, §9): five stars
 * as a radio group (arrow keys move between them; 3 selected by default, or the saved rating), the
 * selected level's prompt, an optional feedback box and a submit button. It posts `intent` and the
 * hidden fields to the page's own action, so it works without JavaScript; the same schema
 * (FeedbackFormSchema) validates here and on the server. What differs between pages comes in as
 * props; `idPrefix` keeps the element ids distinct.
 */
export function StarRatingForm({
  formId,
  idPrefix,
  intent,
  hiddenFields,
  legend,
  placeholder,
  submitLabel,
  sendingLabel,
  savedRating,
  savedFeedback,
  lastResult,
  outcome,
  showFormErrors = false,
  preventScrollReset = false,
}: {
  formId: string;
  idPrefix: string;
  intent: string;
  hiddenFields: Record<string, string>;
  legend: string;
  placeholder: string;
  submitLabel: string;
  sendingLabel: string;
  savedRating: number | null;
  savedFeedback: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  outcome: RatingOutcome;
  /** Show the reply's form-level errors (they then take the place of the generic failure). */
  showFormErrors?: boolean;
  preventScrollReset?: boolean;
}) {
  const [rating, setRating] = useState<Rating>(asRating(savedRating));
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: getZodConstraint(FeedbackFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { clientSatisfaction: String(asRating(savedRating)), clientFeedback: savedFeedback ?? "" },
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: FeedbackFormSchema });
    },
  });
  const sending = usePosting(intent);
  const promptId = `${idPrefix}-prompt`;
  const formErrors = showFormErrors ? (form.errors ?? []) : [];
  return (
    <Form method="post" {...getFormProps(form)} className="rating-form" preventScrollReset={preventScrollReset}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FieldsetField
        className="star-rating"
        legend={legend}
        errors={fields.clientSatisfaction.errors}
        errorId={fields.clientSatisfaction.errorId}
        describedBy={promptId}
      >
        <div className="star-rating-stars">
          {LEVELS.map((level) => {
            const id = `${idPrefix}-${level}`;
            return (
              <span key={level} className="star-rating-star">
                <input
                  type="radio"
                  id={id}
                  name={fields.clientSatisfaction.name}
                  value={level}
                  checked={rating === level}
                  onChange={() => setRating(level)}
                  className="star-rating-input"
                />
                <label htmlFor={id} className={level <= rating ? "is-filled" : undefined}>
                  <span aria-hidden="true">★</span>
                  <span className="visually-hidden">{level === 1 ? "1 star" : `${level} stars`}</span>
                </label>
              </span>
            );
          })}
        </div>
        <p id={promptId} className="star-rating-prompt" aria-live="polite">
          {RATING_PROMPTS[rating]}
        </p>
      </FieldsetField>

      <ConformField field={fields.clientFeedback} kind="textarea" label="Feedback (optional)">
        {(props) => (
          <textarea {...props} rows={4} maxLength={FEEDBACK_MAX_LENGTH} className="input" placeholder={placeholder} />
        )}
      </ConformField>

      {formErrors.length ? (
        <div role="alert" className="form-error">
          {formErrors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : outcome.failed ? (
        <div role="alert" className="form-error">
          <p className="notice-title">{FEEDBACK_FAILED_TITLE}</p>
          <p>{FEEDBACK_FAILED_DETAIL}</p>
        </div>
      ) : null}
      {outcome.saved && !sending ? (
        <p role="status" className="notice">
          {outcome.saved}
        </p>
      ) : null}

      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? sendingLabel : submitLabel}
        </button>
      </div>
    </Form>
  );
}
