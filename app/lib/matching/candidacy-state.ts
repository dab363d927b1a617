import type {
  BusinessDecisionStatus,
  CandidacyWithdrawalReason,
  CandidateStatus,
  EngagementType,
  MatchRequestStatus,
} from "~db/enums";
import { formatDate } from "~/lib/shared/dates";
import { categoryLabel } from "~/lib/shared/format";

/**
 * A candidacy as the consultant sees it in their portal: where it stands for them, derived from
 * both sides of the candidate row and from its match request, and what that means. Pure and
 * isomorphic.
 */

/** The inbox's groups, in the order the inbox shows them (what needs action first). */
export const CANDIDACY_STATES = ["to_answer", "accepted", "matched", "not_chosen", "declined", "withdrawn"] as const;

export type CandidacyState = (typeof CANDIDACY_STATES)[number];

export const CANDIDACY_STATE_LABELS: Record<CandidacyState, string> = {
  to_answer: "To answer",
  accepted: "Accepted — waiting for the business",
  matched: "Matched",
  not_chosen: "Not chosen",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

/** The candidacy page's title once an engagement manager withdrew it (the business is not named). */
export const WITHDRAWN_CANDIDACY_TITLE = "Withdrawn candidacy";
/** In place of the business's name on a candidacy an engagement manager withdrew. */
export const HIDDEN_BUSINESS_LABEL = "A business no longer shown to you";

/** The inbox's empty text per group; only the first group is shown when empty. */
export const NOTHING_TO_ANSWER_MESSAGE =
  "When an engagement manager proposes you for a business's request, it appears here and we email you.";
export const NO_CANDIDACIES_MESSAGE =
  "You have no candidacies yet. Once you are proposed for a request, you will find it here with everything the business shared.";

/** Statuses at which a match request can still take a consultant's answer. */
export const OPEN_MATCH_STATUSES: readonly MatchRequestStatus[] = [
  "matching",
  "candidates_proposed",
  "awaiting_decision",
];

export type CandidacyFacts = {
  consultantId: string;
  status: CandidateStatus;
  businessDecisionStatus: BusinessDecisionStatus;
  requestStatus: MatchRequestStatus;
  matchedConsultantId: string | null;
  /** Why the candidacy was withdrawn, when it was (null or absent otherwise). */
  withdrawalReason?: CandidacyWithdrawalReason | null;
  withdrawnAt?: Date | string | null;
};

/**
 * Withdrawn by an engagement manager who unvetted or paused the consultant (issue #36 item 4):
 * the consultant no longer sees the business, its request or its files.
 */
export function withdrawnByManager(facts: Pick<CandidacyFacts, "status" | "withdrawalReason">): boolean {
  return facts.status === "withdrawn" && (facts.withdrawalReason === "unvetted" || facts.withdrawalReason === "paused");
}

/**
 * Where a candidacy stands for its consultant. A request that was matched with someone else or
 * cancelled closes every candidacy still open on it, even before its row says withdrawn.
 */
export function candidacyState(facts: CandidacyFacts): CandidacyState {
  // First: a manager's withdrawal stands even over the business's acceptance of an unsigned match.
  if (withdrawnByManager(facts)) return "withdrawn";
  if (facts.matchedConsultantId === facts.consultantId || facts.businessDecisionStatus === "accepted") {
    return "matched";
  }
  if (facts.status === "declined") return "declined";
  if (facts.status === "withdrawn" || facts.businessDecisionStatus === "rejected") return "not_chosen";
  if (!OPEN_MATCH_STATUSES.includes(facts.requestStatus)) return "not_chosen";
  return facts.status === "proposed" ? "to_answer" : "accepted";
}

/** What happens next, in one or two sentences, for the candidacy page. */
export function candidacyNextStep(facts: CandidacyFacts, respondedAt: Date | string | null): string {
  switch (candidacyState(facts)) {
    case "to_answer":
      return "The business has not seen you yet. If you accept, it sees your profile and decides whether to work with you; if you decline, your engagement manager proposes someone else.";
    case "accepted":
      return "The business is reviewing your profile. We'll tell you in the app and by email when it decides.";
    case "matched":
      return "The business chose you. Your engagement manager will be in touch to start the engagement plan.";
    case "declined":
      return respondedAt
        ? `You declined this candidacy on ${formatDate(respondedAt)}. There is nothing more to do.`
        : "You declined this candidacy. There is nothing more to do.";
    case "withdrawn": {
      const on = facts.withdrawnAt ? ` on ${formatDate(facts.withdrawnAt)}` : "";
      const why = facts.withdrawalReason === "paused" ? "is paused" : "is no longer vetted";
      return `Your engagement manager withdrew this candidacy${on} because your profile ${why}. The business and its request are no longer shown to you.`;
    }
    case "not_chosen":
      if (facts.businessDecisionStatus === "rejected") {
        return "The business decided not to go ahead with you for this request. There is nothing more to do.";
      }
      if (facts.requestStatus === "cancelled") {
        return "The business cancelled this request, so the candidacy was withdrawn. There is nothing more to do.";
      }
      return "The business chose another consultant, so this candidacy was withdrawn. There is nothing more to do.";
  }
}

const ENGAGEMENT_TYPE_LABELS: Record<EngagementType, string> = {
  fractional: "Fractional",
  coaching: "Coaching",
  project: "Project",
};

/** The business area as shown; a request sent without one reads "Not sure yet". */
export function candidacyAreaLabel(category: string): string {
  return category === "unknown" ? "Not sure yet" : categoryLabel(category);
}

/** The engagement type as shown; none chosen reads "Not sure yet". */
export function candidacyTypeLabel(type: EngagementType | null): string {
  return type ? ENGAGEMENT_TYPE_LABELS[type] : "Not sure yet";
}

/** "25-50 employees". */
export function employeeBandLabel(band: string): string {
  return `${band} employees`;
}

/** The inbox's first line: what needs the consultant now. */
export function toAnswerSummary(count: number): string {
  if (count === 0) return "Nothing needs your answer right now.";
  return count === 1 ? "1 candidacy waits for your answer." : `${count} candidacies wait for your answer.`;
}
