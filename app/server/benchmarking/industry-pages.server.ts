// The public industry benchmark pages (issue #42, ADR 089): /benchmarks/<naics> for every 2022
// NAICS code and each level above it, built from the same reference data and peer-group rule as a
// business's benchmarking report (ADR 031, ADR 032): the figures shown for a code are those of the
// level the product would compare a business in it with, and the page says why when that is a
// level above. Withheld cells stay absent; dollars are in their data year, with today's beside.
import { absSectorOf, EMPLOYER_SIZE_CLASSES } from "~/lib/benchmarking/benchmarks";
import { chooseIndustry, hasFigures, industryName, outOfAbsScope, peerNote } from "~/lib/benchmarking/peer-group";
import { peerFigure } from "~/lib/benchmarking/report";
import {
  PAGE_MEASURES,
  type IndustryBenchmarkPage,
  type PageFigures,
  type SizeRow,
} from "~/lib/benchmarking/industry-page";
import type { MeasureKey } from "~/lib/benchmarking/report-types";
import type { AppContext } from "~/server/load-context";
import { naicsChildren, naicsCodes, naicsNode, naicsParents, naicsSectors } from "~/server/business/naics.server";
import { benchmarksFromAssets, loadReferenceData, type ReferenceData } from "./reference-data.server";

/** Every 2022 NAICS code with a page: the sectors, then every level down to the national industries. */
export function benchmarkPageCodes(): string[] {
  return naicsCodes();
}

/** The 20 sectors, in code order (the index page lists them). */
export const benchmarkSectors = naicsSectors;

function figuresOf(measures: Parameters<typeof peerFigure>[0], year: number): PageFigures {
  const figures = {} as PageFigures;
  for (const key of PAGE_MEASURES) figures[key] = peerFigure(measures, key as MeasureKey, year);
  return figures;
}

/** The page of one code, or null when the 2022 NAICS has no such code. */
export function industryBenchmarkPage(ref: ReferenceData, code: string): IndustryBenchmarkPage | null {
  const node = naicsNode(code);
  if (!node) return null;
  const parents = naicsParents(code);

  // A sector is its own peer group (ABS publishes every sector it covers); below it, the product's rule.
  let chosen;
  let note: string | null;
  if (node.level === 2) {
    const sector = ref.absIndustry(code);
    const scope = outOfAbsScope(code);
    const all = ref.absIndustry("00")!;
    chosen = hasFigures(sector) ? sector : all;
    note =
      chosen === all
        ? `The Annual Business Survey does not cover ${scope ?? `NAICS ${code}`}, so the figures are those of all industries.`
        : null;
  } else {
    const choice = chooseIndustry(code, ref);
    chosen = choice.industry;
    note = peerNote(code, node.title, chosen, choice.skipped, choice.outOfScope);
  }

  const absSector = absSectorOf(code);
  const sizeSector = ref.absByEmployerSize(absSector, "001") ? absSector : "00";
  const sizeRows = EMPLOYER_SIZE_CLASSES.map((cls) => ref.absByEmployerSize(sizeSector, cls.code))
    .filter((row) => row !== undefined)
    .map((row): SizeRow => ({
      sizeClass: row.sizeClass,
      label: row.sizeClassLabel,
      firmShare: row.firmShare === undefined ? null : Math.round(row.firmShare * 1000) / 10,
      figures: figuresOf(row, row.source.year),
    }));
  const sizeAll = ref.absByEmployerSize(sizeSector, "001");

  return {
    code,
    title: node.title,
    level: node.level,
    parents,
    children: naicsChildren(code),
    compared: {
      code: chosen.code,
      name: industryName(chosen),
      firms: chosen.firms ?? null,
      source: chosen.source,
    },
    note,
    figures: figuresOf(chosen, chosen.source.year),
    bySize:
      sizeRows.length > 0 && sizeAll
        ? {
            sectorName: sizeSector === "00" ? "All industries" : `${sizeAll.sectorLabel} (NAICS ${sizeSector})`,
            source: sizeAll.source,
            rows: sizeRows,
          }
        : null,
  };
}

/** The isolate's reference data, read from the deploy's static assets. */
export function publicReferenceData(app: AppContext): Promise<ReferenceData> {
  return loadReferenceData(benchmarksFromAssets(app.bindings.ASSETS));
}
