import { describe, expect, it } from "vitest";
import {
  budgetStanding,
  dayBefore,
  formatHours,
  formatPeriod,
  monthIndexOn,
  monthSummary,
  noticeEndsOn,
  retainerMonth,
  retainerMonthTitle,
} from "~/lib/engagements/retainer-months";

describe("a retainer's months (docs/decisions/082)", () => {
  it("runs each month from the start day to the day before the next", () => {
    expect(retainerMonth("2026-12-15", 0)).toEqual({ index: 0, start: "2026-12-15", end: "2027-01-14" });
    expect(retainerMonth("2026-12-15", 1)).toEqual({ index: 1, start: "2027-01-15", end: "2027-02-14" });
    expect(retainerMonth("2026-12-01", 2)).toEqual({ index: 2, start: "2027-02-01", end: "2027-02-28" });
  });

  it("keeps a 31st start on the last day of shorter months, and back on the 31st after them", () => {
    expect(retainerMonth("2027-01-31", 0)).toEqual({ index: 0, start: "2027-01-31", end: "2027-02-27" });
    expect(retainerMonth("2027-01-31", 1)).toEqual({ index: 1, start: "2027-02-28", end: "2027-03-30" });
    expect(retainerMonth("2027-01-31", 2)).toEqual({ index: 2, start: "2027-03-31", end: "2027-04-29" });
    expect(retainerMonth("2028-01-31", 1).start).toBe("2028-02-29");
  });

  it("finds the month a date falls in, -1 before the start", () => {
    expect(monthIndexOn("2026-12-15", "2026-12-14")).toBe(-1);
    expect(monthIndexOn("2026-12-15", "2026-12-15")).toBe(0);
    expect(monthIndexOn("2026-12-15", "2027-01-14")).toBe(0);
    expect(monthIndexOn("2026-12-15", "2027-01-15")).toBe(1);
    expect(monthIndexOn("2026-12-15", "2027-12-31")).toBe(12);
    expect(monthIndexOn("2027-01-31", "2027-02-27")).toBe(0);
    expect(monthIndexOn("2027-01-31", "2027-02-28")).toBe(1);
    expect(monthIndexOn("2027-01-31", "2027-03-30")).toBe(1);
    expect(monthIndexOn("2027-01-31", "2027-03-31")).toBe(2);
  });

  it("ends a retainer with the month its notice period ends in", () => {
    // Notice on Jan 20 for one month runs to Feb 19: the month of Feb 15 – Mar 14 is the last.
    expect(noticeEndsOn("2026-12-15", 1, "2027-01-20")).toBe("2027-03-14");
    // Notice on the first day of a month for one month ends on that month's last day.
    expect(noticeEndsOn("2026-12-15", 1, "2027-01-15")).toBe("2027-02-14");
    expect(noticeEndsOn("2026-12-15", 2, "2027-01-15")).toBe("2027-03-14");
    // No notice: the month under way is the last, even on its first day.
    expect(noticeEndsOn("2026-12-15", 0, "2027-01-15")).toBe("2027-02-14");
    expect(noticeEndsOn("2026-12-15", 0, "2027-02-10")).toBe("2027-02-14");
    // Given before the start: never before the first month.
    expect(noticeEndsOn("2027-03-01", 1, "2026-12-01")).toBe("2027-03-31");
  });

  it("words months, periods and hours one way", () => {
    expect(retainerMonthTitle(retainerMonth("2026-12-15", 0))).toBe("Month 1 (Dec 15, 2026 – Jan 14, 2027)");
    expect(retainerMonthTitle(retainerMonth("2026-12-15", 1))).toBe("Month 2 (Jan 15 – Feb 14, 2027)");
    expect(formatPeriod("2027-03-01", "2027-03-31")).toBe("Mar 1 – Mar 31, 2027");
    expect(formatHours(1200)).toBe("20 h");
    expect(formatHours(450)).toBe("7.5 h");
    expect(formatHours(15)).toBe("0.25 h");
    expect(formatHours(0)).toBe("0 h");
    expect(dayBefore("2027-03-01")).toBe("2027-02-28");
    expect(monthSummary(1200, 1110)).toBe("18.5 h logged of the 20 h budget.");
    expect(budgetStanding(1200, 1290)).toEqual({ loggedMinutes: 1290, leftMinutes: 0, overMinutes: 90 });
    expect(budgetStanding(1200, 300)).toEqual({ loggedMinutes: 300, leftMinutes: 900, overMinutes: 0 });
  });
});
