// The 2022 NAICS code list, bundled in the Worker (see docs/decisions/007-naics-data.md).
// Static public reference data: the immutable module-scope index is built lazily on first use and
// shared by every request of the isolate. No env or tenant data lives here.
import { naicsSectorOf } from "../../db/schema";
import data from "../data/naics-2022.json";
import type { NaicsIndustry } from "../lib/naics";

/** One entry of app/data/naics-2022.json: [code, title, level (2–6), parent code or null]. */
type NaicsEntry = [code: string, title: string, level: number, parentCode: string | null];

type Industry = NaicsIndustry & { words: string[]; contentWords: string; order: number };

type NaicsIndex = {
  byCode: ReadonlyMap<string, Industry>;
  industries: readonly Industry[];
};

let index: NaicsIndex | null = null;

/** Words too common to narrow a search; ignored unless the query has nothing else. */
const STOP_WORDS = new Set(["and", "or", "of", "the", "for", "in", "a", "an", "except"]);

/** Lower-case alphanumeric words of a text ("Full-Service Restaurants" → full, service, restaurants). */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

function getIndex(): NaicsIndex {
  if (index) return index;
  const entries = data as unknown as NaicsEntry[];
  const sectors = new Map<string, string>();
  for (const [code, title, level] of entries) if (level === 2) sectors.set(code, title);
  const byCode = new Map<string, Industry>();
  const industries: Industry[] = [];
  for (const [code, title, level] of entries) {
    if (level !== 6) continue;
    const sectorCode = naicsSectorOf(code) ?? code.slice(0, 2);
    const industry: Industry = Object.freeze({
      code,
      title,
      sector: Object.freeze({ code: sectorCode, title: sectors.get(sectorCode) ?? "" }),
      words: wordsOf(title),
      contentWords: wordsOf(title)
        .filter((w) => !STOP_WORDS.has(w))
        .join(" "),
      order: industries.length,
    });
    byCode.set(code, industry);
    industries.push(industry);
  }
  index = { byCode, industries: Object.freeze(industries) };
  return index;
}

function publicShape(industry: Industry): NaicsIndustry {
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

/** The largest page a search may ask for. */
export const NAICS_SEARCH_MAX_LIMIT = 100;

/**
 * Every six-digit industry matching the query, best first:
 * - a query of digits (spaces allowed) matches industries whose code starts with it, in code order;
 * - otherwise every word of the query must start a word of the title (case-insensitive; "farm"
 *   finds "Farming"; filler words such as "and" are ignored); ranked: exact title, title starting
 *   with the query's words, title containing them in a row, then the rest, each in code order.
 */
export function matchNaics(query: string): NaicsIndustry[] {
  const q = (typeof query === "string" ? query : "").trim().toLowerCase().replace(/\s+/g, " ");
  if (q === "") return [];
  const { industries } = getIndex();
  const digits = q.replace(/ /g, "");
  if (/^[0-9]+$/.test(digits)) {
    if (digits.length > 6) return [];
    return industries.filter((i) => i.code.startsWith(digits)).map(publicShape);
  }
  const all = wordsOf(q);
  if (all.length === 0) return [];
  const meaningful = all.filter((w) => !STOP_WORDS.has(w));
  const wanted = meaningful.length > 0 ? meaningful : all;
  const phrase = wanted.join(" ");
  const scored: Array<{ industry: Industry; rank: number }> = [];
  for (const industry of industries) {
    if (!wanted.every((w) => industry.words.some((tw) => tw.startsWith(w)))) continue;
    const normalized = meaningful.length > 0 ? industry.contentWords : industry.words.join(" ");
    let rank = 3;
    if (normalized === phrase) rank = 0;
    else if (normalized.startsWith(phrase)) rank = 1;
    else if (normalized.includes(phrase)) rank = 2;
    scored.push({ industry, rank });
  }
  scored.sort((a, b) => a.rank - b.rank || a.industry.order - b.industry.order);
  return scored.map((s) => publicShape(s.industry));
}

/** The first `limit` (1–100) industries of matchNaics. */
export function searchNaics(query: string, limit = 50): NaicsIndustry[] {
  return matchNaics(query).slice(0, clampLimit(limit));
}

/** A search page for the directory: the first `limit` results and how many matched in all. */
export function searchNaicsPage(query: string, limit = 50): { results: NaicsIndustry[]; total: number } {
  const all = matchNaics(query);
  return { results: all.slice(0, clampLimit(limit)), total: all.length };
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return 50;
  return Math.min(NAICS_SEARCH_MAX_LIMIT, Math.max(1, Math.floor(limit)));
}
