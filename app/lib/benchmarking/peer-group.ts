// The peer group of a business (ADR 032): the industry its NAICS 2022 code belongs to, at the most
// specific level with published figures that means the same industry in the data (most of it
// 2017-coded), and the ABS 2017 firm employment-size class of its headcount within its sector.
// Pure: the reference data comes in through `ReferenceLookups` (the server passes
// app/server/benchmarking/reference-data.server.ts's REFERENCE_DATA), so the JSON never reaches
// the browser and the tests can feed small tables.
//
// The rule, from the business's six-digit code up to its sector, taking the first level that fits:
// 1. Construction (sector 23): a code the 2022 Economic Census publishes (2022-coded, so no
//    revision question) is used as it is.
// 2. A code the 2022 NAICS revision marked as changed (any of `*` … `****` in the 2022 Structure)
//    is skipped: its 2017 digits may describe a different set of firms. `*` (a new title) is
//    skipped too, because the 2022 retail revision moved online sellers into store codes whose
//    only mark is a new title (445110); being conservative costs detail, never correctness.
// 3. An unchanged code is used when ABS 2017 publishes receipts, employees and firms for it
//    (firm-based, like the size tables); in retail, the 2017 Economic Census is the fallback when
//    ABS withholds the code.
// 4. The sector (ABS, "44-45" for retail) always means the same industry; when ABS does not cover
//    the sector at all (public administration) the peers are all industries ("00"). A business in
//    an industry outside ABS's scope (crop and animal production, rail, postal service, …) is
//    compared with the rest of its sector, and the note says so.
import {
  absSectorOf,
  employerSizeClassOf,
  type IndustryFigures,
  type NaicsChange,
  type SizeClassFigures,
} from "./benchmarks";
import type { PeerGroup } from "./report-types";

/** The reference-data lookups the engine reads (server: REFERENCE_DATA). */
export type ReferenceLookups = {
  absIndustry(code: string): IndustryFigures | undefined;
  retailIndustry(code: string): IndustryFigures | undefined;
  constructionIndustry(code: string): IndustryFigures | undefined;
  absByEmployerSize(sector: string, sizeClass: string): SizeClassFigures | undefined;
  sectorDistribution(by: "employees" | "receipts", sector: string): SizeClassFigures[];
  naics2022Change(code: string): NaicsChange | undefined;
};

export type PeerChoice = {
  peerGroup: PeerGroup;
  /** The industry's figures (receipts, employees, firms at least). */
  industry: IndustryFigures;
  /** The size class's figures within the sector, null without a headcount or when ABS withholds it. */
  sizeClass: SizeClassFigures | null;
  /** The ABS sector whose size tables (classes and distributions) apply. */
  sector: string;
};

/** Industries ABS 2017 does not survey (its scope), by 3-digit code or sector. */
const OUT_OF_ABS_SCOPE: Record<string, string> = {
  "111": "crop production (NAICS 111)",
  "112": "animal production (NAICS 112)",
  "482": "rail transportation (NAICS 482)",
  "491": "the postal service (NAICS 491)",
  "521": "monetary authorities (NAICS 521)",
  "525": "funds, trusts and other financial vehicles (NAICS 525)",
  "813": "religious, grantmaking, civic, professional and similar organizations (NAICS 813)",
  "814": "private households (NAICS 814)",
  "92": "public administration (NAICS 92)",
};

/** What ABS leaves out that the code belongs to, or null. */
export function outOfAbsScope(code: string): string | null {
  return OUT_OF_ABS_SCOPE[code.slice(0, 3)] ?? OUT_OF_ABS_SCOPE[code.slice(0, 2)] ?? null;
}

/** The figures the measures need: receipts, employees and firms all published. */
export function hasFigures(f: IndustryFigures | undefined): f is IndustryFigures {
  return f !== undefined && f.receipts !== undefined && f.employees !== undefined && f.firms !== undefined;
}

/** The 2022 code's levels from the most specific to the sector: 459110, 45911, 4591, 459, 44-45. */
export function naicsLevelsUp(code: string): string[] {
  if (!/^\d{2,6}$/.test(code)) throw new RangeError(`Not a NAICS code: "${code}"`);
  const levels: string[] = [];
  for (let len = code.length; len >= 3; len--) levels.push(code.slice(0, len));
  levels.push(absSectorOf(code));
  return levels;
}

type Skip = { code: string; why: "changed" | "unpublished"; change?: NaicsChange };

