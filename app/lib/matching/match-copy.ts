import { formatDate } from "~/lib/shared/dates";
import { categoryLabel } from "~/lib/shared/format";

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
/** The result card's title after an acceptance (the spec's 'Congratuations!', spelled right). */
export const DECISION_SUCCESS_TITLE = "Congratulations!";
/** The result card's title after a rejection: nothing to congratulate (issue #36 item 15). */
export const DECISION_REJECTED_TITLE = "Candidate rejected";
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
/** A decision on a candidate an engagement manager withdrew (unvetted or paused; issue #36 item 4). */
export const CANDIDATE_WITHDRAWN_MESSAGE =
  "This candidate was withdrawn and can no longer be accepted or rejected: they are no longer available through Partwise. We are finding your next candidate.";
export const CANDIDATE_NOT_FOUND_MESSAGE = "We couldn't find that candidate on your match request.";
export const CONSULTANT_NOT_FOUND_MESSAGE = "We couldn't find that consultant.";
export const CONTINUE_LABEL = "Continue";
export const CANCEL_LABEL = "Cancel";
export const OK_LABEL = "Ok";
/** The result card when the decision could not be saved at all (the database failed). */
export const DECISION_NOT_SAVED_MESSAGE = "Your decision could not be saved. Please try again later.";
export const DECISION_UNREADABLE_MESSAGE = "Choose Accept or Reject for a candidate on your match request.";
export const MATCH_INFO_TITLE = "Match Info";
export const MATCH_STATUS_TITLE = "Match Status";
export const YOUR_CONSULTANT_TITLE = "Your Consultant";

/** In-app notifications and emails after the business's decision. */
export const CONSULTANT_MATCHED_NOTICE = {
  consultantTitle: "You have been chosen",
  consultantBody: (business: string) =>
    `${business} accepted you as its consultant. Your engagement manager will be in touch to start the engagement plan.`,
  managerTitle: "A business accepted its consultant",
  managerBody: (business: string, consultant: string) =>
    `${business} accepted ${consultant}. The match is complete; the consultant drafts the engagement plan next.`,
} as const;
export const CANDIDATE_REJECTED_NOTICE = {
  title: "Pick the next candidate",
  body: (business: string, consultant: string) =>
    `${business} rejected ${consultant}. Propose the next candidate from the refreshed shortlist.`,
} as const;
export const CANDIDACY_CLOSED_NOTICE = {
  withdrawnTitle: "A candidacy was closed",
  withdrawnBody: (business: string) =>
    `${business} chose another consultant, so your candidacy for its request was withdrawn. Thank you for your time.`,
  notChosenTitle: "You were not chosen",
  notChosenBody: (business: string) => `${business} decided to go on with another candidate. Thank you for your time.`,
} as const;

/**
 * A candidacy withdrawn because an engagement manager unvetted or paused its consultant (issue #36
 * item 4, ADR 024): what the business, the managers and the consultant are told. The manager's
 * notes stay in the console; nobody else reads why.
 */
export const CANDIDATE_WITHDRAWN_NOTICE = {
  businessTitle: "Your candidate was withdrawn",
  /**
   * `area` is null for a request sent without a business area; `asConsultant` once the business
   * had accepted them; `backInMatching` when the request has no other candidate left and is in
   * smart matching again (else it goes on with the candidates it has).
   */
  businessBody: (
    consultant: string,
    area: string | null,
    asConsultant: boolean,
    planWithdrawn: boolean,
    backInMatching: boolean,
  ) => {
    const request = area ? `your ${area} match request` : "your match request";
    const what = asConsultant ? `as your consultant on ${request}` : `from ${request}`;
    const plan = planWithdrawn ? " Their engagement plan, not signed yet, was withdrawn with them." : "";
    const next = backInMatching
      ? "We are finding your next candidate."
      : "The request goes on with its other candidates.";
    return `${consultant} is no longer available through Partwise, so we withdrew them ${what}.${plan} ${next}`;
  },
  managerTitle: "A candidate was withdrawn",
  managerBody: (consultant: string, business: string, area: string | null, why: "unvetted" | "paused") => {
    const request = area ? `${area} match request` : "match request";
    const reason = why === "unvetted" ? "no longer vetted" : "paused";
    return `${consultant} (${reason}) was withdrawn from the ${request} of ${business}. Propose the next candidate from the refreshed shortlist.`;
  },
  consultantTitle: "Your candidacies were withdrawn",
  consultantBody: (count: number, why: "unvetted" | "paused") =>
    `An engagement manager withdrew ${count === 1 ? "your open candidacy" : `your ${count} open candidacies`} because your profile is ${
      why === "unvetted" ? "no longer vetted" : "paused"
    }.`,
} as const;

/** The match view's words for a candidate withdrawn while the business was deciding (or had chosen them). */
export function candidateWithdrawnText(consultant: string, on: Date | string): string {
  return `${consultant} is no longer available through Partwise, so we withdrew them from this match request on ${formatDate(on)}.`;
}

