import { describe, expect, it } from "vitest";
import {
  createdMessage,
  includedInsights,
  PLAN_INSIGHT_ALLOWANCE,
  utcMonthBounds,
  type InsightRequestView,
} from "~/server/insights/insight-requests.server";

describe("plan insight allowance (spec §9)", () => {
  it("includes none on BASIC, 1 on STARTER (STANDARD) and 2 on SCALE (PREMIUM)", () => {
    expect(PLAN_INSIGHT_ALLOWANCE).toEqual({ BASIC: 0, STANDARD: 1, PREMIUM: 2 });
  });

  it("gives the tier's allowance to a live or absent subscription", () => {
    for (const subscriptionStatus of [null, "active", "trialing", "incomplete"]) {
      expect(includedInsights({ memberTier: "STANDARD", subscriptionStatus })).toBe(1);
      expect(includedInsights({ memberTier: "PREMIUM", subscriptionStatus })).toBe(2);
      expect(includedInsights({ memberTier: "BASIC", subscriptionStatus })).toBe(0);
    }
  });

  it("gives nothing while the subscription is past_due, unpaid or canceled", () => {
    for (const subscriptionStatus of ["past_due", "unpaid", "canceled"]) {
      expect(includedInsights({ memberTier: "STANDARD", subscriptionStatus })).toBe(0);
      expect(includedInsights({ memberTier: "PREMIUM", subscriptionStatus })).toBe(0);
    }
  });
});

describe("utcMonthBounds", () => {
  it("is the UTC calendar month containing the instant, end exclusive", () => {
    expect(utcMonthBounds(new Date("2026-11-21T23:00:00Z"))).toEqual({
      start: Date.parse("2026-11-01T00:00:00Z"),
      end: Date.parse("2026-12-01T00:00:00Z"),
    });
    // The first and last milliseconds of a month belong to it.
    expect(utcMonthBounds(new Date("2026-11-01T00:00:00.000Z")).start).toBe(Date.parse("2026-11-01T00:00:00Z"));
    expect(utcMonthBounds(new Date("2026-11-30T23:59:59.999Z")).end).toBe(Date.parse("2026-12-01T00:00:00Z"));
  });

  it("rolls over the year in December and ignores the local time zone", () => {
    expect(utcMonthBounds(new Date("2026-12-31T23:59:59Z"))).toEqual({
      start: Date.parse("2026-12-01T00:00:00Z"),
      end: Date.parse("2027-01-01T00:00:00Z"),
    });
    // 2027-01-01 01:00 in UTC+03 is still December 31 in UTC.
    expect(utcMonthBounds(new Date("2027-01-01T01:00:00+03:00")).start).toBe(Date.parse("2026-12-01T00:00:00Z"));
  });
});

describe("createdMessage", () => {
  const view = (status: InsightRequestView["status"]) => ({ status }) as InsightRequestView;
  it("asks for payment only while the request awaits it", () => {
    expect(createdMessage(view("awaiting_payment"))).toBe("Complete payment to submit your insight request.");
    expect(createdMessage(view("submitted"))).toBe("Your insight request has been submitted!");
  });
});
