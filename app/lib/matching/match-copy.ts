import { formatDate } from "~/lib/shared/dates";

/**
 * Every user-facing text of matching (spec §4 "Match request and candidates", §5 "Matching and
 * insight", §8 error catalogue), in one place for the screens, the API and the tests.
 * Pure and isomorphic.
 */

// --- the /create-match wizard -----------------------------------------------------------------

export const CREATE_MATCH_TITLE = "Create New Match";
export const MATCH_PROGRESS_LABELS = ["Area of Need", "Type of Engagement", "Match Request"] as const;
export const ENGAGEMENT_TYPE_PAGE_TITLE = "Select One Engagement Type";
export const MATCH_SUMMARY_PAGE_TITLE = "Match Request Summary";
export const ISSUE_CAUSE_PLACEHOLDER = "Tell us a bit more...";
export const I_AM_NOT_SURE_LABEL = "I'm not sure";

export const SELECT_BUSINESS_AREA_MESSAGE = "Select a business area";
export const CHOOSE_ENGAGEMENT_TYPE_MESSAGE = "Please choose an engagement type";
export const CONFIRM_BUSINESS_AREA_MESSAGE = "Please confirm your business area.";
export const CONFIRM_ENGAGEMENT_TYPE_MESSAGE = "Please confirm your engagement type.";
export const ISSUE_CAUSE_REQUIRED_MESSAGE = "Tell us what you need help with.";
export const ISSUE_CAUSE_LABEL = "What do you need help with?";
export const BUSINESS_AREA_LABEL = "Business Area";
export const ENGAGEMENT_TYPE_LABEL = "Engagement Type";
export const MATCH_PROBLEM_MAX_LENGTH = 4000;
export const MATCH_PROBLEM_TOO_LONG_MESSAGE = "Keep this to 4,000 characters or fewer.";
export const MATCH_MAX_FILES = 10;
export const MATCH_TOO_MANY_FILES_MESSAGE = `Attach at most ${MATCH_MAX_FILES} files.`;
export const MATCH_FILES_INVALID_MESSAGE = "One of the attached files could not be found. Attach it again.";
/** A requestId already used by another business: generic, says nothing about the other row. */
export const MATCH_REQUEST_CONFLICT_MESSAGE = "This request could not be created. Start a new match request.";
export const MATCHING_CLIENTS_ONLY_MESSAGE = "Only business accounts can request a match.";
export const CONFIRM_MATCH_PAGE_TITLE = "Confirm your match request";
export const MATCH_RESULT_PAGE_TITLE = "Your match request";

/** What each engagement type means, shown when it is selected. */
export const ENGAGEMENT_TYPE_DESCRIPTIONS = {
  fractional:
    "A senior leader who works with you part-time, week after week, as a member of your team (typically 10-20 hours a week over several months).",
  coaching:
    "Regular one-to-one sessions that help you or your leaders grow the skills to solve the problem yourselves (typically a few hours a week).",
  project:
    "A defined piece of work with a clear result, a schedule and deliverables, such as a pricing review or a new budgeting process.",
} as const;

// --- creating a request -----------------------------------------------------------------------

/** The wizard's success text. */
export const MATCH_REQUEST_SENT_MESSAGE = "Your match request has been sent!";

/**
 * The API's answer to every way of creating a match request (the wizard's and the two made from
 * insights). The client counts a creation as done only when its message contains 'have been
 * matched' (spec §4), so this one does.
 */
export const MATCH_REQUEST_CREATED_MESSAGE =
  "Your match request has been sent! Our engagement managers will contact you as soon as you have been matched with a consultant.";

/** The three parts of the failure text (spec §8), shown together. */
export const MATCH_REQUEST_FAILED_MESSAGES = [
  "There was an error sending your match request.",
  "You can still request a match, ",
  "please try again later!",
] as const;

/** Matching from an insight (the settings-flow text of spec §8). */
export const MATCH_SUBMIT_UNAVAILABLE_MESSAGE = "Unable to process your matching request at this time";

/** The congratulations card of type MATCHING. */
export const MATCHING_CONGRATULATIONS_MESSAGE = "Sending your Engagement request out to our top 1% of consultants.";

export const MATCH_NOT_FOUND_MESSAGE = "We couldn't find that match.";

// --- the business's decision on a suggested candidate ----------------------------------------

export const SUGGESTED_CANDIDATE_TITLE = "Suggested Candidate";
export const VIEW_CANDIDATE_LABEL = "View Candidate";
export const VIEW_CONSULTANT_LABEL = "View Consultant";
export const REJECT_CONSULTANT_TITLE = "Reject Consultant";
export const ACCEPT_CONSULTANT_TITLE = "Accept Consultant";
export const REJECT_CONSULTANT_CONFIRMATION =
  "Once you reject this consultant, they will no longer appear on your Match Status.";
export const ACCEPT_CONSULTANT_CONFIRMATION =
  "Once you accept this consultant, you will be contacted to begin a consulting plan.";
export const DECISION_SUCCESS_TITLE = "Congratulations!";
export const DECISION_FAILED_TITLE = "Something went wrong.";

/** The server's msg after an acceptance; contains 'success', which the client checks for. */
export function candidateAcceptedMessage(consultantName: string): string {
  return `Your decision was saved successfully. You have been matched with ${consultantName}, who will contact you to begin a consulting plan.`;
}

/** The server's msg after a rejection, with the date of the next candidate; contains 'success'. */
export function candidateRejectedMessage(nextBy: Date | string): string {
  return `Your decision was saved successfully. We are finding your next candidate; you will see them by ${formatDate(
    nextBy,
  )}.`;
}

/** A decision on a candidacy that is no longer open (already decided, or not ready yet). */
export const CANDIDATE_NOT_OPEN_MESSAGE = "This candidate is no longer waiting for your decision.";
export const CANDIDATE_NOT_FOUND_MESSAGE = "We couldn't find that candidate on your match request.";
export const CONSULTANT_NOT_FOUND_MESSAGE = "We couldn't find that consultant.";

// --- matching feedback ------------------------------------------------------------------------

export const MATCH_FEEDBACK_SAVED_MESSAGE = "Thank you for your feedback!";
export const MATCH_FEEDBACK_NOT_YET_MESSAGE = "You can rate your match once you have been matched with a consultant.";

/**
 * How long the business waits for its next candidate after a rejection or a declined candidacy:
 * two business days (Saturday and Sunday are skipped), the promise the status sentence states.
 */
export const NEXT_CANDIDATE_BUSINESS_DAYS = 2;

/** The instant `days` business days after `from` (weekends skipped; time of day kept). Pure. */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date;
}
