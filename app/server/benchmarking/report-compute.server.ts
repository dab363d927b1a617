// The benchmarking engine's server entry (ADR 032), called by the `benchmarking` job
// (app/server/benchmarking/benchmark-build.server.ts): the pure engine (app/lib/benchmarking
// peer-group.ts, business-figures.ts, report.ts, gap-insights.ts) fed with the reference data,
// which stays on the server.
import type { EmployeeBand, RevenueBand } from "~db/enums";
import { businessFigures, type BooksInput } from "~/lib/benchmarking/business-figures";
import {
  benchmarkGapInsightId,
  deriveBenchmarkGapInsights,
  type DerivedBenchmarkInsight,
} from "~/lib/benchmarking/gap-insights";
import { choosePeerGroup } from "~/lib/benchmarking/peer-group";
import { buildReport } from "~/lib/benchmarking/report";
import type { BenchmarkReportData } from "~/lib/benchmarking/report-types";
import { naicsTitle } from "~/server/business/naics.server";
import type { ReferenceData } from "./reference-data.server";

export type { BooksInput, DerivedBenchmarkInsight };
export { benchmarkGapInsightId };

export type ComputeBenchmarkInput = {
  /** The benchmarking year (benchmark_reports.period as a number). */
  year: number;
  /** When the report is built (builtAt). */
  now: Date;
  business: {
    /** NAICS 2022 six-digit code (businesses.naics). */
    naics: string;
    /** Its 2022 title for the peer-group note; by default the NAICS 2022 list's (naics.server.ts). */
    naicsTitle?: string | null;
    numberOfEmployees: number;
    employeeBand: EmployeeBand;
    revenueBand: RevenueBand;
  };
  /**
   * The finance report (null: no books): monthly rows, payroll by month from its expense lines
   * (expense-lines.ts monthlyPayroll; null when the report has no lines), periodEnd, lastUpdate (ISO).
   */
  books: BooksInput | null;
};

/** The report to store in benchmark_reports.data for (business, year). Throws only on a malformed NAICS code. */
export function computeBenchmarkReport(ref: ReferenceData, input: ComputeBenchmarkInput): BenchmarkReportData {
  const business = businessFigures({
    numberOfEmployees: input.business.numberOfEmployees,
    employeeBand: input.business.employeeBand,
    revenueBand: input.business.revenueBand,
    books: input.books,
  });
  const choice = choosePeerGroup(
    input.business.naics,
    business.figures.employees.value,
    ref,
    input.business.naicsTitle ?? naicsTitle(input.business.naics),
  );
  return buildReport({
    year: input.year,
    builtAt: input.now,
    choice,
    business,
    ref,
    booksVersion: input.books?.lastUpdate ?? null,
  });
}

/** The report's benchmark_gap value insights (zero or one; id: benchmarkGapInsightId(businessId, year)). */
export function benchmarkGapInsights(report: BenchmarkReportData): DerivedBenchmarkInsight[] {
  return deriveBenchmarkGapInsights(report);
}
