import type { SubmissionResult } from "@conform-to/react";
import { StarRatingForm } from "~/components/ui/star-rating-form";
import {
  RATE_CONSULTANT_LEGEND,
  RATE_CONSULTANT_PLACEHOLDER,
  RATE_CONSULTANT_SENDING,
  RATE_CONSULTANT_SUBMIT,
  RATE_CONSULTANT_TITLE,
} from "~/lib/engagements/engagement-copy";

export type RateConsultantProps = {
  /** The engagement's match request (the rating is the match's feedback, which the engine reads). */
  matchId: string;
  savedRating?: number | null;
  savedFeedback?: string | null;
  /** The page action's Conform reply when it answered intent=rate. */
  lastResult?: SubmissionResult<string[]>;
  /** The confirmation once saved (RATE_CONSULTANT_THANKS). */
  saved?: string | null;
  failed?: boolean;
};

/**
 * The rating at the end of an engagement: the shared star rating (1–5, optional words) posting
 * intent=rate with the match's id (RateConsultantFormSchema) to the page's action.
 */
export function RateConsultant({
  matchId,
  savedRating = null,
  savedFeedback = null,
  lastResult,
  saved = null,
  failed = false,
}: RateConsultantProps) {
  return (
    <section className="card rate-consultant" aria-labelledby={`rate-${matchId}-title`}>
      <h3 id={`rate-${matchId}-title`} className="card-title">
        {RATE_CONSULTANT_TITLE}
      </h3>
      <StarRatingForm
        formId={`rate-${matchId}`}
        idPrefix={`rate-${matchId}`}
        intent="rate"
        hiddenFields={{ matchId }}
        legend={RATE_CONSULTANT_LEGEND}
        placeholder={RATE_CONSULTANT_PLACEHOLDER}
        submitLabel={RATE_CONSULTANT_SUBMIT}
        sendingLabel={RATE_CONSULTANT_SENDING}
        savedRating={savedRating}
        savedFeedback={savedFeedback}
        lastResult={lastResult}
        outcome={{ saved, failed }}
        showFormErrors
        preventScrollReset
      />
    </section>
  );
}
