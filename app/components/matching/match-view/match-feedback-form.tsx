import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import {
  DEFAULT_RATING,
  FEEDBACK_FAILED_DETAIL,
  FEEDBACK_FAILED_TITLE,
  FEEDBACK_MAX_LENGTH,
  FeedbackFormSchema,
  RATING_PROMPTS,
} from "~/lib/insights/insight-schemas";
import { MATCH_FEEDBACK_LEGEND, MATCH_FEEDBACK_TITLE } from "~/lib/matching/match-copy";
import { FieldErrors } from "~/components/ui/field-errors";

type Rating = 1 | 2 | 3 | 4 | 5;
const LEVELS: Rating[] = [1, 2, 3, 4, 5];

function asRating(value: number | null | undefined): Rating {
  return value !== null && value !== undefined && value >= 1 && value <= 5
    ? (Math.round(value) as Rating)
    : DEFAULT_RATING;
}

export type MatchFeedbackOutcome = {
  result: SubmissionResult<string[]> | undefined;
  saved: string | null;
  failed: boolean;
};

/**
 * The matching feedback form (spec §3 Feedback), shown once the business has its consultant: five
 * stars as a radio group (arrow keys move between them), the level's prompt, an optional
 * feedback box and Save. Posts intent=feedback to the page, so it works without JavaScript.
 */
export function MatchFeedbackForm({
  matchId,
  savedRating,
  savedFeedback,
  outcome,
}: {
  matchId: string;
  savedRating: number | null;
  savedFeedback: string | null;
  outcome: MatchFeedbackOutcome;
}) {
  const navigation = useNavigation();
  const [rating, setRating] = useState<Rating>(asRating(savedRating));
  const [form, fields] = useForm({
    id: "match-feedback",
    lastResult: outcome.result,
    constraint: getZodConstraint(FeedbackFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { clientSatisfaction: String(asRating(savedRating)), clientFeedback: savedFeedback ?? "" },
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: FeedbackFormSchema });
    },
  });
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "feedback";
  const promptId = "match-rating-prompt";
  return (
    <section className="card match-feedback" aria-labelledby="match-feedback-title">
      <h2 id="match-feedback-title" className="card-title">
        {MATCH_FEEDBACK_TITLE}
      </h2>
      <Form method="post" {...getFormProps(form)} className="rating-form" preventScrollReset>
        <input type="hidden" name="intent" value="feedback" />
        <input type="hidden" name="matchId" value={matchId} />
        <fieldset className="star-rating" aria-describedby={promptId}>
          <legend>{MATCH_FEEDBACK_LEGEND}</legend>
          <div className="star-rating-stars">
            {LEVELS.map((level) => {
              const id = `match-rating-${level}`;
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
          <FieldErrors id={fields.clientSatisfaction.errorId} errors={fields.clientSatisfaction.errors} />
        </fieldset>

        <div className="field">
          <label htmlFor={fields.clientFeedback.id}>Feedback (optional)</label>
          <textarea
            {...getTextareaProps(fields.clientFeedback)}
            rows={4}
            maxLength={FEEDBACK_MAX_LENGTH}
            className="input"
            placeholder="Tell us how the match went."
          />
          <FieldErrors id={fields.clientFeedback.errorId} errors={fields.clientFeedback.errors} />
        </div>

        {form.errors?.length ? (
          <div role="alert" className="form-error">
            {form.errors.map((error) => (
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
            {sending ? "Saving…" : "Save"}
          </button>
        </div>
      </Form>
    </section>
  );
}
