import { describe, expect, it } from "vitest";
import {
  availabilityLine,
  awayLine,
  engagementLines,
  listText,
  pastClientLine,
  ratingSummary,
} from "~/lib/consultants/profile-view";

/** The lines of the profile a business reads before deciding on a candidate (issue #36 item 19). */
describe("the profile's lines", () => {
  it("sums up ratings from completed engagements, with the count in words", () => {
    expect(ratingSummary({ average: 4.5, count: 2 })).toBe("4.5 of 5 from 2 completed engagements");
    expect(ratingSummary({ average: 4, count: 1 })).toBe("4.0 of 5 from 1 completed engagement");
    expect(ratingSummary(null)).toBe(
      "No ratings yet: none of their engagements through Partwise is completed and rated.",
    );
  });

  it("says the availability, the hours and the time zone, and the return date of one who is away", () => {
    const availability = {
      status: "Limited: a small engagement at most",
      hoursPerWeek: 1,
      timeZone: "Central Time (Chicago)",
      awayUntil: "2030-01-15",
    };
    expect(availabilityLine(availability)).toBe(
      "Limited: a small engagement at most · 1 hour a week · Central Time (Chicago)",
    );
    expect(awayLine(availability)).toBe("Away until Jan 15, 2030");
    expect(awayLine({ ...availability, awayUntil: null })).toBeNull();
  });

  it("describes past clients and completed engagements without naming a client", () => {
    expect(
      pastClientLine({
        industry: "Sporting Goods Retailers",
        size: "25-50 employees",
        years: 3,
      }),
    ).toBe("Sporting Goods Retailers · 25-50 employees · 3 years");
    const engagement = {
      area: "Finance",
      type: "Project",
      industry: "Industrial Supplies Merchant Wholesalers",
      size: "25-50 employees",
      rating: 5,
    };
    expect(engagementLines(engagement)).toEqual([
      "Finance · Project engagement",
      "Industrial Supplies Merchant Wholesalers · 25-50 employees · Rated 5 of 5",
    ]);
    expect(engagementLines({ ...engagement, rating: null })[1]).toBe(
      "Industrial Supplies Merchant Wholesalers · 25-50 employees · Not rated",
    );
    expect(listText(["Finance", "HR"])).toBe("Finance, HR");
    expect(listText([])).toBe("None listed");
  });
});
