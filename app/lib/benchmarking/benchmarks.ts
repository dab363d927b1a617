// Benchmarking, pure and isomorphic: the types of the reference data (public/reference/benchmarks.json,
// built by `npm run data:benchmarks`, ADR 031), the ABS size classes, and the CPI-U restatement of
// a figure in today's dollars. The lookups that read the JSON are server-only
// (app/server/benchmarking/reference-data.server.ts), so the data never reaches the browser bundle.
//
// Every dollar figure is whole dollars of its source's data year (ABS and the retail Economic
// Census: 2017; construction Economic Census and SUSB: 2022). A withheld or missing figure is
// absent (undefined), never 0.

export type SourceKey = "abs2017" | "ec2017retail" | "ec2022construction" | "susb2022";

export type BenchmarkSource = {
  key: SourceKey;
  /** e.g. "U.S. Census Bureau, Annual Business Survey (ABS), Company Summary". */
  name: string;
  /** The data (reference) year: the year the dollars are in. */
  year: number;
  /** The NAICS edition the codes are in (2017 or 2022). */
  naicsEdition: number;
};

/** The published and derived figures of one group of firms; each absent when withheld. */
export type Measures = {
  firms?: number;
  /** Sales, shipments, receipts or revenue, dollars. */
  receipts?: number;
  /** Paid employees in the pay period including March 12 (working owners not counted). */
  employees?: number;
  /** Annual payroll, dollars. */
  payroll?: number;
  /** receipts ÷ employees, whole dollars. */
  revenuePerEmployee?: number;
  /** payroll ÷ employees, whole dollars. */
  payrollPerEmployee?: number;
  /** employees ÷ firms, 2 decimals. */
  employeesPerFirm?: number;
  /** receipts ÷ firms, whole dollars. */
  receiptsPerFirm?: number;
};

export type IndustryFigures = Measures & {
  code: string;
  label: string;
  /** 0 for all sectors ("00"), 2 for a sector (also "31-33", "44-45", "48-49"), else 3–6. */
  level: number;
  establishments?: number;
  source: BenchmarkSource;
};

export type SizeClassFigures = Measures & {
  sector: string;
  sectorLabel: string;
  sizeClass: string;
  sizeClassLabel: string;
  /** This class's firms as a fraction of the sector's firms (4 decimals); absent for "all firms". */
  firmShare?: number;
  establishments?: number;
  source: BenchmarkSource;
};

/** A code the 2022 NAICS revision marked as changed (Structure file, column 1), with its 2022 title. */
export type NaicsChange = { change: "*" | "**" | "***" | "****"; title: string };

/** ABS firm employment-size classes (EMPSZFI), smallest first. "001" is all firms. */
export const EMPLOYER_SIZE_CLASSES = [
  { code: "611", minEmployees: 0, maxEmployees: 0 },
  { code: "612", minEmployees: 1, maxEmployees: 4 },
  { code: "620", minEmployees: 5, maxEmployees: 9 },
  { code: "630", minEmployees: 10, maxEmployees: 19 },
  { code: "641", minEmployees: 20, maxEmployees: 49 },
  { code: "642", minEmployees: 50, maxEmployees: 99 },
  { code: "651", minEmployees: 100, maxEmployees: 249 },
  { code: "652", minEmployees: 250, maxEmployees: 499 },
  { code: "657", minEmployees: 500, maxEmployees: Infinity },
] as const;

/** ABS firm receipts-size classes (RCPSZFI), in dollars, smallest first. "001" is all firms. */
export const RECEIPTS_SIZE_CLASSES = [
  { code: "510", minReceipts: 0, maxReceipts: 9_999 },
  { code: "520", minReceipts: 10_000, maxReceipts: 49_999 },
  { code: "522", minReceipts: 50_000, maxReceipts: 99_999 },
  { code: "523", minReceipts: 100_000, maxReceipts: 249_999 },
  { code: "525", minReceipts: 250_000, maxReceipts: 499_999 },
  { code: "531", minReceipts: 500_000, maxReceipts: 999_999 },
  { code: "532", minReceipts: 1_000_000, maxReceipts: Infinity },
] as const;

export const ALL_FIRMS = "001";

/** The ABS employment-size class of a firm with this many employees. */
export function employerSizeClassOf(employees: number): string {
  const n = Math.max(0, Math.floor(employees));
  return EMPLOYER_SIZE_CLASSES.find((c) => n >= c.minEmployees && n <= c.maxEmployees)!.code;
}

/** The ABS receipts-size class of a firm with these annual receipts (dollars of 2017). */
export function receiptsSizeClassOf(receipts: number): string {
  const n = Math.max(0, Math.floor(receipts));
  return RECEIPTS_SIZE_CLASSES.find((c) => n >= c.minReceipts && n <= c.maxReceipts)!.code;
}

/** The 2-digit ABS sector of a NAICS code: "44-45" for 44… and 45…, "31-33" and "48-49" likewise. */
export function absSectorOf(code: string): string {
  const two = code.slice(0, 2);
  if (["31", "32", "33"].includes(two)) return "31-33";
  if (["44", "45"].includes(two)) return "44-45";
  if (["48", "49"].includes(two)) return "48-49";
  return two;
}

/**
 * CPI-U, U.S. city average, all items, annual averages (BLS series CUUR0000SA0; 1982-84 = 100):
 * 2017 and 2024 as given in the benchmarking issue, 2022 (292.655) from the BLS CPI Detailed
 * Report's annual average table, for the 2022 sources (SUSB, construction).
 */
export const CPI_U_ANNUAL_AVERAGE: Readonly<Record<number, number>> = {
  2017: 245.12,
  2022: 292.655,
  2024: 313.689,
};

/** The year "today's dollars" means on screen: the latest full-year CPI-U average we hold. */
export const CPI_CURRENT_YEAR = 2024;

/**
 * A dollar amount of `fromYear` restated in dollars of `toYear` (default 2024) with the CPI-U
 * annual averages, rounded to whole dollars. Throws for a year without a CPI-U average here.
 */
export function inDollarsOf(amount: number, fromYear: number, toYear: number = CPI_CURRENT_YEAR): number {
  const from = CPI_U_ANNUAL_AVERAGE[fromYear];
  const to = CPI_U_ANNUAL_AVERAGE[toYear];
  if (from === undefined || to === undefined) {
    throw new Error(`no CPI-U annual average for ${from === undefined ? fromYear : toYear}`);
  }
  return Math.round((amount * to) / from);
}
