// The benchmark_gap value insight (db/enums VALUE_INSIGHT_KINDS): one per business and benchmarking
// year, made from the report's largest gaps when the report is built (H3's builder upserts it with
// id `vi-<businessId>-benchmark_gap-<year>`, like the finance insights). Pure and deterministic:
// the same report always gives the same words. None when no measure has a peer to compare with.
import { benchmarkGapSummary, benchmarkGapTitle } from "./benchmarking-copy";
import { largestGaps } from "./report";
import type { BenchmarkReportData } from "./report-types";
import { VALUE_INSIGHT_STATUS_TEXT } from "~/lib/insights/insight-status";

export type DerivedBenchmarkInsight = {
  kind: "benchmark_gap";
  category: "finance";
  title: string;
  summary: string;
  /** VALUE_INSIGHT_STATUS_TEXT */
  statusText: string;
};

/** The benchmark_gap insights of a report: zero or one (the largest gap leads, the readings follow). */
export function deriveBenchmarkGapInsights(report: BenchmarkReportData): DerivedBenchmarkInsight[] {
  const [largest] = largestGaps(report.measures, 1);
  if (!largest || report.readings.length === 0) return [];
  return [
    {
      kind: "benchmark_gap",
      category: "finance",
      title: benchmarkGapTitle(largest),
      summary: benchmarkGapSummary(report.readings, report.peerGroup.name, report.dollarsOf),
      statusText: VALUE_INSIGHT_STATUS_TEXT,
    },
  ];
}

/** The value insight's id, like the finance ones (`vi-<businessId>-<kind>-<period>`), period = the year. */
export function benchmarkGapInsightId(businessId: string, year: number): string {
  return `vi-${businessId}-benchmark_gap-${year}`;
}
