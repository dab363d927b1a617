import { describe, expect, it } from "vitest";
import { describePurchase, receiptNumber, receiptPath, type PurchaseSubject } from "~/lib/payouts/receipts";

const subject = (overrides: Partial<PurchaseSubject>): PurchaseSubject => ({
  kind: "delivery_item",
  referenceId: null,
  itemTitle: null,
  outlineId: null,
  outlineTitle: null,
  insightCategory: null,
  ...overrides,
});

describe("receipt numbers", () => {
  it("are PW-, the UTC date paid and the purchase id's first 8 letters or digits, upper case", () => {
    expect(receiptNumber("3f2a9c1b-77de-4a7b-9d0e-0123456789ab", new Date("2026-11-03T23:59:00Z"))).toBe(
      "PW-20261103-3F2A9C1B",
    );
    expect(receiptNumber("ab-cd", "2026-01-02T00:00:00Z")).toBe("PW-20260102-ABCD");
    expect(receiptNumber("abc", "not a date")).toBe("PW-00000000-ABC");
  });

  it("link to /receipts/{id}", () => {
    expect(receiptPath("p 1")).toBe("/receipts/p%201");
  });
});

describe("what a purchase bought", () => {
  it("names the deliverable and its engagement, and links to the engagement panel", () => {
    expect(
      describePurchase(
        subject({ itemTitle: "Phase 1", outlineId: "o1", outlineTitle: "Margin recovery plan", referenceId: "i1" }),
      ),
    ).toEqual({
      description: "Deliverable: Phase 1 (Margin recovery plan)",
      href: "/features?focus=Engagements&engagementId=o1",
    });
    expect(describePurchase(subject({ itemTitle: "Phase 1", outlineId: "o1", outlineTitle: "" })).description).toBe(
      "Deliverable: Phase 1",
    );
    expect(describePurchase(subject({ referenceId: "gone" }))).toEqual({
      description: "Deliverable (no longer in the plan)",
      href: null,
    });
  });

  it("names insights, benchmarking and plans", () => {
    expect(describePurchase(subject({ kind: "insight", insightCategory: "strategy" }))).toEqual({
      description: "Insight request: Strategy",
      href: "/features?focus=Insights",
    });
    expect(describePurchase(subject({ kind: "insight" })).description).toBe("Insight request: Insight");
    expect(describePurchase(subject({ kind: "benchmarking", referenceId: "2026" }))).toEqual({
      description: "Benchmarking 2026",
      href: "/benchmarking",
    });
    expect(describePurchase(subject({ kind: "subscription", referenceId: "PREMIUM_PLAN_YEARLY" }))).toEqual({
      description: "SCALE (yearly) membership",
      href: "/company-profile?tab=account",
    });
    expect(describePurchase(subject({ kind: "subscription", referenceId: "STANDARD_PLAN_MONTHLY" })).description).toBe(
      "STARTER (monthly) membership",
    );
    expect(describePurchase(subject({ kind: "subscription", referenceId: "junk" })).description).toBe(
      "Plan membership",
    );
  });
});
