import type { MatchRequestStatus } from "~db/enums";

/**
 * The match status catalogue (spec §4 "Match request and candidates"): the sentence the server
 * stores as a match request's `value` (match_requests.status_text). The client's status bar
 * derives its step from keywords in it, so each sentence carries the keyword of its step.
 * A status without its own sentence answers the `submitted` one (matchStatusText), so each status
 * that comes into use needs its sentence, with its step's keyword, here. Pure and isomorphic.
 */
export const MATCH_STATUS_TEXTS: Partial<Record<MatchRequestStatus, string>> = {
  /** keyword 'finding the best consultant' → step TWO (Smart Matching), complete */
  submitted: "We are finding the best consultant for your request.",
};

export function matchStatusText(status: MatchRequestStatus): string {
  return MATCH_STATUS_TEXTS[status] ?? MATCH_STATUS_TEXTS.submitted!;
}
