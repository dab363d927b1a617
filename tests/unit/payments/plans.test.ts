import { describe, expect, it } from "vitest";
import { MEMBER_TIERS } from "~db/schema";
import {
  insightsText,
  isPaidTier,
  lookupKey,
  parseBilling,
  parseLookupKey,
  PERKS,
  PLAN_ORDER,
  PLAN_TIERS,
  PLANS,
  YEARLY_SAVINGS_TEXT,
  yearlySavingsPercent,
} from "~/lib/payments/plans";
import { formatMoney } from "~/lib/shared/numbers";

describe("plan tiers and prices (spec §9)", () => {
  it("uses the stored member tiers and the display names STARTER and SCALE", () => {
    expect([...PLAN_TIERS]).toEqual([...MEMBER_TIERS]);
    expect(PLAN_ORDER.map((tier) => PLANS[tier].displayName)).toEqual(["BASIC", "STARTER", "SCALE"]);
    expect(PLANS.PREMIUM.popular).toBe(true);
    expect(PLANS.STANDARD.popular).toBe(false);
  });

  it("has the spec's prices in cents", () => {
    expect(PLANS.BASIC.monthlyPriceCents).toEqual({ MONTHLY: 0, YEARLY: 0 });
    expect(PLANS.STANDARD.monthlyPriceCents).toEqual({ MONTHLY: 24_700, YEARLY: 19_700 });
    expect(PLANS.PREMIUM.monthlyPriceCents).toEqual({ MONTHLY: 55_900, YEARLY: 44_700 });
    // The plan page shows its prices in whole dollars, as the spec does (ADR 052).
    expect(formatMoney(PLANS.STANDARD.monthlyPriceCents.YEARLY, { whole: true })).toBe("$197");
    expect(formatMoney(PLANS.PREMIUM.monthlyPriceCents.YEARLY * 12, { whole: true })).toBe("$5,364");
  });

  it("saves up to 20% yearly", () => {
    expect(yearlySavingsPercent("STANDARD")).toBe(20);
    expect(yearlySavingsPercent("PREMIUM")).toBe(20);
    expect(YEARLY_SAVINGS_TEXT).toBe("Save up to 20% when you pay yearly!");
  });

  it("includes 1 insight on STARTER and 2 on SCALE", () => {
    expect(insightsText(PLANS.STANDARD.insightsPerMonth)).toBe("Includes 1 diagnostic insight per month");
    expect(insightsText(PLANS.PREMIUM.insightsPerMonth)).toBe("Includes 2 diagnostic insights per month");
    expect(PLANS.BASIC.insightsPerMonth).toBe(0);
  });

  it("lists the spec's perks, and each tier includes everything of the tier below", () => {
    expect(PERKS.map((p) => p.name)).toEqual([
      "Smart Matching",
      "Engagement Assurance",
      "Diagnostic Insights",
      "Competitive Benchmarking",
      "Company Docs Hub",
      "Tools & Templates",
      "E-Learning for Leaders",
      "Virtual Peer Groups",
    ]);
    expect(PERKS.find((p) => p.key === "toolsTemplates")?.detail).toBe(
      "Annual Planning, Annual Budgeting, Business Scorecard",
    );
    for (const perk of PLANS.BASIC.perks) expect(PLANS.STANDARD.perks).toContain(perk);
    for (const perk of PLANS.STANDARD.perks) expect(PLANS.PREMIUM.perks).toContain(perk);
    expect(PLANS.PREMIUM.perks).toHaveLength(PERKS.length);
    expect(PLANS.BASIC.perks).not.toContain("diagnosticInsights");
  });
});

describe("lookup keys (spec §7)", () => {
  it("builds plan type + _PLAN_ + MONTHLY or YEARLY", () => {
    expect(lookupKey("PREMIUM", "YEARLY")).toBe("PREMIUM_PLAN_YEARLY");
    expect(lookupKey("STANDARD", "MONTHLY")).toBe("STANDARD_PLAN_MONTHLY");
  });

  it("parses every valid key back", () => {
    for (const tier of ["STANDARD", "PREMIUM"] as const) {
      for (const billing of ["MONTHLY", "YEARLY"] as const) {
        expect(parseLookupKey(lookupKey(tier, billing))).toEqual({ tier, billing });
      }
    }
  });

  it("refuses anything else", () => {
    for (const bad of [
      "BASIC_PLAN_MONTHLY",
      "premium_plan_yearly",
      "PREMIUM_PLAN_WEEKLY",
      "PREMIUM_PLAN_YEARLY ",
      "STARTER_PLAN_MONTHLY",
      "",
      null,
      42,
      undefined,
    ]) {
      expect(parseLookupKey(bad)).toBeNull();
    }
  });

  it("knows which tiers are paid", () => {
    expect(isPaidTier("BASIC")).toBe(false);
    expect(isPaidTier("STANDARD")).toBe(true);
    expect(isPaidTier("PREMIUM")).toBe(true);
  });
});

describe("billing query", () => {
  it("is monthly unless the query says yearly", () => {
    expect(parseBilling(null)).toBe("MONTHLY");
    expect(parseBilling("monthly")).toBe("MONTHLY");
    expect(parseBilling("YEARLY")).toBe("YEARLY");
    expect(parseBilling("yearly")).toBe("YEARLY");
    expect(parseBilling("weekly")).toBe("MONTHLY");
  });
});
