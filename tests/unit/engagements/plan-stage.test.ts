import { deliverableStatusLabel } from "~/lib/engagements/deliverable-status";
import { describe, expect, it } from "vitest";
import {
  nextDeliveryDate,
  parseEngagementFilter,
  planStage,
  planStageLabel,
  utcToday,
} from "~/lib/engagements/plan-stage";

const base = {
  state: "draft" as const,
  complete: false,
  egmReviewStatus: "pending" as const,
  businessReviewStatus: "pending" as const,
  version: 1,
  businessRejectedVersion: null as number | null,
};

describe("planStage", () => {
  it("names where the plan stands between the consultant, the manager and the business", () => {
    expect(planStage(base)).toBe("draft");
    expect(planStage({ ...base, state: "proposed" })).toBe("manager_review");
    expect(planStage({ ...base, state: "proposed", egmReviewStatus: "revision" })).toBe("sent_back");
    expect(planStage({ ...base, state: "proposed", egmReviewStatus: "approved" })).toBe("business_review");
    expect(
      planStage({
        ...base,
        state: "proposed",
        egmReviewStatus: "approved",
        businessReviewStatus: "revision",
        businessRejectedVersion: 1,
      }),
    ).toBe("rejected");
    // The next version, approved by the manager, waits for the business again (issue #36).
    expect(
      planStage({
        ...base,
        state: "proposed",
        egmReviewStatus: "approved",
        businessReviewStatus: "revision",
        businessRejectedVersion: 1,
        version: 2,
      }),
    ).toBe("business_review");
    expect(planStage({ ...base, state: "active", egmReviewStatus: "approved", businessReviewStatus: "approved" })).toBe(
      "signed",
    );
    // A signed plan changed and sent again waits for the manager first.
    expect(planStage({ ...base, state: "active", egmReviewStatus: "pending", businessReviewStatus: "pending" })).toBe(
      "manager_review",
    );
    expect(planStage({ ...base, state: "active", complete: true })).toBe("complete");
    expect(planStage({ ...base, state: "complete" })).toBe("complete");
  });

  it("has the labels people read", () => {
    expect(planStageLabel(base)).toBe("Draft (not sent yet)");
    expect(planStageLabel({ ...base, state: "proposed" })).toBe("Waiting for the engagement manager's review");
    expect(planStageLabel({ ...base, state: "proposed", egmReviewStatus: "revision" })).toBe(
      "Sent back by the engagement manager",
    );
  });
});

describe("deliverableStatusLabel", () => {
  const item = { status: "delivered" as const, refunded: false, dispute: null };
  it("names a deliverable's status the same on every page", () => {
    expect(deliverableStatusLabel({ ...item, status: "active" })).toBe("In progress");
    expect(deliverableStatusLabel({ ...item, status: "revision" })).toBe("In revision");
    expect(deliverableStatusLabel({ ...item, status: "awaiting_payment" })).toBe("Awaiting payment");
    expect(deliverableStatusLabel(item)).toBe("Delivered");
  });

  it("says a refund, a dispute and its settlement, and an automatic acceptance before the status", () => {
    expect(deliverableStatusLabel({ ...item, refunded: true })).toBe("Refunded");
    expect(deliverableStatusLabel({ ...item, dispute: { status: "open" } })).toBe("Disputed");
    expect(deliverableStatusLabel({ ...item, dispute: { status: "settling" } })).toBe("Disputed");
    expect(deliverableStatusLabel({ ...item, status: "approved", dispute: { status: "settled" } })).toBe(
      "Dispute settled",
    );
    expect(deliverableStatusLabel({ ...item, status: "approved", acceptedAutomatically: true })).toBe(
      "Accepted automatically",
    );
    // Only an approval can have been automatic.
    expect(deliverableStatusLabel({ ...item, acceptedAutomatically: true })).toBe("Delivered");
    // A coaching month is settled by its sessions, not accepted for want of a review.
    expect(
      deliverableStatusLabel({ ...item, status: "approved", acceptedAutomatically: true, settledBySessions: true }),
    ).toBe("Settled by its sessions");
    expect(deliverableStatusLabel({ ...item, settledBySessions: true })).toBe("Delivered");
  });
});

describe("nextDeliveryDate", () => {
  it("is the first item in plan order not yet approved", () => {
    const items = [
      { id: "b", position: 1, status: "upcoming" as const, deliveryDate: "2027-02-01" },
      { id: "a", position: 0, status: "approved" as const, deliveryDate: "2027-01-01" },
      { id: "c", position: 2, status: "upcoming" as const, deliveryDate: "2027-03-01" },
    ];
    expect(nextDeliveryDate(items)).toBe("2027-02-01");
    expect(nextDeliveryDate(items.map((item) => ({ ...item, status: "approved" as const })))).toBeNull();
    expect(nextDeliveryDate([])).toBeNull();
  });
});

describe("the console's filters and today", () => {
  it("reads a known filter and falls back to all", () => {
    expect(parseEngagementFilter("review")).toBe("review");
    expect(parseEngagementFilter("paused")).toBe("paused");
    expect(parseEngagementFilter("drop table")).toBe("all");
    expect(parseEngagementFilter(null)).toBe("all");
  });

  it("is the UTC calendar date", () => {
    expect(utcToday(new Date("2026-11-23T23:59:59-05:00"))).toBe("2026-11-24");
  });
});
