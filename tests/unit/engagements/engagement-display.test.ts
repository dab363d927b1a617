import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/shared/numbers";
import {
  engagementNextStep,
  engagementSummary,
  engagementsOfSide,
  itemStatusText,
  NEXT_STEP_ACTIONS,
  NEXT_STEP_TEXTS,
  NEXT_STEP_WAITING_TEXTS,
  nextStepText,
  openDeliverablesEmpty,
  parsePanelTab,
  type EngagementTileData,
} from "~/lib/engagements/engagement-display";
import type { ItemStatusFields } from "~/lib/engagements/engagement-state";
import { BUSINESS_MEMBER_ROLES } from "~db/enums";
import { PERMISSIONS, MEMBER_ROLE_LABELS } from "~/lib/business/permissions";

const outline = (overrides: Partial<Parameters<typeof engagementNextStep>[0]> = {}) => ({
  complete: false,
  egmReviewStatus: "approved" as const,
  businessReviewStatus: "approved" as const,
  signedVersion: 1 as number | null,
  businessRejectedVersion: null as number | null,
  version: 1,
  ...overrides,
});

const item = (overrides: Partial<ItemStatusFields> = {}): ItemStatusFields => ({
  id: `i${overrides.position ?? 0}`,
  position: 0,
  status: "upcoming",
  paidPurchaseId: null,
  consultantConfirmedDelivery: false,
  businessDeliveryReview: null,
  ...overrides,
});

const tile = (overrides: Partial<EngagementTileData>): EngagementTileData => ({
  id: "o1",
  matchRequestId: "m1",
  title: "Plan",
  category: "finance",
  consultingType: "fractional",
  consultantName: "Dana Reyes",
  createdAt: "2026-11-01T00:00:00.000Z",
  complete: false,
  status: "active",
  nextStep: null,
  ...overrides,
});

describe("formats", () => {
  it("writes prices in USD, en-US", () => {
    expect(formatMoney(150_000)).toBe("$1,500.00");
    expect(formatMoney(99)).toBe("$0.99");
  });

  it("says each item's status in words, and that a delivery waits for the business's review", () => {
    expect(itemStatusText({ status: "upcoming", businessDeliveryReview: null })).toBe("Not started");
    expect(itemStatusText({ status: "active", businessDeliveryReview: null })).toBe("In progress");
    expect(itemStatusText({ status: "delivered", businessDeliveryReview: "pending" })).toBe(
      "Delivered: awaiting your review",
    );
    expect(itemStatusText({ status: "approved", businessDeliveryReview: "approved" })).toBe("Approved");
    expect(itemStatusText({ status: "revision", businessDeliveryReview: "revision" })).toBe("In revision");
    expect(itemStatusText({ status: "paused", businessDeliveryReview: "approved" })).toBe("Paused");
  });
});

describe("the business's next step", () => {
  it("asks to sign a plan the manager approved", () => {
    expect(engagementNextStep(outline({ businessReviewStatus: "pending", signedVersion: null }), [item()])).toBe(
      "reviewPlan",
    );
    // A later version than the one the business rejected.
    expect(
      engagementNextStep(
        outline({ businessReviewStatus: "revision", signedVersion: null, businessRejectedVersion: 1, version: 2 }),
        [item()],
      ),
    ).toBe("reviewPlan");
  });

  it("does not ask to sign the version the business rejected (issue #36): it waits for the consultant", () => {
    expect(
      engagementNextStep(
        outline({ businessReviewStatus: "revision", signedVersion: null, businessRejectedVersion: 1 }),
        [item()],
      ),
    ).toBeNull();
  });

  it("waits while the manager reviews, and when the engagement is complete", () => {
    expect(engagementNextStep(outline({ egmReviewStatus: "pending", version: 2 }), [item()])).toBeNull();
    expect(
      engagementNextStep(outline({ complete: true }), [item({ status: "approved", paidPurchaseId: "p" })]),
    ).toBeNull();
  });

  it("asks to review a delivered item before anything else, then to prepay the next", () => {
    const delivered = item({
      position: 0,
      status: "delivered",
      paidPurchaseId: "p",
      businessDeliveryReview: "pending",
    });
    expect(engagementNextStep(outline(), [delivered, item({ position: 1 })])).toBe("reviewItem");
    const approved = item({ position: 0, status: "approved", paidPurchaseId: "p" });
    expect(engagementNextStep(outline(), [approved, item({ position: 1 })])).toBe("prepay");
    const working = item({ position: 0, status: "active", paidPurchaseId: "p" });
    expect(engagementNextStep(outline(), [working, item({ position: 1 })])).toBeNull();
  });
});

