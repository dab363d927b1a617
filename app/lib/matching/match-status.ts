import type { MatchRequestStatus } from "~db/enums";
import { formatDate } from "~/lib/shared/dates";

/**
 * The match status catalogue (spec §4 "Match request and candidates"): the sentence the server
 * answers as a match request's `value`, derived from the request's row in one place
 * (matchStatusText, never stored), and how the client reads it.
 * The client's status bar derives its step from keywords in the sentence, and a tile whose
 * sentence says 'profile' opens the candidate, so each sentence carries exactly the keyword of
 * its step and no other (beware words that contain one: "already" contains 'ready'). Pure and
 * isomorphic.
 */
export const MATCH_STATUS_TEXTS: Record<MatchRequestStatus, string> = {
  /** 'finding the best consultant' → step TWO (Smart Matching), complete */
  submitted: "We are finding the best consultant for your request.",
  /** the engine's shortlist waits for the engagement manager; same step and sentence */
  matching: "We are finding the best consultant for your request.",
  /** 'being paired' → step TWO, complete: a consultant was asked and has not answered yet */
  candidates_proposed: "Your request is being paired with a consultant who fits it.",
  /** 'found the best fit' → step THREE, review; 'profile' → the tile opens the candidate */
  awaiting_decision: "We found the best fit for your request. Review your consultant's profile.",
  /** 'good choice' / 'have been matched' → step FOUR, complete */
  consultant_matched: "Good choice! You have been matched with your consultant, who will draft your engagement plan.",
  /** 'good choice' → step FOUR, complete: the consultant drafts, the manager reviews */
  outline_draft: "Good choice! Your consultant is drafting your engagement plan.",
  /** 'made an engagement plan' → step FOUR, review */
  outline_proposed: "Your consultant made an engagement plan for you to review.",
  /** 'plan is active' → step FIVE, review */
  engagement_active: "Your engagement plan is active! Review the progress here!",
  /**
   * 'engagement is complete' → step FIVE, complete (ours, read before the spec's 'view their
   * findings', which asks for action: a finished engagement asks for none)
   */
  completed: "Your engagement is complete. View their findings in your documents.",
  /** no keyword: step ONE, incomplete */
  cancelled: "This match request was cancelled.",
};

/**
 * A match request's status sentence (its `value` in the API) from its row: the status's sentence,
 * or, while a request that lost a candidate is back in smart matching, the one with the date by
 * which the business will see its next candidate (`nextCandidateBy`, set when a candidate left).
 */
export function matchStatusText(request: { status: MatchRequestStatus; nextCandidateBy: Date | null }): string {
  if (request.nextCandidateBy && (request.status === "submitted" || request.status === "matching"))
    return nextCandidateStatusText(request.nextCandidateBy);
  return MATCH_STATUS_TEXTS[request.status];
}

/**
 * The sentence after a rejection or a declined candidacy: still step TWO ('finding the best
 * consultant'), with the date by which the business will see its next candidate.
 */
export function nextCandidateStatusText(by: Date | string): string {
  return `We are finding the best consultant for your request. You will see your next candidate by ${formatDate(by)}.`;
}

/** The five steps of the match status bar (spec §2, "Match Requested" spelled right). */
export const MATCH_STEPS = [
  "Match Requested",
  "Smart Matching",
  "Review Consultant",
  "Match Complete",
  "Done!",
] as const;

/** complete: the step is done; review: the business must act (spec: REVIEW means action required). */
export type MatchStepState = "complete" | "review" | "incomplete";

export type MatchStep = { step: 1 | 2 | 3 | 4 | 5; state: MatchStepState };

const STEP_KEYWORDS: readonly { words: readonly string[]; step: MatchStep }[] = [
  // A finished engagement is done, not waiting for the business (issue #36): before the spec's
  // step FIVE review words, which its sentence also carries.
  { words: ["engagement is complete"], step: { step: 5, state: "complete" } },
  { words: ["finding the best consultant", "being paired"], step: { step: 2, state: "complete" } },
  { words: ["payment was successful"], step: { step: 3, state: "complete" } },
  { words: ["complete payment", "found the best fit"], step: { step: 3, state: "review" } },
  {
    words: [
      "submitted to our consulting team",
      "sent to the top",
      "have been matched",
      "requested a match",
      "good choice",
    ],
    step: { step: 4, state: "complete" },
  },
  { words: ["made an engagement plan"], step: { step: 4, state: "review" } },
  {
    words: ["ready", "view their findings", "now making a delivery", "plan is active"],
    step: { step: 5, state: "review" },
  },
];

/** The status bar's step and state from a `value` (matchStatusText), by the spec's keywords, first match wins. */
export function matchStep(value: string): MatchStep {
  const text = value.toLowerCase();
  for (const entry of STEP_KEYWORDS) {
    if (entry.words.some((word) => text.includes(word))) return entry.step;
  }
  return { step: 1, state: "incomplete" };
}

/** A tile whose `value` speaks of a profile opens the suggested candidate (spec §4). */
export function matchValueOpensCandidate(value: string): boolean {
  return value.toLowerCase().includes("profile");
}

/** Statuses whose requests are finished: the Completed side of the Matching toggle. */
export const FINISHED_MATCH_STATUSES: readonly MatchRequestStatus[] = ["completed", "cancelled"];

/** Statuses at which the business has its consultant (a matchedConsultant exists). */
export const MATCHED_STATUSES: readonly MatchRequestStatus[] = [
  "consultant_matched",
  "outline_draft",
  "outline_proposed",
  "engagement_active",
  "completed",
];
