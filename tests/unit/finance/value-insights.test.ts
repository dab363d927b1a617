import { describe, expect, it } from "vitest";
import { demoProfitAndLossReport } from "~/lib/finance/demo-company";
import { monthSpan, monthsEndingAt, reportRange, type FinanceRow } from "~/lib/finance/finance";
import { parseProfitAndLoss } from "~/lib/finance/intuit-report";
import {
  deriveValueInsights,
  netIncomeTrend,
  revenuePerEmployeeTrend,
  revenueTrend,
  valueInsightId,
} from "~/lib/finance/value-insights";

const NOW = new Date(Date.UTC(2026, 10, 15, 12)); // 2026-11-15: last complete month 2026-10

/** 24 months up to and including November 2026 (what the job builds), from a function of the month. */
function rows(make: (month: string, index: number) => Omit<FinanceRow, "date">): FinanceRow[] {
  return monthsEndingAt("2026-11", 24).map((date, i) => ({ date, ...make(date, i) }));
}

/** 2025 months earn 1000 income / 100 net; 2026 months earn `recent` / `recentNet`. */
const yearOnYear = (recent: number, recentNet: number) =>
  rows((date) => (date >= "2026-01" ? { Income: recent, NetIncome: recentNet } : { Income: 1000, NetIncome: 100 }));

describe("revenue trend", () => {
  it("compares the last 3 complete months with the same months a year before", () => {
    const data = rows((date) => ({
      Income: date >= "2026-08" && date <= "2026-10" ? 1200 : date >= "2025-08" && date <= "2025-10" ? 1000 : 1,
      NetIncome: 0,
    }));
    expect(revenueTrend(data, NOW)).toEqual({
      months: ["2026-08", "2026-09", "2026-10"],
      recent: 3600,
      earlier: 3000,
      changePercent: 20,
    });
    const [insight] = deriveValueInsights(data, 0, NOW);
    expect(insight).toEqual({
      kind: "revenue_trend",
      category: "finance",
      title: "Revenue up 20.0% on last year",
      summary:
        "Income for Aug to Oct 2026 was $3,600.00, up 20.0% from $3,000.00 in Aug to Oct 2025. Comparing the same months a year apart takes the season out of the picture.",
    });
  });

  it("says down, and steady under 1%", () => {
    const down = deriveValueInsights(yearOnYear(900, 50), 0, NOW).find((i) => i.kind === "revenue_trend")!;
    expect(down.title).toBe("Revenue down 10.0% on last year");
    expect(down.summary).toContain("down 10.0% from $3,000.00 in Aug to Oct 2025");
    const steady = deriveValueInsights(yearOnYear(1005, 100), 0, NOW).find((i) => i.kind === "revenue_trend")!;
    expect(steady.title).toBe("Revenue is steady on last year");
    expect(steady.summary).toContain("level with the $3,000.00 of Aug to Oct 2025");
  });

  it("is left out when a month of either window is missing or the earlier total is not positive", () => {
    const missing = yearOnYear(1200, 100).filter((row) => row.date !== "2025-09");
    expect(revenueTrend(missing, NOW)).toBeNull();
    const missingRecent = yearOnYear(1200, 100).filter((row) => row.date !== "2026-10");
    expect(revenueTrend(missingRecent, NOW)).toBeNull();
    expect(
      revenueTrend(
        rows(() => ({ Income: 0, NetIncome: 0 })),
        NOW,
      ),
    ).toBeNull();
  });

  it("ignores the current, incomplete month", () => {
    const data = yearOnYear(1000, 100).map((row) => (row.date === "2026-11" ? { ...row, Income: 0 } : row));
    expect(revenueTrend(data, NOW)?.changePercent).toBe(0);
  });
});