/**
 * What the manager reads after an unvet or a pause that withdrew `count` open candidacies (one per
 * match), of which `backInMatching` left their match without a candidate, so in smart matching
 * again; the others go on with the candidates they have.
 */
export function candidaciesWithdrawnSummary(count: number, backInMatching: number): string {
  if (count === 0) return "";
  const goOn = count - backInMatching;
  if (count === 1) {
    return backInMatching === 1
      ? "Their open candidacy was withdrawn and its match is back in smart matching."
      : "Their open candidacy was withdrawn; its match goes on with its other candidates.";
  }
  if (goOn === 0) return `Their ${count} open candidacies were withdrawn and their matches are back in smart matching.`;
  if (backInMatching === 0) {
    return `Their ${count} open candidacies were withdrawn; their matches go on with their other candidates.`;
  }
  const back = backInMatching === 1 ? "1 match is" : `${backInMatching} matches are`;
  const rest = goOn === 1 ? "1 goes on with its" : `${goOn} go on with their`;
  return `Their ${count} open candidacies were withdrawn: ${back} back in smart matching and ${rest} other candidates.`;
}

// --- matching feedback ------------------------------------------------------------------------

export const MATCH_FEEDBACK_SAVED_MESSAGE = "Thank you for your feedback!";
export const MATCH_FEEDBACK_NOT_YET_MESSAGE = "You can rate your match once you have been matched with a consultant.";
export const MATCH_FEEDBACK_LEGEND = "Rate your match";
export const MATCH_FEEDBACK_TITLE = "How was your match?";

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

// --- the smart-matching engine's notices to the engagement managers ---------------------------

export const SHORTLIST_READY_TITLE = "A shortlist is ready to review";
export const SHORTLIST_READY_ACTION = "Review the shortlist";
export const NO_CONSULTANT_FITS_TITLE = "No consultant fits yet";
export const NO_CONSULTANT_FITS_ACTION = "Open the request";
export const MATCHING_MANAGER_EMAIL_FOOTER =
  "You received this email because you are an engagement manager at Partwise.";

/** "Harbor & Pine Outfitters asked for help with Finance." (or without an area). */
function askedFor(businessName: string, category: string): string {
  return category === "unknown"
    ? `${businessName} asked for a consultant without naming a business area.`
    : `${businessName} asked for help with ${categoryLabel(category)}.`;
}

export function shortlistReadyBody(businessName: string, category: string, shortlisted: number): string {
  const count = shortlisted === 1 ? "1 consultant is" : `${shortlisted} consultants are`;
  return `${askedFor(businessName, category)} ${count} on the shortlist for you to review.`;
}

export function noConsultantFitsBody(businessName: string, category: string): string {
  return `${askedFor(
    businessName,
    category,
  )} No vetted consultant with free hours fits the request yet: find one by hand.`;
}

// --- the consultant's answer to a candidacy (/consultant) --------------------------------------

export const CANDIDACY_ACCEPT_CONFIRMATION =
  "The business will see your profile and decide whether to work with you. Accept only if you can take this on.";
export const CANDIDACY_DECLINE_CONFIRMATION =
  "The business will not see your profile, and you won't be asked about this request again.";
export const CANDIDACY_DECLINE_REASON_LABEL = "Reason (optional, seen only by your engagement manager)";
export const CANDIDACY_DECLINE_REASON_MAX = 1000;
export const CANDIDACY_DECLINE_REASON_TOO_LONG = "Keep the reason to 1,000 characters or fewer.";
export const CANDIDACY_CHOOSE_ANSWER_MESSAGE = "Choose Accept or Decline.";
/** The consultant tried to answer a candidacy that was withdrawn or closed meanwhile. */
export const CANDIDACY_WITHDRAWN_MESSAGE =
  "This candidacy was withdrawn, so it can no longer be answered. There is nothing more to do.";
export const CANDIDACY_ALREADY_ACCEPTED_MESSAGE =
  "You already accepted this candidacy, so it can no longer be declined here. If your plans changed, tell your engagement manager.";
export const CANDIDACY_NOT_FOUND_MESSAGE = "We couldn't find that candidacy.";
export const CANDIDACY_ALREADY_DECLINED_MESSAGE =
  "You already declined this candidacy, so it can no longer be accepted.";

/** The in-app notification and email to the business owner when a consultant accepted. */
export const CANDIDATE_READY_TITLE = "A consultant is ready for you";
/** `area` is null for a request sent without a business area. */
export function candidateReadyBody(area: string | null): string {
  const request = area ? `${area} match request` : "match request";
  return `A consultant accepted your ${request}. Review their profile and accept or reject them.`;
}

/** To the engagement managers when a consultant declined. */
export const CANDIDACY_DECLINED_TITLE = "A consultant declined a candidacy";
export function candidacyDeclinedBody(consultant: string, business: string, area: string | null): string {
  const request = area ? `${area} match request` : "match request";
  return `${consultant} declined the ${request} of ${business}. Propose the next candidate.`;
}
