import { describe, expect, it } from "vitest";
import {
  addMonths,
  chartBounds,
  DEFAULT_CHART_BOUNDS,
  incomeChangeExplanation,
  isStale,
  lastCompleteMonth,
  monthLabel,
  monthSpan,
  monthsEndingAt,
  monthYearLabel,
  quickIncome,
  reportAsOf,
  reportRange,
  revenuePerEmployee,
  revenuePerEmployeeExplanation,
  revenuePerEmployeeMonths,
  SAMPLE_QUICK_INCOME,
  sampleQuickIncome,
  trends,
  type FinanceRow,
} from "~/lib/finance/finance";
import { formatDollars } from "~/lib/shared/numbers";

const at = (iso: string) => new Date(iso);
const row = (date: string, NetIncome: number, Income = NetIncome * 4): FinanceRow => ({ date, Income, NetIncome });

describe("month helpers", () => {
  it("uses the spec's abbreviations", () => {
    const labels = monthsEndingAt("2025-12", 12).map(monthLabel);
    expect(labels).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "June", "July", "Aug", "Sept", "Oct", "Nov", "Dec"]);
    expect(monthYearLabel("2025-09")).toBe("Sept 2025");
  });

  it("counts months across a year boundary both ways", () => {
    expect(addMonths("2025-11", 3)).toBe("2026-02");
    expect(addMonths("2026-02", -3)).toBe("2025-11");
    expect(addMonths("2026-01", -13)).toBe("2024-12");
    expect(monthsEndingAt("2026-02", 4)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });

  it("rejects what is not a month", () => {
    expect(() => monthLabel("2025-13")).toThrow(RangeError);
    expect(() => addMonths("25-01", 1)).toThrow(RangeError);
  });

  it("asks for 24 months up to and including the job's month", () => {
    expect(reportRange("2026-03")).toEqual({ start: "2024-04", end: "2026-03" });
  });

  it("takes the month in UTC", () => {
    expect(lastCompleteMonth(at("2026-03-01T00:30:00Z"))).toBe("2026-02");
    expect(lastCompleteMonth(at("2026-01-15T12:00:00Z"))).toBe("2025-12");
  });
});

describe("quickIncome", () => {
  // 24 months of rows, Feb 2024 .. Jan 2026 (the current month, still being booked).
  const rows = monthsEndingAt("2026-01", 24).map((date, i) => row(date, (i + 1) * 100));

  it("labels the six complete months before now, across the year boundary", () => {
    const quick = quickIncome(rows, at("2026-01-20T10:00:00Z"));
    expect(quick.months).toEqual(["2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12"]);
    expect(quick.monthLabels).toEqual(["July", "Aug", "Sept", "Oct", "Nov", "Dec"]);
    expect(quick.monthAmounts).toEqual([1800, 1900, 2000, 2100, 2200, 2300]);
    expect(quick.revenueAmounts).toEqual([7200, 7600, 8000, 8400, 8800, 9200]);
    expect(quick.revenueAmount).toBe(49200);
    expect(quick.netIncomeAmount).toBe(12300);
    expect(quick.incomeChange).toBe(100);
    expect(quick.missingMonths).toEqual([]);
  });

  it("shows months without a row as 0 and names them", () => {
    const sparse = [row("2025-10", 500), row("2025-12", 300), row("2025-09", -200)];
    const quick = quickIncome(sparse, at("2026-01-05T00:00:00Z"));
    expect(quick.monthLabels).toEqual(["July", "Aug", "Sept", "Oct", "Nov", "Dec"]);
    expect(quick.monthAmounts).toEqual([0, 0, -200, 500, 0, 300]);
    expect(quick.missingMonths).toEqual(["July 2025", "Aug 2025", "Nov 2025"]);
    expect(quick.netIncomeAmount).toBe(600);
  });

  it("gives a negative change when last month fell, positive when it rose", () => {
    const now = at("2026-05-10T00:00:00Z");
    expect(quickIncome([row("2026-03", 900), row("2026-04", 650.5)], now).incomeChange).toBe(-249.5);
    expect(quickIncome([row("2026-03", -400), row("2026-04", 100)], now).incomeChange).toBe(500);
    // A missing month counts as 0: April with no row after a good March is a drop.
    expect(quickIncome([row("2026-03", 400)], now).incomeChange).toBe(-400);
  });

  it("keeps cents exact", () => {
    const quick = quickIncome([row("2026-03", 0.1), row("2026-04", 0.2)], at("2026-05-01T00:00:00Z"));
    expect(quick.netIncomeAmount).toBe(0.3);
    expect(quick.incomeChange).toBe(0.1);
  });

  it("is all zeros and all missing for an empty report", () => {
    const quick = quickIncome([], at("2026-05-01T00:00:00Z"));
    expect(quick.monthAmounts).toEqual([0, 0, 0, 0, 0, 0]);
    expect(quick.missingMonths).toHaveLength(6);
    expect(quick.netIncomeAmount).toBe(0);
    expect(quick.incomeChange).toBe(0);
  });
});

