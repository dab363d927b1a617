import type { SubmissionResult } from "@conform-to/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { StarRatingForm } from "~/components/ui/star-rating-form";
import { MATCH_FEEDBACK_LEGEND, MATCH_FEEDBACK_TITLE } from "~/lib/matching/match-copy";

export type MatchFeedbackOutcome = {
  result: SubmissionResult<string[]> | undefined;
  saved: string | null;
  failed: boolean;
};

/**
 * The matching feedback form (spec §3 Feedback), shown once the business has its consultant: the
 * star rating with optional feedback and Save. Posts intent=feedback with the matchId to the page;
 * the server's form-level message (e.g. the match is gone) is shown as it is.
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
  // The page's feedback intent is `requestInsights` (the features page's permission map; docs/decisions/071).
  const may = useMemberCan();
  return (
    <section className="card match-feedback" aria-labelledby="match-feedback-title">
      <h2 id="match-feedback-title" className="card-title">
        {MATCH_FEEDBACK_TITLE}
      </h2>
      {may("requestInsights") ? (
        <StarRatingForm
          formId="match-feedback"
          idPrefix="match-rating"
          intent="feedback"
          hiddenFields={{ matchId }}
          legend={MATCH_FEEDBACK_LEGEND}
          placeholder="Tell us how the match went."
          submitLabel="Save"
          sendingLabel="Saving…"
          savedRating={savedRating}
          savedFeedback={savedFeedback}
          lastResult={outcome.result}
          outcome={outcome}
          showFormErrors
          preventScrollReset
        />
      ) : (
        <RoleNotice action="requestInsights" />
      )}
    </section>
  );
}
