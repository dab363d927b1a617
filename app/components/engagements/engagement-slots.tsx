import type { BusinessEngagement } from "~/lib/engagements/engagement-display";
import type { DeliverableSlots } from "./engagement-panel";

/**
 * What the plan's review (H2: PlanReviewDialog, SignedStatements) and the deliverables' actions
 * (H4: prepay, item review, rating, results) add to the Deliverables section, in one place for
 * the /features panel and /engagement-portal.
 */
export function useDeliverableSlots(engagement: BusinessEngagement | null): DeliverableSlots {
  if (!engagement) return {};
  // ===== WIRING: H2 plan review / signed statements and H4 deliverable actions land here =====
  return {};
}