/** The industry half of the rule; `skipped` lists the more specific levels passed over and why. */
export function chooseIndustry(
  code: string,
  ref: ReferenceLookups,
): { industry: IndustryFigures; skipped: Skip[]; outOfScope: string | null } {
  const sector = absSectorOf(code);
  const skipped: Skip[] = [];
  for (const level of naicsLevelsUp(code)) {
    const isSector = level === sector;
    if (sector === "23" && !isSector) {
      const construction = ref.constructionIndustry(level);
      if (hasFigures(construction)) return { industry: construction, skipped, outOfScope: null };
    }
    const change = isSector ? undefined : ref.naics2022Change(level);
    if (change) {
      skipped.push({ code: level, why: "changed", change });
      continue;
    }
    const abs = ref.absIndustry(level);
    if (hasFigures(abs)) return { industry: abs, skipped, outOfScope: isSector ? outOfAbsScope(code) : null };
    if (sector === "44-45") {
      const retail = ref.retailIndustry(level);
      if (hasFigures(retail)) return { industry: retail, skipped, outOfScope: null };
    }
    skipped.push({ code: level, why: "unpublished" });
  }
  const all = ref.absIndustry("00");
  if (!hasFigures(all)) throw new Error("The reference data has no all-sector ABS figures");
  return { industry: all, skipped, outOfScope: outOfAbsScope(code) };
}

/** "Retail trade" from ABS's "Total for all sectors" and the like. */
export function industryLabel(f: Pick<IndustryFigures, "code" | "label">): string {
  return f.code === "00" ? "All industries" : f.label;
}

/** "Retail trade (NAICS 44-45)", or "All industries" for "00". */
export function industryName(f: Pick<IndustryFigures, "code" | "label">): string {
  return f.code === "00" ? "All industries" : `${f.label} (NAICS ${f.code})`;
}

/** "firms with 50 to 99 employees" from ABS's "Firms with 50 to 99 employees". */
export function sizeClassPhrase(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}

const CHANGE_WORDS: Record<NaicsChange["change"], string> = {
  "*": "was retitled in the 2022 NAICS revision",
  "**": "is new in the 2022 NAICS revision",
  "***": "changed content in the 2022 NAICS revision",
  "****": "changed content in the 2022 NAICS revision",
};

/** Why the industry compared is less specific than the business's code, in one sentence. */
export function peerNote(
  requestedCode: string,
  requestedTitle: string | null,
  chosen: IndustryFigures,
  skipped: Skip[],
  outOfScopeText: string | null,
): string | null {
  if (outOfScopeText !== null) {
    const rest = chosen.code === "00" ? "all industries" : `the rest of its sector, ${industryName(chosen)}`;
    return `The Annual Business Survey does not cover ${outOfScopeText}, so NAICS ${requestedCode} is compared with ${rest}.`;
  }
  if (chosen.code === requestedCode) return null;
  const first = skipped[0];
  const title = first?.change?.title ?? requestedTitle;
  const subject = `NAICS ${requestedCode}${title ? ` (${title})` : ""}`;
  const reason =
    first?.code === requestedCode && first.why === "changed"
      ? `${subject} ${CHANGE_WORDS[first.change!.change]}, so the 2017 figures under the same digits may describe different firms`
      : `${subject} has no published Census figures of its own`;
  const between = skipped.length > 1 ? " (the levels in between changed in 2022 or have no published figures)" : "";
  return `${reason}; the nearest level that means the same industry and has published figures is ${industryName(chosen)}${between}.`;
}

/**
 * The peer group of a business with NAICS 2022 `code` and `employees` employees (null: unknown).
 * `title` is the code's 2022 title when the caller has it (for the note).
 */
export function choosePeerGroup(
  code: string,
  employees: number | null,
  ref: ReferenceLookups,
  title: string | null = null,
): PeerChoice {
  const { industry, skipped, outOfScope: scope } = chooseIndustry(code, ref);
  const absSector = absSectorOf(code);
  // The size tables cover ABS's sectors; a business outside them is compared with all sectors.
  const sector = ref.absByEmployerSize(absSector, "001") ? absSector : "00";
  const sizeClass =
    employees === null || !Number.isFinite(employees) || employees < 0
      ? null
      : (ref.absByEmployerSize(sector, employerSizeClassOf(employees)) ?? null);
  const usableSize = sizeClass && sizeClass.firms !== undefined ? sizeClass : null;

  const industryPart = industryName(industry);
  let name: string;
  if (!usableSize) {
    name = `${industryPart}, all employer firms, ${industry.source.year}`;
  } else if (industry.level <= 2 && industry.code === usableSize.sector) {
    name = `${industryPart}, ${sizeClassPhrase(usableSize.sizeClassLabel)}, ${usableSize.source.year}`;
  } else {
    const sectorName = sector === "00" ? "All industries" : `${usableSize.sectorLabel} (NAICS ${sector})`;
    name =
      `${industryPart}, ${industry.source.year}; ` +
      `${sectorName} ${sizeClassPhrase(usableSize.sizeClassLabel)}, ${usableSize.source.year}`;
  }

  return {
    peerGroup: {
      requestedCode: code,
      industry: {
        code: industry.code,
        label: industryLabel(industry),
        level: industry.level,
        source: industry.source.key,
        year: industry.source.year,
      },
      sizeClass: usableSize
        ? {
            sector: usableSize.sector,
            sectorLabel: sector === "00" ? "All industries" : usableSize.sectorLabel,
            code: usableSize.sizeClass,
            label: usableSize.sizeClassLabel,
            year: usableSize.source.year,
          }
        : null,
      name,
      note: peerNote(code, title, industry, skipped, scope),
    },
    industry,
    sizeClass: usableSize,
    sector,
  };
}
