// The 2022 NAICS code list, bundled in the Worker (see docs/decisions/007-naics-data.md).
// Static public reference data: the immutable module-scope index is built lazily on first use and
// shared by every request of the isolate. No env or tenant data lives here.
import { naicsSectorOf } from "~db/schema";
import data from "~/data/naics-2022.json";
import { INDUSTRY_PREFILL_PARAM, type NaicsIndustry, type NaicsNode } from "~/lib/business/naics";

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

/**
 * The industry a sign-up carries from an industry page (`?naics=`, INDUSTRY_PREFILL_PARAM): a
 * six-digit 2022 code, or null for anything else.
 */
export function prefilledIndustry(url: URL): NaicsIndustry | null {
  return findNaics(url.searchParams.get(INDUSTRY_PREFILL_PARAM) ?? "");
}

/** The six-digit national industries in code order (the word search indexes them). */
export function naicsIndustries(): readonly NaicsIndustry[] {
  return getIndex().industries;
}

type Hierarchy = {
  byCode: ReadonlyMap<string, NaicsNode & { parent: string | null }>;
  children: ReadonlyMap<string, NaicsNode[]>;
};

let hierarchy: Hierarchy | null = null;

/** Every code of the file at every level, with its parent and its children (built once per isolate). */
function getHierarchy(): Hierarchy {
  if (hierarchy) return hierarchy;
  const byCode = new Map<string, NaicsNode & { parent: string | null }>();
  const children = new Map<string, NaicsNode[]>();
  for (const [code, title, level, parent] of data as unknown as NaicsEntry[]) {
    byCode.set(code, { code, title, level, parent });
    if (parent) children.set(parent, [...(children.get(parent) ?? []), { code, title, level }]);
  }
  hierarchy = { byCode, children };
  return hierarchy;
}

/**
 * The title of a NAICS 2022 code at any level: a sector ("44-45" Retail Trade), a subsector
 * ("459"), down to a national industry ("459110"); null when the code names none. The matching
 * engine names the level at which a consultant's experience agrees with a business.
 */
export function naicsTitle(code: string): string | null {
  return getHierarchy().byCode.get(code)?.title ?? null;
}

/** Every 2022 code at every level, in the file's order (each sector followed by its levels). */
export function naicsCodes(): string[] {
  return [...getHierarchy().byCode.keys()];
}

/** The code at any level, or null when the 2022 NAICS has none. */
export function naicsNode(code: string): NaicsNode | null {
  const node = getHierarchy().byCode.get(code);
  return node ? { code: node.code, title: node.title, level: node.level } : null;
}

/** The levels above a code, from its sector down to its parent. */
export function naicsParents(code: string): NaicsNode[] {
  const { byCode } = getHierarchy();
  const parents: NaicsNode[] = [];
  for (let up = byCode.get(code)?.parent ?? null; up; up = byCode.get(up)?.parent ?? null) {
    const parent = byCode.get(up)!;
    parents.unshift({ code: parent.code, title: parent.title, level: parent.level });
  }
  return parents;
}

/** The codes one level below, in code order. */
export function naicsChildren(code: string): NaicsNode[] {
  return getHierarchy().children.get(code) ?? [];
}

/** The 20 sectors, in code order. */
export function naicsSectors(): NaicsNode[] {
  return naicsCodes()
    .map((code) => naicsNode(code)!)
    .filter((node) => node.level === 2);
}