describe("trends", () => {
  it("shows the twelve complete months before now, with gaps as 0", () => {
    const rows = monthsEndingAt("2026-02", 24)
      .filter((date) => date !== "2025-06")
      .map((date) => row(date, 10));
    const series = trends(rows, at("2026-03-02T00:00:00Z"));
    expect(series.months[0]).toBe("2025-03");
    expect(series.months[11]).toBe("2026-02");
    expect(series.monthLabels).toEqual([
      "Mar",
      "Apr",
      "May",
      "June",
      "July",
      "Aug",
      "Sept",
      "Oct",
      "Nov",
      "Dec",
      "Jan",
      "Feb",
    ]);
    expect(series.monthAmounts[3]).toBe(0);
    expect(series.monthAmounts.filter((amount) => amount === 10)).toHaveLength(11);
    expect(series.missingMonths).toEqual(["June 2025"]);
    expect(series.revenueAmounts[3]).toBe(0);
    expect(series.revenueAmount).toBe(440);
    expect(series.netIncomeAmount).toBe(110);
  });
});

describe("revenuePerEmployee, the one definition", () => {
  const rows = [
    row("2024-12", 0, 99_000), // the year before: never counted
    ...monthsEndingAt("2025-12", 12).map((date) => row(date, 0, 10_000)),
    row("2026-01", 0, 3_800),
  ];

  it("divides the income of the year's complete months by the number of employees", () => {
    // Dec 20, 2025: January to November (December is still being booked).
    expect(revenuePerEmployee(rows, 38, at("2025-12-20T00:00:00Z"))).toEqual({
      months: monthsEndingAt("2025-11", 11),
      income: 110_000,
      employees: 38,
      amount: 2894.74,
    });
    // June 10: January to May.
    expect(revenuePerEmployee(rows, 38, at("2025-06-10T00:00:00Z"))?.amount).toBe(1315.79);
  });

  it("covers the whole previous year in January", () => {
    const figure = revenuePerEmployee(rows, 38, at("2026-01-15T00:00:00Z"));
    expect(figure?.months).toEqual(monthsEndingAt("2025-12", 12));
    expect(figure?.amount).toBe(3157.89);
    expect(revenuePerEmployeeMonths(at("2026-01-01T00:00:00Z"))).toEqual(monthsEndingAt("2025-12", 12));
  });

  it("ignores the current month's partial income", () => {
    const withCurrent = [...rows, row("2026-02", 0, 1_000_000)];
    expect(revenuePerEmployee(withCurrent, 38, at("2026-02-20T00:00:00Z"))?.amount).toBe(100);
  });

  it("is null when a month is missing (never estimated) or without employees", () => {
    expect(
      revenuePerEmployee(
        rows.filter((r) => r.date !== "2025-03"),
        38,
        at("2025-12-20T00:00:00Z"),
      ),
    ).toBeNull();
    expect(revenuePerEmployee(rows, 0, at("2025-12-20T00:00:00Z"))).toBeNull();
    expect(revenuePerEmployee([], 38, at("2025-12-20T00:00:00Z"))).toBeNull();
  });

  it("lets losses of income count", () => {
    expect(
      revenuePerEmployee([row("2026-01", 0, 500), row("2026-02", 0, -200)], 3, at("2026-03-01T00:00:00Z"))?.amount,
    ).toBe(100);
  });

  it("spells out what it divides", () => {
    const figure = revenuePerEmployee(rows, 38, at("2025-12-20T00:00:00Z"))!;
    expect(revenuePerEmployeeExplanation(figure)).toBe("Income for Jan to Nov 2025 divided by 38 employees.");
    expect(revenuePerEmployeeExplanation({ months: ["2026-01"], employees: 1 })).toBe(
      "Income for Jan 2026 divided by 1 employee.",
    );
  });
});

describe("incomeChangeExplanation", () => {
  it("names both months with their years and says more, less or the same", () => {
    const months = ["2025-11", "2025-12", "2026-01"];
    expect(incomeChangeExplanation(290, months)).toBe("Net income in Jan 2026 was $290.00 more than in Dec 2025.");
    expect(incomeChangeExplanation(-60.5, months)).toBe("Net income in Jan 2026 was $60.50 less than in Dec 2025.");
    expect(incomeChangeExplanation(0, months)).toBe("Net income in Jan 2026 was the same as in Dec 2025.");
  });
});