describe("net income trend", () => {
  it("totals the last 12 complete months and compares margins like for like (11 pairs in a 24-month report)", () => {
    const data = yearOnYear(1000, 80);
    const trend = netIncomeTrend(data, NOW)!;
    expect(trend.months).toEqual(monthsEndingAt("2026-10", 12));
    // Nov 2025 and Dec 2025 are in the window at 1000/100; Jan–Oct 2026 at 1000/80.
    expect(trend.income).toBe(12000);
    expect(trend.netIncome).toBe(1000);
    expect(trend.marginPercent).toBe(8.3);
    expect(trend.comparison).toEqual({
      pairedMonths: 11,
      marginPercent: 8.2,
      earlierMarginPercent: 10,
      changePoints: -1.8,
    });
    const insight = deriveValueInsights(data, 0, NOW).find((i) => i.kind === "net_income_trend")!;
    expect(insight.title).toBe("Net margin 8.3%, down 1.8 percentage points on a year earlier");
    expect(insight.summary).toBe(
      "Net income for the 12 months to Oct 2026 was $1,000.00 on income of $12,000.00, a net margin of 8.3%. Over the 11 of those months that the report also has for a year earlier, the margin was 8.2%, down 1.8 percentage points from 10.0% in the same months a year before.",
    );
  });

  it("says steady under half a point, and gives the total alone when fewer than 6 months pair", () => {
    const steady = deriveValueInsights(yearOnYear(1000, 102), 0, NOW).find((i) => i.kind === "net_income_trend")!;
    expect(steady.title).toBe("Net margin steady at 10.2%");
    const recentOnly = yearOnYear(1000, 100).filter((row) => row.date >= "2026-03");
    const thirteen = [
      ...monthsEndingAt("2026-02", 8).map((date) => ({ date, Income: 1000, NetIncome: -10 })),
      ...recentOnly,
    ];
    const short = netIncomeTrend(
      thirteen.filter((row) => row.date >= "2025-11"),
      NOW,
    )!;
    expect(short.comparison).toBeNull();
    const insight = deriveValueInsights(
      thirteen.filter((row) => row.date >= "2025-11"),
      0,
      NOW,
    ).find((i) => i.kind === "net_income_trend")!;
    expect(insight.title).toMatch(/^Net margin of -?\d+\.\d% over 12 months$/);
    expect(insight.summary).toContain("does not reach far enough back");
  });

  it("is left out without all 12 months or with no income", () => {
    expect(
      netIncomeTrend(
        yearOnYear(1000, 100).filter((row) => row.date !== "2026-05"),
        NOW,
      ),
    ).toBeNull();
    expect(
      netIncomeTrend(
        rows(() => ({ Income: 0, NetIncome: -5 })),
        NOW,
      ),
    ).toBeNull();
  });
});

describe("revenue per employee", () => {
  it("divides this year's complete months' income by the headcount, against the same months last year", () => {
    const trend = revenuePerEmployeeTrend(yearOnYear(1100, 100), 4, NOW)!;
    expect(trend).toEqual({
      months: monthsEndingAt("2026-10", 10),
      employees: 4,
      perEmployee: 2750,
      earlierPerEmployee: 2500,
      changePercent: 10,
    });
    const insight = deriveValueInsights(yearOnYear(1100, 100), 4, NOW).find((i) => i.kind === "revenue_per_employee")!;
    expect(insight.title).toBe("Revenue per employee $2,750.00 for Jan to Oct 2026");
    expect(insight.summary).toBe(
      "Income for Jan to Oct 2026 comes to $2,750.00 for each of your 4 employees, up 10.0% from $2,500.00 for the same months of 2025. Both years use today's headcount.",
    );
  });

  it("is left out without employees, and in January (the whole previous year cannot be compared)", () => {
    expect(revenuePerEmployeeTrend(yearOnYear(1100, 100), 0, NOW)).toBeNull();
    const january = new Date(Date.UTC(2027, 0, 10));
    const data = monthsEndingAt("2027-01", 24).map((date) => ({ date, Income: 1000, NetIncome: 100 }));
    expect(revenuePerEmployeeTrend(data, 10, january)).toBeNull();
    expect(deriveValueInsights(data, 10, january).map((i) => i.kind)).toEqual(["revenue_trend", "net_income_trend"]);
  });
});

describe("deriveValueInsights", () => {
  it("derives all three, in order, from the demo company's 24-month report", () => {
    const range = reportRange("2026-11");
    const data = parseProfitAndLoss(demoProfitAndLossReport({ seed: "demo-business-harbor-pine", ...range }));
    const insights = deriveValueInsights(data, 37, NOW);
    expect(insights.map((i) => i.kind)).toEqual(["revenue_trend", "net_income_trend", "revenue_per_employee"]);
    for (const insight of insights) {
      expect(insight.category).toBe("finance");
      const text = `${insight.title} ${insight.summary}`;
      for (const banned of ["TODO", "lorem", "{", "placeholder", "NaN", "undefined", "Infinity"]) {
        expect(text.toLowerCase()).not.toContain(banned.toLowerCase());
      }
    }
    expect(deriveValueInsights(data, 37, NOW)).toEqual(insights);
  });

  it("produces nothing without rows", () => {
    expect(deriveValueInsights([], 37, NOW)).toEqual([]);
  });
});

describe("helpers", () => {
  it("formats month spans", () => {
    expect(monthSpan("2026-08", "2026-10")).toBe("Aug to Oct 2026");
    expect(monthSpan("2025-11", "2026-01")).toBe("Nov 2025 to Jan 2026");
    expect(monthSpan("2026-09", "2026-09")).toBe("Sept 2026");
  });

  it("makes the stored id from business, kind and period end", () => {
    expect(valueInsightId("b1", "revenue_trend", "2026-11")).toBe("vi-b1-revenue_trend-2026-11");
  });
});
