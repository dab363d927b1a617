// The benchmark_gap value insight as it reads (ADR 060): its texts are written from its year's
// report, so the insights domain (the insight's page and GET /api/insight/value-insight/{id}) and
// matching (its summary becomes a match request's problem statement) read the report beside the
// insight, in the same D1 batch, through these two functions.
import { and, eq } from "drizzle-orm";
import { benchmarkReports } from "~db/schema";
import { benchmarkGapInsightAsRead, benchmarkGapInsightYear } from "~/lib/benchmarking/gap-insights";
import type { BenchmarkReportData } from "~/lib/benchmarking/report-types";
import type { AppContext } from "~/server/load-context";

/**
 * The report a value insight is written from, a read for the caller's batch: null when
 * `insightId` is not the business's benchmark_gap insight (nothing to read).
 */
export function benchmarkGapReportQuery(app: AppContext, businessId: string, insightId: string) {
  const year = benchmarkGapInsightYear(businessId, insightId);
  if (year === null) return null;
  return app.db
    .select({ data: benchmarkReports.data })
    .from(benchmarkReports)
    .where(and(eq(benchmarkReports.businessId, businessId), eq(benchmarkReports.period, String(year))))
    .limit(1);
}

/** The insight's title and summary as they read, from the rows benchmarkGapReportQuery answered (none: as stored). */
export function benchmarkGapTextsAsRead(
  stored: { title: string; summary: string },
  reportRows: readonly { data: unknown }[],
): { title: string; summary: string } {
  return benchmarkGapInsightAsRead(stored, (reportRows[0]?.data as BenchmarkReportData | undefined) ?? null);
}
