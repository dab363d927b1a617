import * as z from "zod";
import type {
  BusinessDecisionStatus,
  CandidateStatus,
  EngagementType,
  MATCH_SOURCES,
  MatchCategory,
  MatchFactor,
  MatchRequestStatus,
  SuggestionStatus,
} from "~db/enums";
import { categoryLabel } from "~/lib/shared/format";

/**
 * The engagement manager console's match pages (`/manage/matches`): the queue's filters, the
 * labels of statuses and factors, the request page's actions and their notices. Shared by the
 * browser and the route actions; pure (only types come from db/enums).
 */

/** Statuses at which the engagement manager has to act: a shortlist to review or a next candidate to propose. */
export const MATCH_TO_DO_STATUSES = ["submitted", "matching"] as const satisfies readonly MatchRequestStatus[];

/** Statuses at which someone else answers first: the consultant, then the business. */
export const MATCH_WAITING_STATUSES = [
  "candidates_proposed",
  "awaiting_decision",
] as const satisfies readonly MatchRequestStatus[];

/** A request still looking for its consultant: a suggestion may be proposed and matching run again. */
export const MATCH_OPEN_STATUSES = [
  ...MATCH_TO_DO_STATUSES,
  ...MATCH_WAITING_STATUSES,
] as const satisfies readonly MatchRequestStatus[];

export type MatchQueueShow = "todo" | "waiting" | "all";

/** The queue's filters, in the order the console shows them; the first is the default. */
export const MATCH_QUEUE_FILTERS = [
  { show: "todo", label: "To do" },
  { show: "waiting", label: "Waiting" },
  { show: "all", label: "All" },
] as const satisfies readonly { show: MatchQueueShow; label: string }[];

export type MatchQueueFilter = { show: MatchQueueShow; mine: boolean };

/** `?show=todo|waiting|all&mine=1`; anything else is the whole "To do" queue. */
export function matchQueueFilterFrom(params: URLSearchParams): MatchQueueFilter {
  const show = MATCH_QUEUE_FILTERS.find((filter) => filter.show === params.get("show"))?.show ?? "todo";
  return { show, mine: params.get("mine") === "1" };
}

/** The queue's address for a filter (the default parts left out). */
export function matchQueuePath(filter: MatchQueueFilter): string {
  const params = new URLSearchParams();
  if (filter.show !== "todo") params.set("show", filter.show);
  if (filter.mine) params.set("mine", "1");
  const query = params.toString();
  return query ? `/manage/matches?${query}` : "/manage/matches";
}

/** A match request's page in the console (the deep link of the managers' notifications). */
export const matchRequestConsolePath = (id: string) => `/manage/matches/${encodeURIComponent(id)}`;

export function matchQueueEmpty(filter: MatchQueueFilter): string {
  const whose = filter.mine ? " assigned to you" : "";
  if (filter.show === "todo") return `No match requests${whose} are waiting for a proposal.`;
  if (filter.show === "waiting") return `No match requests${whose} are waiting for a consultant or a business.`;
  return `No open match requests${whose}.`;
}

