import { PLAN_STAGE_LABELS } from "./engagement-copy";
import { businessRejectedCurrentVersion, type DeliveryItemStatus, type OutlineStatusFields } from "./engagement-state";

/**
 * Where a plan stands between the consultant, the engagement manager and the business (the
 * consultant's list and editor, the manager's console). Pure and isomorphic.
 */
export type PlanStage = keyof typeof PLAN_STAGE_LABELS;

type StageFields = Pick<
  OutlineStatusFields,
  "state" | "complete" | "egmReviewStatus" | "businessReviewStatus" | "businessRejectedVersion" | "version"
>;

export function planStage(outline: StageFields): PlanStage {
  if (outline.complete || outline.state === "complete") return "complete";
  if (outline.state === "draft") return "draft";
  if (outline.egmReviewStatus === "pending") return "manager_review";
  if (outline.egmReviewStatus === "revision") return "sent_back";
  // A later version approved by the manager waits for the business again (ADR 049).
  if (businessRejectedCurrentVersion(outline)) return "rejected";
  if (outline.businessReviewStatus === "approved") return "signed";
  return "business_review";
}

export function planStageLabel(outline: StageFields): string {
  return PLAN_STAGE_LABELS[planStage(outline)];
}

/** The next delivery date (YYYY-MM-DD) of a plan: the first item in plan order not yet approved. */
export function nextDeliveryDate(
  items: readonly { position: number; id: string; status: DeliveryItemStatus; deliveryDate: string }[],
): string | null {
  const open = [...items]
    .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id))
    .find((item) => item.status !== "approved");
  return open?.deliveryDate ?? null;
}

/** Today in UTC as YYYY-MM-DD (the statement of work's date; overdue uses todayAnywhereOnEarth). */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The console list's views: every engagement, or what needs a manager. */
export const ENGAGEMENT_FILTERS = ["all", "review", "overdue", "revision", "paused"] as const;
export type EngagementFilter = (typeof ENGAGEMENT_FILTERS)[number];
export const ENGAGEMENT_FILTER_LABELS: Record<EngagementFilter, string> = {
  all: "All",
  review: "Plans to review",
  overdue: "Overdue deliveries",
  revision: "Items in revision",
  paused: "Paused",
};

export function parseEngagementFilter(value: string | null): EngagementFilter {
  return (ENGAGEMENT_FILTERS as readonly string[]).includes(value ?? "") ? (value as EngagementFilter) : "all";
}
