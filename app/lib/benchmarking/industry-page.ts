// What a public industry benchmark page shows (issue #42, ADR 089): pure, shared by the server
// (app/server/benchmarking/industry-pages.server.ts builds it) and the page that renders it.
import type { NaicsNode } from "~/lib/business/naics";
import type { BenchmarkSource } from "./benchmarks";
import { MEASURE_LABELS } from "./benchmarking-copy";
import type { PeerFigure } from "./report";

/** The measures a page shows, in this order, each for the industry and for every firm size. */
export const PAGE_MEASURES = [
  "revenuePerEmployee",
  "payrollPerEmployee",
  "payrollShare",
  "employees",
  "revenue",
] as const;
export type PageMeasure = (typeof PAGE_MEASURES)[number];

/** What the page calls each measure (the product's names; "employees" and "revenue" are per firm here). */
export const PAGE_MEASURE_LABELS: Record<PageMeasure, string> = {
  revenuePerEmployee: MEASURE_LABELS.revenuePerEmployee,
  payrollPerEmployee: MEASURE_LABELS.payrollPerEmployee,
  payrollShare: MEASURE_LABELS.payrollShare,
  employees: "Employees per firm",
  revenue: "Revenue per firm",
};

export type PageFigures = Record<PageMeasure, PeerFigure>;

export type SizeRow = {
  sizeClass: string;
  label: string;
  /** Share of the sector's firms in this class, 0–100 one decimal; null when withheld. */
  firmShare: number | null;
  figures: PageFigures;
};

export type IndustryBenchmarkPage = {
  code: string;
  title: string;
  level: number;
  /** The levels above, from the sector down to the parent. */
  parents: NaicsNode[];
  /** The codes one level below, in code order. */
  children: NaicsNode[];
  /** The industry whose published figures the page shows, and where they come from. */
  compared: { code: string; name: string; firms: number | null; source: BenchmarkSource };
  /** Why the figures are a level above this code (the product's peer note), or null. */
  note: string | null;
  figures: PageFigures;
  /** The sector's firms by employment size (ABS), smallest first; classes Census withheld are left out. */
  bySize: { sectorName: string; source: BenchmarkSource; rows: SizeRow[] } | null;
};
