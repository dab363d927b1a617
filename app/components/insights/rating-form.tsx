import type { SubmissionResult } from "@conform-to/react";
import { StarRatingForm, type RatingOutcome } from "~/components/ui/star-rating-form";

export type FeedbackOutcome = RatingOutcome;

/**
 * The rating and feedback form of /insight-discovery (spec §4, §5 Other forms, §9): posts
 * intent=feedback with the report's or value insight's id as targetId, and answers with Submit.
 */
export function RatingForm({
  targetId,
  savedRating,
  savedFeedback,
  lastResult,
  outcome,
}: {
  targetId: string;
  savedRating: number | null;
  savedFeedback: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  outcome: FeedbackOutcome;
}) {
  return (
    <StarRatingForm
      formId="insight-feedback"
      idPrefix="rating"
      intent="feedback"
      hiddenFields={{ targetId }}
      legend="Rate this insight"
      placeholder="Tell us what was useful or what was missing."
      submitLabel="Submit"
      sendingLabel="Sending…"
      savedRating={savedRating}
      savedFeedback={savedFeedback}
      lastResult={lastResult}
      outcome={outcome}
    />
  );
}