describe("lists and the dashboard card", () => {
  it("splits engagements by the complete flag, newest first", () => {
    const tiles = [
      tile({ id: "a", createdAt: "2026-11-01T00:00:00.000Z" }),
      tile({ id: "b", createdAt: "2026-11-03T00:00:00.000Z" }),
      tile({ id: "c", createdAt: "2026-11-02T00:00:00.000Z", complete: true, status: "complete" }),
    ];
    expect(engagementsOfSide(tiles, "active").map((t) => t.id)).toEqual(["b", "a"]);
    expect(engagementsOfSide(tiles, "completed").map((t) => t.id)).toEqual(["c"]);
  });

  it("counts active and complete engagements and names the newest one waiting for the business", () => {
    const summary = engagementSummary([
      tile({ id: "old", title: "Old", createdAt: "2026-10-01T00:00:00.000Z", nextStep: "prepay" }),
      tile({ id: "new", title: "New", createdAt: "2026-11-01T00:00:00.000Z", nextStep: "reviewPlan" }),
      tile({ id: "done", complete: true, status: "complete" }),
    ]);
    expect(summary).toEqual({
      active: 2,
      complete: 1,
      next: {
        text: "Review and sign your engagement plan.",
        href: "/features?focus=Engagements&engagementId=new",
        title: "New",
      },
    });
    expect(engagementSummary([tile({})]).next).toBeNull();
  });

  it("opens Deliverables unless another panel tab is named", () => {
    expect(parsePanelTab(null)).toBe("deliverables");
    expect(parsePanelTab("Match")).toBe("match");
    expect(parsePanelTab("consultant")).toBe("consultant");
    expect(parsePanelTab("other")).toBe("deliverables");
  });
});

describe("status sentences by the reader's role (docs/decisions/071)", () => {
  it("calls who may act to act, and tells who may not whom the step waits for", () => {
    expect(nextStepText("reviewPlan", "owner")).toBe("Review and sign your engagement plan.");
    expect(nextStepText("reviewPlan", "admin")).toBe("Review and sign your engagement plan.");
    expect(nextStepText("reviewPlan", null)).toBe("Review and sign your engagement plan.");
    expect(nextStepText("reviewPlan", "member")).toBe("Your engagement plan waits for an owner or admin to sign it.");
    expect(nextStepText("reviewPlan", "viewer")).toBe("Your engagement plan waits for an owner or admin to sign it.");
    expect(nextStepText("reviewItem", "member")).toBe("Review the deliverable your consultant delivered.");
    expect(nextStepText("reviewItem", "viewer")).toBe(
      "A delivered deliverable waits for an owner, admin or member to review it.",
    );
    expect(nextStepText("prepay", "member")).toBe("The next deliverable waits for an owner or admin to prepay it.");
    expect(nextStepText("prepay", "owner")).toBe("Prepay the next deliverable to continue.");
  });

  it("names in each waiting sentence exactly the roles the permission table lets act", () => {
    for (const step of Object.keys(NEXT_STEP_TEXTS) as (keyof typeof NEXT_STEP_TEXTS)[]) {
      const allowed = PERMISSIONS[NEXT_STEP_ACTIONS[step]];
      for (const role of BUSINESS_MEMBER_ROLES) {
        const named = new RegExp(`\\b${MEMBER_ROLE_LABELS[role].toLowerCase()}\\b`).test(NEXT_STEP_WAITING_TEXTS[step]);
        expect(named, `${step} ${role}`).toBe(allowed.includes(role));
      }
    }
  });

  it("says a delivery waits for a review by who may review, to who may not", () => {
    const delivered = { status: "delivered" as const, businessDeliveryReview: "pending" as const };
    expect(itemStatusText(delivered, "member")).toBe("Delivered: awaiting your review");
    expect(itemStatusText(delivered, "viewer")).toBe("Delivered: awaiting a review by an owner, admin or member");
    expect(itemStatusText(delivered)).toBe("Delivered: awaiting your review");
  });

  it("says the dashboard card's step for the reader", () => {
    const tiles = [tile({ id: "a", nextStep: "reviewPlan" })];
    expect(engagementSummary(tiles, "viewer").next?.text).toBe(
      "Your engagement plan waits for an owner or admin to sign it.",
    );
    expect(engagementSummary(tiles, "owner").next?.text).toBe("Review and sign your engagement plan.");
  });
});

describe("a plan with nothing to do", () => {
  const done = (deliveryDate: string, month: boolean, extraForItemId: string | null = null) => ({
    deliveryDate,
    month,
    extraForItemId,
  });
  type Outline = Parameters<typeof openDeliverablesEmpty>[0];
  const plan = (overrides: Partial<Record<keyof Outline, unknown>>) =>
    ({ kind: "retainer", complete: false, completedItems: [], ...overrides }) as Outline;

  it("says a project's deliverables are complete", () => {
    expect(openDeliverablesEmpty(plan({ kind: "project", completedItems: [done("2026-11-30", false)] }))).toBe(
      "Every deliverable is complete.",
    );
  });

  it("says when a running retainer's or coaching's next month opens: the day after its last month", () => {
    const months = [done("2026-10-31", true), done("2026-11-30", true), done("2026-12-05", true, "m2")];
    expect(openDeliverablesEmpty(plan({ completedItems: months }))).toBe("The next month opens on Dec 1, 2026.");
    expect(openDeliverablesEmpty(plan({ kind: "coaching", completedItems: [done("2027-02-28", true)] }))).toBe(
      "The next month opens on Mar 1, 2027.",
    );
  });

  it("says the plan is complete once it ended, or before any month", () => {
    expect(openDeliverablesEmpty(plan({ complete: true, completedItems: [done("2026-11-30", true)] }))).toBe(
      "Every deliverable is complete.",
    );
    expect(openDeliverablesEmpty(plan({}))).toBe("Every deliverable is complete.");
  });
});
