// The benchmarking report as stored (benchmark_reports.data, one row per business and year) and
// as the screens and the API read it. Pure types, isomorphic. Built by the `benchmarking` queue
// job (app/server/benchmarking/benchmark-build.server.ts) from the reference data
// (public/reference/benchmarks.json) and the business's books (or its stated bands).

import type { ExpenseLineRow } from "~db/enums";
import type { SourceKey } from "./benchmarks";
import type { BandDisagreement } from "~/lib/business/revenue-band";

/** The firms the business is compared with, always named on screen. */
export type PeerGroup = {
  /** The business's NAICS 2022 code the choice started from. */
  requestedCode: string;
  /** The industry compared: the most specific level with published figures that means the same industry. */
  industry: { code: string; label: string; level: number; source: SourceKey; year: number };
  /** The firm employment-size class of the business within the industry's sector (ABS 2017). */
  sizeClass: { sector: string; sectorLabel: string; code: string; label: string; year: number } | null;
  /** e.g. "Retail trade (NAICS 44-45), firms with 50 to 99 employees, 2017". */
  name: string;
  /** Why the industry is less specific than the business's code, in a sentence; null when it is the same code. */
  note: string | null;
};

export type MeasureKey =
  "revenue" | "employees" | "revenuePerEmployee" | "payrollPerEmployee" | "payrollShare" | "netMargin";

export type MeasureUnit = "usd" | "count" | "percent";

/** One row of the report: the business against its peers. */
export type BenchmarkMeasure = {
  key: MeasureKey;
  /** "Revenue per employee" */
  label: string;
  unit: MeasureUnit;
  /** The business's figure (dollars of today; percent as 12.3), null when its books/bands cannot give it. */
  business: number | null;
  /** Where the business figure comes from: its books, or the bands it stated at sign-up. */
  businessBasis: "books" | "stated" | null;
  /** How the business figure was computed, e.g. "Income for Dec 2025 to Nov 2026 divided by 37 employees." */
  businessNote: string;
  /** The peer figure restated in dollars of `dollarsOf` (CPI-U); counts and percents as published. Null when withheld or not published. */
  peer: number | null;
  /** The peer figure in its data year's dollars, as published. */
  peerAsPublished: number | null;
  /** Which peers: the industry, or the size class within the sector. */
  peerGroup: "industry" | "sizeClass";
  /** "Sporting goods retailers (NAICS 45111), all employer firms, 2017" */
  peerLabel: string;
  source: SourceKey;
  /** (business − peer) ÷ peer × 100, one decimal; null when either side is missing. */
  gapPercent: number | null;
  /** business − peer, in the measure's unit (dollars, employees, percentage points). */
  gapAmount: number | null;
  /** e.g. "larger than about 96% of retail firms by employees"; null when the distributions do not allow it. */
  position: string | null;
  /** The share of the sector's firms the business is larger than, 0–100; null with `position`. */
  positionPercent: number | null;
};

export type BenchmarkReportData = {
  version: 1;
  /** The benchmarking year (the year bought, or the plan's current year). */
  year: number;
  /** ISO time the report was built. */
  builtAt: string;
  peerGroup: PeerGroup;
  /** The year whose dollars every `peer` figure is restated in (CPI-U annual averages). */
  dollarsOf: number;
  /** Where the business's side comes from. */
  basis: "books" | "stated";
  /** Last complete month of the books used ('YYYY-MM'), null when the stated bands were used. */
  booksThrough: string | null;
  measures: BenchmarkMeasure[];
  /**
   * Plain-English reading of the (up to) three largest gaps, largest first. Like every text with an
   * amount in it (the notes, the gaps), written again from the numbers when read (reportAsRead,
   * ADR 060): what is stored is never shown as it is.
   */
  readings: string[];
  /** The sources cited, with their data year. */
  sources: { key: SourceKey; name: string; year: number }[];
  /** The finance report's lastUpdate the report was built from (ISO), to rebuild when the books change. */
  booksVersion: string | null;
  /**
   * Wages and salaries over the twelve months of books, dollars and cents (payroll per employee's
   * note names it); null with the stated bands or books without expense lines. Absent from a
   * report built before it was kept (ADR 060): read again from the same books when shown.
   */
  payroll?: number | null;
};

/** The finance report a report's missing payroll total is read again from (ADR 060). */
export type ReportBooks = {
  /** finance_reports.expense_lines; null when kept before the lines were. */
  expenseLines: readonly ExpenseLineRow[] | null;
  /** finance_reports.last_update: the same books when it is the report's booksVersion. */
  lastUpdate: Date;
};

/** The business entity's `naicsReport` (spec §3): the year's report while building or built, else null. */
export type NaicsReportSummary = {
  year: number;
  status: "building" | "ready" | "failed";
  /** The peer group's name once built. */
  peerGroup: string | null;
  /** ISO time of the last change (job or report). */
  updatedAt: string;
};

/** What /benchmarking needs (loadBenchmarkingView in app/server/benchmarking/benchmarking-view.server.ts). */
export type BenchmarkingPageView = {
  businessId: string;
  year: number;
  /** included: the plan includes it (STARTER/SCALE); purchased: a year bought; none: must buy. */
  access: "included" | "purchased" | "none";
  /** The plan's display name, e.g. "STARTER" (the free trial's plan while it runs). */
  planName: string;
  /** "Dec 5, 2026" while benchmarking is included by the free trial (ADR 050), else null. */
  trialEndsAt: string | null;
  /** "$299.00" */
  priceLabel: string;
  /** Company data connected (QuickBooks or the demo company). */
  connected: boolean;
  /** none: nothing started for this year; building: the job is queued or running. */
  status: "none" | "building" | "ready" | "failed";
  /**
   * Building, but the job stalled (its worker died or its message was lost, a lease ago): the
   * building screen offers Try again, which sends the job again.
   */
  stalled: boolean;
  report: BenchmarkReportData | null;
  /** The report's year of books puts the business in another revenue band than it chose (ADR 050). */
  bands: BandDisagreement | null;
};
