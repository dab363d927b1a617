// Typed reader for app/data/benchmarks.json, the benchmarking reference data built by
// `npm run data:benchmarks` (scripts/build-benchmarks.mjs, ADR 031). Pure lookups, no I/O.
//
// Every dollar figure is whole dollars of its source's data year (ABS and the retail Economic
// Census: 2017; construction Economic Census and SUSB: 2022). A withheld or missing figure is
// absent (undefined), never 0. Each lookup returns the figure with its source (name and year) for
// the screen's citation. `inDollarsOf` restates a figure in another year's dollars with the CPI-U.
import data from "~/data/benchmarks.json";

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

type Row = Measures & { label: string; level: number; establishments?: number };
type ClassRow = Measures & { firmShare?: number; establishments?: number };
type CodesTable = { source: SourceKey; codes: Record<string, Row> };
type SizeTable = {
  source: SourceKey;
  classes: Record<string, string>;
  sectors: Record<string, { label: string; classes: Record<string, ClassRow> }>;
};
type BenchmarkFile = {
  sources: Record<SourceKey, Omit<BenchmarkSource, "key">>;
  naics: CodesTable;
  employerSize: SizeTable;
  receiptsSize: SizeTable;
  retail: CodesTable;
  construction: CodesTable;
  enterpriseSize: SizeTable;
};

const file = data as unknown as BenchmarkFile;

export function benchmarkSource(key: SourceKey): BenchmarkSource {
  return { key, ...file.sources[key] };
}

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

function industry(table: CodesTable, code: string): IndustryFigures | undefined {
  const row = table.codes[code];
  return row && { code, ...row, source: benchmarkSource(table.source) };
}

/**
 * ABS 2017 figures for a 2017 NAICS code at any level ("00", a sector such as "44-45", or 3–6
 * digits). Undefined when ABS does not publish the code. A code ABS withheld has a label and
 * level but no figures.
 */
export function absIndustry(code: string): IndustryFigures | undefined {
  return industry(file.naics, code);
}

/** Every ABS code at a level (0, 2, 3, 4, 5 or 6), in no particular order. */
export function absCodesAtLevel(level: number): string[] {
  return Object.entries(file.naics.codes)
    .filter(([, row]) => row.level === level)
    .map(([code]) => code);
}

/** 2017 Economic Census retail figures (NAICS 2017, codes within 44-45; establishments too). */
export function retailIndustry(code: string): IndustryFigures | undefined {
  return industry(file.retail, code);
}

/** 2022 Economic Census construction figures (NAICS 2022; 236118 and 238 and its trades). */
export function constructionIndustry(code: string): IndustryFigures | undefined {
  return industry(file.construction, code);
}

function sizeClass(table: SizeTable, sector: string, cls: string): SizeClassFigures | undefined {
  const s = table.sectors[sector];
  const row = s?.classes[cls];
  if (!s || !row) return undefined;
  return {
    sector,
    sectorLabel: s.label,
    sizeClass: cls,
    sizeClassLabel: table.classes[cls] ?? cls,
    ...row,
    source: benchmarkSource(table.source),
  };
}

/** ABS 2017 figures for a sector ("00", "23", "44-45", …) and employment-size class (EMPSZFI). */
export function absByEmployerSize(sector: string, cls: string): SizeClassFigures | undefined {
  return sizeClass(file.employerSize, sector, cls);
}

/** ABS 2017 figures for a sector and receipts-size class (RCPSZFI). */
export function absByReceiptsSize(sector: string, cls: string): SizeClassFigures | undefined {
  return sizeClass(file.receiptsSize, sector, cls);
}

/** SUSB 2022 figures (no receipts) for a sector and enterprise-size class ("01" = total). */
export function susbByEnterpriseSize(sector: string, cls: string): SizeClassFigures | undefined {
  return sizeClass(file.enterpriseSize, sector, cls);
}

/** Every size class of a sector in an ABS size table, in the order of the class list. */
export function sectorDistribution(by: "employees" | "receipts", sector: string): SizeClassFigures[] {
  const classes = by === "employees" ? EMPLOYER_SIZE_CLASSES : RECEIPTS_SIZE_CLASSES;
  const read = by === "employees" ? absByEmployerSize : absByReceiptsSize;
  return classes.map((c) => read(sector, c.code)).filter((f): f is SizeClassFigures => f !== undefined);
}

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
 * CPI-U, U.S. city average, all items, annual averages (BLS series CUUR0000SA0; 1982-84 = 100),
 * as given in issue #15. Only these two years for now: the 2022 sources (SUSB, construction) can be
 * restated once the 2022 average is added here from BLS.
 */
export const CPI_U_ANNUAL_AVERAGE: Readonly<Record<number, number>> = {
  2017: 245.12,
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
