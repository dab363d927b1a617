import * as z from "zod";
import { FeedbackFormSchema } from "~/lib/insights/insight-schemas";
import { MATCH_STEPS, matchStep } from "./match-status";
import { DECISION_UNREADABLE_MESSAGE } from "./match-copy";

/**
 * The business's match view (spec §2 /features Matching, §3 Match request, §4 "Match request and
 * candidates"): its request and answer shapes, the status bar's reading of `value`, and the URL
 * states of the candidate panel. Pure and isomorphic.
 */

export const BUSINESS_DECISIONS = ["accepted", "rejected"] as const;
export type BusinessDecision = (typeof BUSINESS_DECISIONS)[number];

const IdSchema = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(80, `${name} is not valid.`);

/** `PUT /api/matching/matchRequest/business-decision/{matchRequestId}` (spec §7). */
export const BusinessDecisionSchema = z.object({
  consultantId: IdSchema("consultantId"),
  decision: z.enum(BUSINESS_DECISIONS, { error: DECISION_UNREADABLE_MESSAGE }),
});
export type BusinessDecisionInput = z.infer<typeof BusinessDecisionSchema>;

/** The page's decision form (intent=decide): the same fields plus the match it is about. */
export const DecideIntentSchema = BusinessDecisionSchema.extend({
  intent: z.literal("decide"),
  matchId: IdSchema("matchId"),
});

/** `PUT /api/matching/matchRequest/feedback/` (spec §3 Feedback, §7 matching feedback). */
export const MatchFeedbackPayloadSchema = FeedbackFormSchema.extend({ matchId: IdSchema("matchId") });
export type MatchFeedbackInput = z.infer<typeof MatchFeedbackPayloadSchema>;

/** A consultant as the business sees them (spec §3 Candidate / Consultant info, with who they are). */
export type ConsultantInfo = {
  consultantId: string;
  firstName: string;
  lastName: string;
  headline: string;
  location: string;
  yearsOfExperience: number;
  education: string;
  missionStatement: string;
  bio: string;
  /** The published photo's address, or null when the consultant has none. */
  photoUrl: string | null;
  linkedinUrl: string | null;
  /** "$150 per hour", or null before a rate is set. */
  rate: string | null;
  // What a hiring owner decides from (issue #36 item 19), the same profile the manager vets. All
  // in words; nothing private (no email, phone, payout details or the manager's notes).
  /** "Finance", "HR", … */
  businessAreas: string[];
  /** "Fractional", "Coaching", "Project". */
  engagementTypes: string[];
  /** NAICS sectors by their titles ("Retail Trade"). */
  industries: string[];
  /** NAICS subsectors by their titles ("Merchant Wholesalers, Durable Goods"). */
  industrySpecialties: string[];
  /** "25-50 employees". */
  companySizes: string[];
  availability: {
    /** "Available for new work" / "Limited: a small engagement at most" / "Not taking new work". */
    status: string;
    hoursPerWeek: number;
    /** "Eastern Time (New York)". */
    timeZone: string;
    /** YYYY-MM-DD while the consultant is away, else null. */
    awayUntil: string | null;
  };
  /** Past clients as the profile states them. */
  pastClients: { description: string; industry: string; size: string; years: number }[];
  /** Engagements through Partwise that were completed, newest first, with the client's rating (1-5) if any; no client named. */
  completedEngagements: { area: string; type: string; industry: string; size: string; rating: number | null }[];
  /** The average (one decimal) and count of the ratings of completed engagements; null before the first. */
  rating: { average: number; count: number } | null;
};

export type CandidateView = ConsultantInfo & {
  status: "accepted";
  businessDecisionStatus: "pending" | "accepted";
};

/** The spec §3 match request entity, as GET get-match-request answers it and the page reads it. */
export type MatchRequestView = {
  _id: string;
  matchRequestId: string;
  createdAt: string;
  value: string;
  requestInfo: { category: string; consultingType: string | null; problemStatement: string };
  candidates: CandidateView[];
  /**
   * Candidates the business had seen (accepted by the consultant, or chosen) whom an engagement
   * manager withdrew (unvetted or paused; issue #36 item 4), while the request still looks for
   * its consultant; withdrawnAt is ISO 8601.
   */
  withdrawnCandidates: { firstName: string; lastName: string; withdrawnAt: string }[];
  matchedConsultant: ConsultantInfo | null;
  draftDeliveryOutline: string | null;
  proposedDeliveryOutline: string | null;
  activeDeliveryOutline: string | null;
  /** When the business is promised its next candidate (after a rejection or a decline), else null. */
  nextCandidateBy: string | null;
  files: { fileName: string; originalName: string; size: number }[];
  /** The saved matching feedback, once given. */
  feedback: { clientSatisfaction: number; clientFeedback: string } | null;
};

/** A candidate the business can still accept or reject (spec §4: accepted by the consultant, decision pending). */
export function awaitsDecision(candidate: Pick<CandidateView, "status" | "businessDecisionStatus">): boolean {
  return candidate.status === "accepted" && candidate.businessDecisionStatus === "pending";
}

export type StatusBarStep = {
  label: (typeof MATCH_STEPS)[number];
  number: number;
  /** done: behind the current step; current: the step the request is at; upcoming: ahead of it. */
  position: "done" | "current" | "upcoming";
  /** Of the current step: complete, or review (the business must act). */
  state: "complete" | "review" | "incomplete";
};

/** The five steps of the status bar for a `value` (steps before the current one are done). */
export function statusBarSteps(value: string): StatusBarStep[] {
  const current = matchStep(value);
  return MATCH_STEPS.map((label, index) => {
    const number = index + 1;
    if (number < current.step) return { label, number, position: "done", state: "complete" };
    if (number === current.step) return { label, number, position: "current", state: current.state };
    return { label, number, position: "upcoming", state: "incomplete" };
  });
}

/** What screen readers hear after a step's label. */
export function stepStateLabel(step: StatusBarStep): string {
  if (step.position === "done") return "done";
  if (step.position === "upcoming") return "not started";
  if (step.state === "review") return "action required";
  if (step.state === "complete") return "complete";
  return "in progress";
}

/** "Fractional"; "Not sure yet" when the business chose "I'm not sure". */
export function consultingTypeLabel(type: string | null): string {
  if (!type) return "Not sure yet";
  return type.charAt(0).toUpperCase() + type.slice(1).toLowerCase();
}

export type ConfirmKind = "accept" | "reject";

/** The /features URL of a match view state: the match, a consultant's panel, a confirmation card. */
export function matchViewHref(
  matchId: string,
  state: { viewCandidate?: string | null; confirm?: ConfirmKind | null } = {},
): string {
  const params = new URLSearchParams({ matchId });
  if (state.viewCandidate) params.set("viewCandidate", state.viewCandidate);
  if (state.viewCandidate && state.confirm) params.set("confirm", state.confirm);
  return `/features?${params.toString()}`;
}

/** `?confirm=` as the page reads it (anything else shows no confirmation card). */
export function parseConfirm(value: string | null): ConfirmKind | null {
  return value === "accept" || value === "reject" ? value : null;
}

/** The decision result card's title: the client counts a decision as done when the msg says 'success' (spec §4). */
export function decisionSucceeded(msg: string): boolean {
  return msg.toLowerCase().includes("success");
}
