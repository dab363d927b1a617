// The 2022 NAICS code list, bundled in the Worker (see docs/decisions/007-naics-data.md).
// Static public reference data: the immutable module-scope index is built lazily on first use and
// shared by every request of the isolate. No env or tenant data lives here.
import { naicsSectorOf } from "~db/schema";
import data from "~/data/naics-2022.json";
import type { NaicsIndustry } from "~/lib/business/naics";

/** One entry of app/data/naics-2022.json: [code, title, level (2–6), parent code or null]. */
type NaicsEntry = [code: string, title: string, level: number, parentCode: string | null];

type NaicsIndex = {
  byCode: ReadonlyMap<string, NaicsIndustry>;
  industries: readonly NaicsIndustry[];
};

let index: NaicsIndex | null = null;

function getIndex(): NaicsIndex {
  if (index) return index;
  const entries = data as unknown as NaicsEntry[];
  const sectors = new Map<string, string>();
  for (const [code, title, level] of entries) if (level === 2) sectors.set(code, title);
  const byCode = new Map<string, NaicsIndustry>();
  const industries: NaicsIndustry[] = [];
  for (const [code, title, level] of entries) {
    if (level !== 6) continue;
    const sectorCode = naicsSectorOf(code) ?? code.slice(0, 2);
    const industry: NaicsIndustry = Object.freeze({
      code,
      title,
      sector: Object.freeze({ code: sectorCode, title: sectors.get(sectorCode) ?? "" }),
    });
    byCode.set(code, industry);
    industries.push(industry);
  }
  index = { byCode, industries: Object.freeze(industries) };
  return index;
}

function publicShape(industry: NaicsIndustry): NaicsIndustry {
  return { code: industry.code, title: industry.title, sector: { ...industry.sector } };
}

/**
 * The six-digit national industry with this code, or null (unknown code, a 2- to 5-digit level,
 * or anything that is not six digits). Only national industries are valid for a business.
 */
export function findNaics(code: string): NaicsIndustry | null {
  if (typeof code !== "string") return null;
  const industry = getIndex().byCode.get(code.trim());
  return industry ? publicShape(industry) : null;
}

/** The six-digit national industries in code order (the word search indexes them). */
export function naicsIndustries(): readonly NaicsIndustry[] {
  return getIndex().industries;
}

let titles: ReadonlyMap<string, string> | null = null;

/**
 * The title of a NAICS 2022 code at any level: a sector ("44-45" Retail Trade), a subsector
 * ("459"), down to a national industry ("459110"); null when the code names none. The matching
 * engine names the level at which a consultant's experience agrees with a business.
 */
export function naicsTitle(code: string): string | null {
  titles ??= new Map((data as unknown as NaicsEntry[]).map(([entryCode, title]) => [entryCode, title]));
  return titles.get(code) ?? null;
}
