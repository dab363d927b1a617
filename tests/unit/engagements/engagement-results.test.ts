import { describe, expect, it } from "vitest";
import {
  change,
  engagementResults,
  formatChange,
  formatPercent,
  formatPointsChange,
  monthOf,
  RESULTS_MONTHS_BEFORE,
} from "~/lib/engagements/engagement-results";

const row = (date: string, Income: number, NetIncome: number) => ({ date, Income, NetIncome });
const now = new Date("2026-11-23T12:00:00Z");

describe("engagementResults", () => {
  it("is null without books", () => {
    const input = { startedAt: "2026-06-15T00:00:00Z", completedAt: null, employees: 10, now };
    expect(engagementResults(null, input)).toBeNull();
    expect(engagementResults([], input)).toBeNull();
    expect(engagementResults([row("junk", 1, 1)], input)).toBeNull();
  });

  it("averages revenue, net margin and revenue per employee before the start month and since it", () => {
    const rows = [
      row("2026-03", 10_000, 1_000),
      row("2026-04", 12_000, 1_000),
      row("2026-05", 14_000, 1_000),
      // The start month counts as "since".
      row("2026-06", 15_000, 3_000),
      row("2026-07", 17_000, 3_000),
      row("2026-08", 19_000, 3_000),
      // The current month is still being booked: left out.
      row("2026-11", 99_000, 99_000),
    ];
    const results = engagementResults(rows, {
      startedAt: new Date("2026-06-15T09:00:00Z"),
      completedAt: new Date("2026-09-01T00:00:00Z"),
      employees: 4,
      now,
    })!;
    expect(results.enough).toBe(true);
    expect(results.startMonth).toBe("2026-06");
    expect(results.completedMonth).toBe("2026-09");
    expect(results.before).toEqual({
      months: 3,
      from: "2026-03",
      to: "2026-05",
      revenue: 12_000,
      netMargin: 3_000 / 36_000,
      revenuePerEmployee: 3_000,
    });
    expect(results.since).toEqual({
      months: 3,
      from: "2026-06",
      to: "2026-08",
      revenue: 17_000,
      netMargin: 9_000 / 51_000,
      revenuePerEmployee: 4_250,
    });
  });

  it("says there are not enough months when either side has fewer than two", () => {
    const rows = [row("2026-04", 10, 1), row("2026-05", 10, 1), row("2026-10", 12, 2)];
    const results = engagementResults(rows, {
      startedAt: "2026-10-02T00:00:00Z",
      completedAt: null,
      employees: 3,
      now,
    })!;
    expect(results.enough).toBe(false);
    expect(results.monthsBefore).toBe(2);
    expect(results.monthsSince).toBe(1);
  });

  it("takes at most a year before the start, sorts and de-duplicates months, and handles no revenue or employees", () => {
    const rows = Array.from({ length: 18 }, (_, i) => {
      const date = new Date(Date.UTC(2024, 6 + i, 1)).toISOString().slice(0, 7);
      return row(date, 0, 0);
    }).reverse();
    rows.push(row("2026-01", 5, 1), row("2026-02", 5, 1), row("2026-02", 7, 1));
    const results = engagementResults(rows, {
      startedAt: "2026-01-10T00:00:00Z",
      completedAt: null,
      employees: 0,
      now,
    })!;
    expect(results.monthsBefore).toBe(RESULTS_MONTHS_BEFORE);
    expect(results.before).toMatchObject({ from: "2025-01", to: "2025-12", revenue: 0, netMargin: null });
    expect(results.before?.revenuePerEmployee).toBeNull();
    expect(results.since).toMatchObject({ months: 2, revenue: 6, netMargin: 2 / 12 });
  });
});

describe("helpers", () => {
  it("formats months, changes and percentages", () => {
    expect(monthOf("2026-06-30T23:59:59Z")).toBe("2026-06");
    expect(change(100, 125)).toBe(0.25);
    expect(change(-100, -50)).toBe(0.5);
    expect(change(0, 5)).toBeNull();
    expect(change(null, 5)).toBeNull();
    expect(formatPercent(0.125)).toBe("12.5%");
    expect(formatPercent(-0.03)).toBe("-3.0%");
    expect(formatPercent(null)).toBe("—");
    expect(formatChange(0.333)).toBe("+33.3%");
    expect(formatChange(-0.03)).toBe("-3.0%");
    expect(formatChange(0.0001)).toBe("0.0%");
    expect(formatChange(null)).toBe("—");
    expect(formatPointsChange(0.1, 0.175)).toBe("+7.5 percentage points");
    expect(formatPointsChange(0.2, 0.15)).toBe("-5.0 percentage points");
    expect(formatPointsChange(null, 0.15)).toBe("—");
  });
});
