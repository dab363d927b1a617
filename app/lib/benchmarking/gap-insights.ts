// The benchmark_gap value insight (db/enums VALUE_INSIGHT_KINDS): one per business and benchmarking
// year, made from the report's largest gaps when the report is built (H3's builder upserts it with
// id `vi-<businessId>-benchmark_gap-<year>`, like the finance insights). Pure and deterministic:
// the same report always gives the same words. None when no measure has a peer to compare with.
import { benchmarkGapSummary, benchmarkGapTitle } from "./benchmarking-copy";
import { largestGaps, reportAsRead } from "./report";
import type { BenchmarkReportData } from "./report-types";
import { formatDate } from "~/lib/shared/dates";

export type DerivedBenchmarkInsight = {
  kind: "benchmark_gap";
  category: "finance";
  title: string;
  summary: string;
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
    },
  ];
}

/** The value insight's id, like the finance ones (`vi-<businessId>-<kind>-<period>`), period = the year. */
export function benchmarkGapInsightId(businessId: string, year: number): string {
  return `vi-${businessId}-benchmark_gap-${year}`;
}

/** The year of a business's benchmark_gap insight id (benchmarkGapInsightId), null for any other id. */
export function benchmarkGapInsightYear(businessId: string, insightId: string): number | null {
  const prefix = benchmarkGapInsightId(businessId, 0).slice(0, -1);
  const year = insightId.startsWith(prefix) ? insightId.slice(prefix.length) : "";
  return /^\d{4}$/.test(year) ? Number(year) : null;
}

/**
 * A stored benchmark_gap insight's title and summary as they read (ADR 060): written from its
 * year's report as it reads (reportAsRead), so an insight stored before a format changed reads
 * like a new one. A rated insight kept through a rebuild that found no gap keeps the texts it was
 * rated on, and its summary says that the report no longer shows the gap (NO_LONGER_SHOWN), so
 * neither its page nor a match request made from it tells of a gap as if it were current.
 */
export function benchmarkGapInsightAsRead(
  stored: { title: string; summary: string },
  report: BenchmarkReportData | null,
): { title: string; summary: string } {
  if (!report) return { title: stored.title, summary: stored.summary };
  const derived = benchmarkGapTextsOf(report);
  if (derived) return derived;
  return { title: stored.title, summary: `${stored.summary} ${noLongerShown(report)}` };
}

/**
 * The gap insight's title and summary as a report tells them today (reportAsRead), null when it
 * tells no gap. The build also keeps these texts on a rated insight when a rebuild finds no gap.
 */
export function benchmarkGapTextsOf(report: BenchmarkReportData): { title: string; summary: string } | null {
  const [derived] = deriveBenchmarkGapInsights(reportAsRead(report));
  return derived ? { title: derived.title, summary: derived.summary } : null;
}

/** "Your 2026 benchmarking report, rebuilt on Nov 20, 2026, no longer shows this gap." */
function noLongerShown(report: Pick<BenchmarkReportData, "year" | "builtAt">): string {
  return `Your ${report.year} benchmarking report, rebuilt on ${formatDate(report.builtAt)}, no longer shows this gap.`;
}
