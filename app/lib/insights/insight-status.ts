import type { InsightRequestStatus } from "~db/enums";

/**
 * The insight status catalogue (spec §4 "Insight"). The server answers one of these sentences as
 * the request's `value`, derived from its row when read (insightStatusText, never stored, ADR
 * 061); the client derives what a tile shows from keywords in that sentence, exactly as spec §4
 * lists them. Every server sentence contains its keyword, so the two stay in step
 * (tests/unit/insights/insight-status.test.ts proves each pairing).
 * Pure and isomorphic; only a type comes from db/schema.
 */

/** The server's sentences, per request status. */
export const INSIGHT_STATUS_TEXTS = {
  /** keyword 'Complete payment' */
  awaiting_payment: "Complete payment to submit your insight request.",
  /** keyword 'payment was successful' */
  submitted_paid: "Your payment was successful and your insight request is with our team.",
  /** keyword 'top 1%': the plan's monthly allowance covered it, no payment was taken */
  submitted_covered: "Included in your plan: your insight request is with our top 1% of experts.",
  /** keyword 'reviewed by management' */
  in_review: "Your insight request is being reviewed by management.",
  /** keyword 'is ready' */
  ready: "Your insight is ready to view.",
} as const;

/** A request's sentence from its `status` and `coveredByPlan` (paid by the plan's allowance). */
export function insightStatusText(status: InsightRequestStatus, coveredByPlan: boolean): string {
  switch (status) {
    case "awaiting_payment":
      return INSIGHT_STATUS_TEXTS.awaiting_payment;
    case "submitted":
      return coveredByPlan ? INSIGHT_STATUS_TEXTS.submitted_covered : INSIGHT_STATUS_TEXTS.submitted_paid;
    case "in_review":
      return INSIGHT_STATUS_TEXTS.in_review;
    case "ready":
      return INSIGHT_STATUS_TEXTS.ready;
  }
}

/** Every value insight's sentence (derived from the books, never paid for): keyword 'is ready'. */
export const VALUE_INSIGHT_STATUS_TEXT = "Your value insight is ready to view.";

/** What the client shows (spec §4). */
export const CLIENT_INSIGHT_STATUS = {
  payment: "Complete payment to submit your insight request.",
  submitted: "Your insight request has been submitted!",
  generating: "Your insight is being generated.",
  available: "Your insight is available!",
  underReview: "Your insight is under review.",
} as const;

/** An unpaid request as a member who may not pay reads it (docs/decisions/071). */
export const INSIGHT_AWAITING_PAYER_TEXT = "Your insight request waits for an owner or admin to pay for it.";

/** Tiles in the Delivered category (spec §4). */
export const CLICK_TO_VIEW = "Click here to view.";

/** spec §4 keyword rules, in their order; matching ignores case. */
export function clientInsightStatus(value: string | null | undefined): string {
  const text = (value ?? "").toLowerCase();
  if (text.includes("complete payment")) return CLIENT_INSIGHT_STATUS.payment;
  if (text.includes("payment was successful") || text.includes("top 1%")) return CLIENT_INSIGHT_STATUS.submitted;
  if (text.includes("reviewed by management")) return CLIENT_INSIGHT_STATUS.generating;
  if (text.includes("is ready")) return CLIENT_INSIGHT_STATUS.available;
  return CLIENT_INSIGHT_STATUS.underReview;
}

/** spec §4: an insight event counts as completed if its flag is set or its value contains 'ready'. */
export function isInsightCompleted(event: { completed?: boolean | null; value?: string | null }): boolean {
  return Boolean(event.completed) || (event.value ?? "").toLowerCase().includes("ready");
}

/** spec §4 "Payment": the request's payment label. */
export const PAY_NOW_LABEL = "Pay Now";
export const PAYMENT_COMPLETE_LABEL = "Payment Complete";
/**
 * A request the plan's monthly allowance covered was never paid for: its payment state says so
 * (issue #36), the words the wizard's confirmation uses for its price.
 */
export const INCLUDED_IN_PLAN_LABEL = "Included in your plan";

/** What a request's payment state shows once nothing is left to pay: included, or paid. */
export function paidStateLabel(request: { coveredByPlan: boolean }): string {
  return request.coveredByPlan ? INCLUDED_IN_PLAN_LABEL : PAYMENT_COMPLETE_LABEL;
}
