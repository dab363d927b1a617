// Lookups in public/reference/benchmarks.json, the benchmarking reference data (ADR 031). The file
// (0.7 MB) is a static asset of the deploy, read through the ASSETS binding when an isolate first
// builds a report (app/server/platform/reference-assets.server.ts, ADR 042), not part of the
// Worker's code. Each lookup returns the figures with their source (name, data year, NAICS
// edition) for the screen's citation; a withheld figure is absent, never 0.
import { loadOncePerIsolate, referenceAsset, type ReferenceSource } from "~/server/platform/reference-assets.server";
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

/** Where the file is among the deploy's static assets (vite copies public/ into build/client/). */
export const BENCHMARKS_ASSET_PATH = "/reference/benchmarks.json";

/** The reference data from the deploy's static assets (the Worker's ASSETS binding). */
export function benchmarksFromAssets(assets: Fetcher | undefined): ReferenceSource {
  return referenceAsset(assets, BENCHMARKS_ASSET_PATH, "The benchmark reference data");
}

/** Every lookup over one parsed benchmarks file. */
export type ReferenceData = ReturnType<typeof referenceDataOf>;

/** The lookups over the file's parsed JSON (in unit tests: the committed file, imported). */
export function referenceDataOf(data: unknown) {
  const file = data as BenchmarkFile;

  function benchmarkSource(key: SourceKey): BenchmarkSource {
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
  function absIndustry(code: string): IndustryFigures | undefined {
    return industry(file.naics, code);
  }

  /** Every ABS code at a level (0, 2, 3, 4, 5 or 6), in no particular order. */
  function absCodesAtLevel(level: number): string[] {
    return Object.entries(file.naics.codes)
      .filter(([, row]) => row.level === level)
      .map(([code]) => code);
  }

  /** 2017 Economic Census retail figures (NAICS 2017, codes within 44-45; establishments too). */
  function retailIndustry(code: string): IndustryFigures | undefined {
    return industry(file.retail, code);
  }

  /** 2022 Economic Census construction figures (NAICS 2022; 236118 and 238 and its trades). */
  function constructionIndustry(code: string): IndustryFigures | undefined {
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
  function absByEmployerSize(sector: string, cls: string): SizeClassFigures | undefined {
    return sizeClass(file.employerSize, sector, cls);
  }

  /** ABS 2017 figures for a sector and receipts-size class (RCPSZFI). */
  function absByReceiptsSize(sector: string, cls: string): SizeClassFigures | undefined {
    return sizeClass(file.receiptsSize, sector, cls);
  }

  /** SUSB 2022 figures (no receipts) for a sector and enterprise-size class ("01" = total). */
  function susbByEnterpriseSize(sector: string, cls: string): SizeClassFigures | undefined {
    return sizeClass(file.enterpriseSize, sector, cls);
  }

  /** Every size class of a sector in an ABS size table, in the order of the class list. */
  function sectorDistribution(by: "employees" | "receipts", sector: string): SizeClassFigures[] {
    const classes = by === "employees" ? EMPLOYER_SIZE_CLASSES : RECEIPTS_SIZE_CLASSES;
    const read = by === "employees" ? absByEmployerSize : absByReceiptsSize;
    return classes.map((c) => read(sector, c.code)).filter((f): f is SizeClassFigures => f !== undefined);
  }

  /**
   * The 2022 NAICS revision's change indicator and 2022 title of a code it marked as changed;
   * undefined for a code the revision left as it was in 2017 (ADR 032).
   */
  function naics2022Change(code: string): NaicsChange | undefined {
    return file.naics2022.changes[code];
  }

  return {
    benchmarkSource,
    absIndustry,
    absCodesAtLevel,
    retailIndustry,
    constructionIndustry,
    absByEmployerSize,
    absByReceiptsSize,
    susbByEnterpriseSize,
    sectorDistribution,
    naics2022Change,
  };
}

/** The isolate's reference data, read once from `source` (benchmarksFromAssets in the Worker). */
export const loadReferenceData = loadOncePerIsolate((text) => referenceDataOf(JSON.parse(text)));
