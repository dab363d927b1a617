// Lookups in app/data/benchmarks.json, the benchmarking reference data (ADR 031). Server-only: the
// file is 674 KB. Each lookup returns the figures with their source (name, data year, NAICS edition)
// for the screen's citation; a withheld figure is absent, never 0.
import data from "~/data/benchmarks.json";
import {
  EMPLOYER_SIZE_CLASSES,
  RECEIPTS_SIZE_CLASSES,
  type BenchmarkSource,
  type IndustryFigures,
  type Measures,
  type NaicsChange,
  type SizeClassFigures,
  type SourceKey,
} from "~/lib/benchmarking/benchmarks";

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
  naics2022: { changes: Record<string, NaicsChange> };
};

const file = data as unknown as BenchmarkFile;

export function benchmarkSource(key: SourceKey): BenchmarkSource {
  return { key, ...file.sources[key] };
}

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

/**
 * The 2022 NAICS revision's change indicator and 2022 title of a code it marked as changed;
 * undefined for a code the revision left as it was in 2017 (ADR 032).
 */
export function naics2022Change(code: string): NaicsChange | undefined {
  return file.naics2022.changes[code];
}

/** The lookups the pure benchmarking engine (app/lib/benchmarking) is given. */
export const REFERENCE_DATA = {
  absIndustry,
  retailIndustry,
  constructionIndustry,
  absByEmployerSize,
  absByReceiptsSize,
  sectorDistribution,
  naics2022Change,
};