describe("monthSpan and reportAsOf", () => {
  it("writes a span with its years", () => {
    expect(monthSpan("2026-05", "2026-10")).toBe("May to Oct 2026");
    expect(monthSpan("2025-11", "2026-10")).toBe("Nov 2025 to Oct 2026");
    expect(monthSpan("2026-09", "2026-09")).toBe("Sept 2026");
  });

  it("takes the first instant of the report's last month", () => {
    expect(reportAsOf("2026-11").toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(lastCompleteMonth(reportAsOf("2026-01"))).toBe("2025-12");
  });
});

describe("chartBounds", () => {
  it("is 0 to 1500 by 100 while the data fits", () => {
    expect(chartBounds([])).toEqual({ min: 0, max: 1500, step: 100 });
    expect(chartBounds([0, 1500, 720.5])).toEqual(DEFAULT_CHART_BOUNDS);
    expect(chartBounds([...SAMPLE_QUICK_INCOME.monthAmounts])).toEqual(DEFAULT_CHART_BOUNDS);
  });

  it("grows to fit real data with a round step", () => {
    expect(chartBounds([1600])).toEqual({ min: 0, max: 1600, step: 200 });
    expect(chartBounds([1650])).toEqual({ min: 0, max: 1800, step: 200 });
    expect(chartBounds([45_000, 88_250.75, 12_000])).toEqual({ min: 0, max: 90_000, step: 10_000 });
    const big = chartBounds([250_000, 910_000]);
    expect(big.min).toBe(0);
    expect(big.max).toBeGreaterThanOrEqual(910_000);
    expect(big.max % big.step).toBe(0);
    expect((big.max - big.min) / big.step).toBeLessThanOrEqual(15);
  });

  it("goes below zero for a loss", () => {
    expect(chartBounds([-2300, 800])).toEqual({ min: -2500, max: 1500, step: 500 });
    const loss = chartBounds([-120_000, 400_000]);
    expect(loss.min).toBeLessThanOrEqual(-120_000);
    expect(loss.max).toBeGreaterThanOrEqual(400_000);
    expect(Math.abs(loss.min % loss.step)).toBe(0);
    expect((loss.max - loss.min) / loss.step).toBeLessThanOrEqual(15);
  });

  it("ignores values that are not numbers", () => {
    expect(chartBounds([Number.NaN, Number.POSITIVE_INFINITY, 100])).toEqual(DEFAULT_CHART_BOUNDS);
  });
});

describe("isStale", () => {
  it("is stale in another UTC month, not within the same one", () => {
    expect(isStale(at("2026-03-01T00:00:00Z"), at("2026-03-31T23:59:59Z"))).toBe(false);
    expect(isStale(at("2026-02-28T23:59:59Z"), at("2026-03-01T00:00:00Z"))).toBe(true);
    expect(isStale(at("2025-03-15T00:00:00Z"), at("2026-03-15T00:00:00Z"))).toBe(true);
    expect(isStale("2026-03-02T10:00:00.000Z", at("2026-03-20T00:00:00Z"))).toBe(false);
    expect(isStale("not a date", at("2026-03-20T00:00:00Z"))).toBe(true);
  });
});

describe("samples and formatting", () => {
  it("keeps the sample figures consistent", () => {
    const { monthAmounts, netIncomeAmount, incomeChange } = SAMPLE_QUICK_INCOME;
    expect(monthAmounts).toHaveLength(6);
    expect(monthAmounts.reduce((sum, amount) => sum + amount, 0)).toBe(netIncomeAmount);
    expect(monthAmounts[5] - monthAmounts[4]).toBe(incomeChange);
    const sample = sampleQuickIncome(at("2026-02-10T00:00:00Z"));
    expect(sample.monthLabels).toEqual(["Aug", "Sept", "Oct", "Nov", "Dec", "Jan"]);
    expect(sample.monthAmounts).toEqual([...monthAmounts]);
  });

  it("formats dollars the en-US way", () => {
    expect(formatDollars(1327.07)).toBe("$1,327.07");
    expect(formatDollars(-1200)).toBe("-$1,200.00");
    expect(formatDollars(1500, { whole: true })).toBe("$1,500");
    expect(formatDollars(290, { signed: true })).toBe("+$290.00");
    expect(formatDollars(-60.5, { signed: true })).toBe("-$60.50");
    expect(formatDollars(0, { signed: true })).toBe("$0.00");
  });
});