/** What a request waits for, as the queue and the request page name it. */
export const MATCH_STATUS_LABELS: Record<MatchRequestStatus, string> = {
  submitted: "New: not ranked yet",
  matching: "Shortlist to review",
  candidates_proposed: "Waiting for the consultant",
  awaiting_decision: "Waiting for the business",
  consultant_matched: "Matched",
  outline_draft: "Matched: plan in draft",
  outline_proposed: "Matched: plan proposed",
  engagement_active: "Engagement active",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const ENGAGEMENT_TYPE_LABELS: Record<EngagementType, string> = {
  fractional: "Fractional",
  coaching: "Coaching",
  project: "Project",
};

/** The client chose "I'm not sure" (no engagement type). */
export const ENGAGEMENT_TYPE_OPEN = "Not sure yet";

export function engagementTypeLabel(type: EngagementType | null): string {
  return type ? ENGAGEMENT_TYPE_LABELS[type] : ENGAGEMENT_TYPE_OPEN;
}

/** The business area of a request; 'unknown' is the client's "I'm not sure". */
export function matchAreaLabel(category: MatchCategory): string {
  return category === "unknown" ? "Not sure yet" : categoryLabel(category);
}

export const MATCH_SOURCE_LABELS: Record<(typeof MATCH_SOURCES)[number], string> = {
  direct: "Match request",
  insight_report: "From an insight report",
  value_insight: "From a value insight",
};

export const MATCH_FACTOR_LABELS: Record<MatchFactor, string> = {
  business_area: "Business area",
  engagement_type: "Engagement type",
  industry: "Industry",
  company_size: "Company size",
  capacity: "Capacity",
  ratings: "Ratings",
  books: "The business's books",
};

export const SUGGESTION_STATUS_LABELS: Record<SuggestionStatus, string> = {
  pending: "Not decided",
  proposed: "Proposed",
  skipped: "Skipped",
};

export const CANDIDATE_STATUS_LABELS: Record<CandidateStatus, string> = {
  proposed: "Asked, no answer yet",
  accepted: "Accepted the candidacy",
  declined: "Declined the candidacy",
  withdrawn: "Withdrawn",
};

export const BUSINESS_DECISION_LABELS: Record<BusinessDecisionStatus, string> = {
  pending: "Not decided",
  accepted: "Accepted",
  rejected: "Rejected",
};

// The request page's actions.

export const MATCH_ASSIGNED_MESSAGE = "This match request is assigned to you.";
export const SUGGESTION_SKIPPED_MESSAGE = "Skipped. The consultant stays on the shortlist as skipped.";
export const MATCHING_RERUN_MESSAGE = "Matching ran again. The shortlist below is up to date.";
export const UNKNOWN_MATCH_ACTION_MESSAGE = "Choose Assign to me, Propose, Skip or Re-run matching.";

export function candidateProposedMessage(consultant: string): string {
  return `${consultant} was proposed. They have been notified and asked to accept or decline.`;
}

// Refusals (409 with the reason).
export const SUGGESTION_NOT_ON_SHORTLIST_MESSAGE = "That consultant is not on this request's shortlist.";
export const SUGGESTION_ALREADY_PROPOSED_MESSAGE = "This consultant has already been proposed.";
export const SUGGESTION_SKIPPED_REFUSED_MESSAGE = "This consultant was skipped. Run matching again to rank them anew.";
export const CONSULTANT_NOT_VETTED_MESSAGE = "This consultant is no longer vetted and cannot be proposed.";
export const CONSULTANT_UNAVAILABLE_MESSAGE = "This consultant is not available at the moment and cannot be proposed.";
export const CONSULTANT_AWAY_MESSAGE = "This consultant is away and cannot be proposed until they are back.";
export const CONSULTANT_PAUSED_MESSAGE =
  "This consultant is paused and cannot be proposed until a manager unpauses them.";
export const ALREADY_CANDIDATE_MESSAGE = "This consultant is already a candidate on this request.";
export const MATCH_CLOSED_MESSAGE = "This match request already has its consultant, or it was closed.";

// The page's explanations.
export const SHORTLIST_EMPTY_MESSAGE =
  "The engine has not shortlisted anyone yet. Run matching again once consultants' profiles change.";

// What the consultant receives when proposed.
export const CANDIDATE_PROPOSED_TITLE = "You have a new candidacy";
export const CANDIDATE_PROPOSED_ACTION = "Review the candidacy";
export const CANDIDATE_PROPOSED_FOOTER =
  "You received this email because you are a Partwise consultant and an engagement manager proposed you for a request.";

/** The candidacy's one-sentence description: the area and the engagement type. */
export function candidateProposedBody(category: MatchCategory, type: EngagementType | null): string {
  const engagement = type ? `a ${ENGAGEMENT_TYPE_LABELS[type].toLowerCase()} engagement` : "an engagement";
  const area = category === "unknown" ? "whose business area is still open" : `in ${categoryLabel(category)}`;
  return `You have been proposed for ${engagement} ${area}. Review the request and accept or decline the candidacy.`;
}

/** The consultant portal's page of one candidacy. */
export const candidacyPath = (candidateId: string) => `/consultant/candidacies/${encodeURIComponent(candidateId)}`;

const id = z.string().trim().min(1).max(200);

/** The request page's forms: each button posts its intent (and the shortlist entry it is about). */
export const MatchConsoleActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("assign") }),
    z.object({ intent: z.literal("rerun") }),
    z.object({ intent: z.literal("propose"), suggestionId: id }),
    z.object({ intent: z.literal("skip"), suggestionId: id }),
  ],
  { error: UNKNOWN_MATCH_ACTION_MESSAGE },
);
export type MatchConsoleAction = z.infer<typeof MatchConsoleActionSchema>;
