import { describe, expect, it } from "vitest";
import {
  benchmarkGapInsightAsRead,
  benchmarkGapInsightId,
  deriveBenchmarkGapInsights,
} from "~/lib/benchmarking/gap-insights";
import { VALUE_INSIGHT_KINDS } from "~db/enums";
import { monthsEndingAt } from "~/lib/finance/finance";
import { REFERENCE_DATA } from "./committed-reference-data";
import { withoutPeerFigures } from "../../fixtures/benchmarking/report";
import { benchmarkGapInsights, computeBenchmarkReport } from "~/server/benchmarking/report-compute.server";

const MONTHS = monthsEndingAt("2026-10", 12);
const report = (books = true) =>
  computeBenchmarkReport(REFERENCE_DATA, {
    year: 2026,
    now: new Date("2026-11-20T08:00:00.000Z"),
    business: { naics: "722511", numberOfEmployees: 37, employeeBand: "25-50", revenueBand: "< 5 million" },
    books: books
      ? {
          rows: monthsEndingAt("2026-11", 24).map((date) => ({ date, Income: 100_000, NetIncome: 8_000 })),
          payrollByMonth: Object.fromEntries(MONTHS.map((m) => [m, 30_000])),
          periodEnd: "2026-11",
          lastUpdate: "2026-11-03T10:00:00.000Z",
        }
      : null,
  });

describe("the benchmark_gap value insight", () => {
  it("one per report: the largest gap as title, the readings and the peer group as summary", () => {
    expect(VALUE_INSIGHT_KINDS).toContain("benchmark_gap");
    expect(benchmarkGapInsights(report())).toEqual([
      {
        kind: "benchmark_gap",
        category: "finance",
        title: "Payroll per employee 58.9% below peer firms",
        summary:
          "Your payroll per employee for Nov 2025 to Oct 2026 ($9,729.73) is 58.9% lower than the average of peer firms ($23,694.00), $13,964.27 less per employee. " +
          "Your revenue per employee for Nov 2025 to Oct 2026 ($32,432.43) is 53.2% lower than the average of peer firms ($69,277.00), $36,844.57 less per employee. " +
          "You have 37 employees, 42.1% more than the average peer firm (26). " +
          "Peers: Full-service restaurants (NAICS 722511), 2017; Accommodation and food services (NAICS 72) firms with 20 to 49 employees, 2017; dollar figures in 2024 dollars.",
      },
    ]);
  });

  it("is the same, word for word, for the same report (a rebuild upserts the same row)", () => {
    expect(deriveBenchmarkGapInsights(report())).toEqual(deriveBenchmarkGapInsights(report()));
  });

  it("none when no measure has both sides", () => {
    expect(deriveBenchmarkGapInsights(withoutPeerFigures(report(false)))).toEqual([]);
  });

  it("its id is the finance insights' pattern with the year as period", () => {
    expect(benchmarkGapInsightId("biz_1", 2026)).toBe("vi-biz_1-benchmark_gap-2026");
  });
});

describe("a stored benchmark_gap insight as it reads", () => {
  const stored = {
    title: "Revenue per employee 51.6% below peers",
    summary: "Your revenue per employee ($197,368) is 51.6% lower than the average of peer firms ($407,587).",
  };

  it("is written from its year's report when the report tells a gap", () => {
    const built = report();
    const [derived] = deriveBenchmarkGapInsights(built);
    expect(benchmarkGapInsightAsRead(stored, built)).toEqual({ title: derived.title, summary: derived.summary });
  });

  it("keeps the texts it was rated on, with the date the report stopped showing the gap, after a rebuild that found none", () => {
    // No published peer figure to compare with (reference data that withholds them).
    const noGap = withoutPeerFigures(report());
    expect(deriveBenchmarkGapInsights(noGap)).toEqual([]);
    expect(benchmarkGapInsightAsRead(stored, noGap)).toEqual({
      title: stored.title,
      summary: `${stored.summary} Your 2026 benchmarking report, rebuilt on Nov 20, 2026, no longer shows this gap.`,
    });
  });

  it("reads as stored when its report is gone", () => {
    expect(benchmarkGapInsightAsRead(stored, null)).toEqual(stored);
  });
});
