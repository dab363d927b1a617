// Word search over the 2022 NAICS six-digit industries: their titles and the Census Bureau's index
// entries, the everyday descriptions ("Coffee shops, on premise brewing" → 722515) that let a
// business owner find a code by the words they use (docs/decisions/007-naics-data.md).
//
// The index (1.9 MB of text) is a static asset of the deploy, public/reference/naics-2022-index.json,
// not part of the Worker's code: bundled, it was a quarter of the Worker's gzipped size
// (docs/decisions/042-request-cost.md). The Worker reads it through the ASSETS binding on the
// first search of an isolate and parses it then, so requests that never search (almost all) do
// not pay for it; its search keys were computed by the build script, so the Worker does no text
// processing beyond the query. The structures built from it are static public reference data,
// immutable and shared by every request of the isolate; no env or tenant data lives here.
import { queryWords, stemWord } from "~/lib/business/naics-words.mjs";
import type { NaicsIndustry, NaicsSearchResult } from "~/lib/business/naics";
import { loadOncePerIsolate, referenceAsset, type ReferenceSource } from "~/server/platform/reference-assets.server";
import { naicsIndustries } from "./naics.server";

/** Where the index is among the deploy's static assets (vite copies public/ into build/client/). */
export const NAICS_INDEX_ASSET_PATH = "/reference/naics-2022-index.json";

/** The index from the deploy's static assets (the Worker's ASSETS binding). */
export function naicsIndexFromAssets(assets: Fetcher | undefined): ReferenceSource {
  return referenceAsset(assets, NAICS_INDEX_ASSET_PATH, "The NAICS index");
}

/** The largest page a search may ask for. */
export const NAICS_SEARCH_MAX_LIMIT = 100;

type QueryWord = { word: string; stem: string; root: string };

/** The parsed index, built once per isolate (parseNaicsIndex). */
export type SearchIndex = {
  industries: readonly NaicsIndustry[];
  /** Per document (each industry's title, then its index descriptions): the industry's position. */
  docIndustry: Int32Array;
  /** Per document: the description, or null for the title. */
  docText: Array<string | null>;
  /** Per document: its search key (" word word ~aside", see app/lib/business/naics-words.mjs). */
  docKey: string[];
  /** Every key, each followed by a line break, so a match never spans two documents. */
  haystack: string;
  /** Where each document's key starts in the haystack. */
  docStart: Int32Array;
};

/** The isolate's parsed index, read on its first search. */
const loadSearchIndex = loadOncePerIsolate((text) => parseNaicsIndex(text));

/** The search structures of the index file's text. */
export function parseNaicsIndex(indexText: string): SearchIndex {
  const industries = naicsIndustries();
  const entries = JSON.parse(indexText) as Record<string, string[]>;
  const docIndustry: number[] = [];
  const docText: Array<string | null> = [];
  const docKey: string[] = [];
  industries.forEach((industry, i) => {
    const flat = entries[industry.code];
    if (!flat) throw new Error(`NAICS index has no entry for ${industry.code}`);
    docIndustry.push(i);
    docText.push(null);
    docKey.push(flat[0]);
    for (let k = 1; k + 1 < flat.length; k += 2) {
      docIndustry.push(i);
      docText.push(flat[k]);
      docKey.push(flat[k + 1]);
    }
  });
  const docStart = new Int32Array(docKey.length);
  let offset = 0;
  docKey.forEach((key, id) => {
    docStart[id] = offset;
    offset += key.length + 1;
  });
  return {
    industries,
    docIndustry: Int32Array.from(docIndustry),
    docText,
    docKey,
    haystack: docKey.join("\n") + "\n",
    docStart,
  };
}

/** The document whose key holds this haystack position. */
function docAt(index: SearchIndex, position: number): number {
  let lo = 0;
  let hi = index.docStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (index.docStart[mid] <= position) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Ids of the documents with a word (core or aside) starting with the query word's root. */
function docsWith(index: SearchIndex, word: QueryWord): Set<number> {
  const found = new Set<number>();
  for (const marker of [" ", "~"]) {
    const needle = marker + word.root;
    for (let at = index.haystack.indexOf(needle); at >= 0; at = index.haystack.indexOf(needle, at + 1)) {
      found.add(docAt(index, at));
    }
  }
  return found;
}

/**
 * Score of a document containing every query word; higher is better. The title beats an index
 * description; then how much of the document the query covers ("Plumbers" beats "Plumbers' putty
 * manufacturing"), the words in a row and in order, the document starting with the first word,
 * exact words (singular or plural) over prefixes, and words in the core over words in an aside.
 */
function scoreDoc(index: SearchIndex, id: number, words: QueryWord[]): number {
  const tokens = index.docKey[id].slice(1).split(" ");
  const positions: number[] = [];
  let exact = 0;
  let aside = 0;
  for (const q of words) {
    let best = -1;
    let bestLevel = 0;
    let bestAside = true;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      const isAside = token.charCodeAt(0) === 126; // "~"
      if (!token.startsWith(q.root, isAside ? 1 : 0)) continue;
      const word = isAside ? token.slice(1) : token;
      const level = word === q.word || stemWord(word) === q.stem ? 2 : 1;
      if (level > bestLevel || (level === bestLevel && bestAside && !isAside)) {
        best = i;
        bestLevel = level;
        bestAside = isAside;
      }
    }
    positions.push(best);
    if (bestLevel === 2) exact++;
    if (bestAside) aside++;
  }
  const inARow = words.length > 1 && positions.every((p, i) => i === 0 || p === positions[i - 1] + 1);
  let score = 100;
  if (index.docText[id] === null) score += 30;
  score += 20 * Math.min(1, words.length / Math.max(1, tokens.length));
  if (inARow) score += 10;
  if (positions[0] === 0) score += 8;
  score += 2 * exact;
  score -= 5 * aside;
  return score;
}

/** The outcome of a word or code search. */
export type NaicsSearch = {
  /** The best `limit` industries, best first, each with the index description that matched. */
  results: NaicsSearchResult[];
  /** How many industries matched in all. */
  total: number;
  /** True when no industry matched every word and the results match only some of them. */
  partial: boolean;
};

type Hit = { industry: number; score: number; doc: number };

const NOTHING: NaicsSearch = { results: [], total: 0, partial: false };

function resultOf(index: SearchIndex, industry: number, doc: number | null): NaicsSearchResult {
  const { code, title, sector } = index.industries[industry];
  return { code, title, sector: { ...sector }, match: doc === null ? null : index.docText[doc] };
}

/**
 * Every six-digit industry matching the query, best first:
 * - a query of digits (spaces allowed) matches the industries whose code starts with it, in code
 *   order;
 * - otherwise each query word (singular or plural, or its beginning) must start a word of the
 *   title or of one index description of the industry; an industry ranks by its best such text
 *   (scoreDoc). When no text has every word, the texts with the rarest of them are returned
 *   instead (`partial`), so "marketing agency" still finds Marketing Consulting Services.
 * Words shorter than two letters alone find nothing (too many to be useful).
 */
export async function searchNaics(source: ReferenceSource, query: string, limit = 10): Promise<NaicsSearch> {
  const q = (typeof query === "string" ? query : "").trim();
  if (q === "") return NOTHING;
  return searchNaicsIndex(await loadSearchIndex(source), q, limit);
}

/** searchNaics over an index already parsed. */
export function searchNaicsIndex(index: SearchIndex, query: string, limit = 10): NaicsSearch {
  const max = clampLimit(limit);
  const q = (typeof query === "string" ? query : "").trim();
  if (q === "") return NOTHING;
  const digits = q.replace(/\s+/g, "");
  if (/^[0-9]+$/.test(digits)) {
    if (digits.length > 6) return NOTHING;
    const matching: number[] = [];
    index.industries.forEach((industry, i) => {
      if (industry.code.startsWith(digits)) matching.push(i);
    });
    return {
      results: matching.slice(0, max).map((i) => resultOf(index, i, null)),
      total: matching.length,
      partial: false,
    };
  }
  const words = queryWords(q).filter((w) => w.root.length > 1);
  if (words.length === 0) return NOTHING;

  const perWord = words.map((w) => docsWith(index, w));
  const best = new Map<number, Hit>();
  const keep = (id: number, score: number) => {
    const industry = index.docIndustry[id];
    const current = best.get(industry);
    if (!current || score > current.score) best.set(industry, { industry, score, doc: id });
  };
  const [smallest, ...others] = [...perWord].sort((a, b) => a.size - b.size);
  for (const id of smallest) {
    if (others.every((set) => set.has(id))) keep(id, scoreDoc(index, id, words));
  }
  let partial = false;
  if (best.size === 0 && words.length > 1) {
    // Rarer words weigh more (inverse frequency over industries); then the title over a
    // description, then the share of the text the matched words make up.
    partial = true;
    const weights = perWord.map((set) => {
      const industries = new Set<number>();
      for (const id of set) industries.add(index.docIndustry[id]);
      return Math.log((index.industries.length + 1) / (industries.size + 0.5));
    });
    const matched = new Map<number, number[]>();
    perWord.forEach((set, w) => {
      for (const id of set) {
        const list = matched.get(id);
        if (list) list.push(w);
        else matched.set(id, [w]);
      }
    });
    for (const [id, ws] of matched) {
      const length = index.docKey[id].split(" ").length - 1;
      let score = ws.reduce((sum, w) => sum + weights[w], 0);
      if (index.docText[id] === null) score += 0.5;
      score += 0.5 * Math.min(1, ws.length / Math.max(1, length));
      keep(id, score);
    }
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score || a.industry - b.industry);
  return {
    results: ranked
      .slice(0, max)
      .map((hit) => resultOf(index, hit.industry, index.docText[hit.doc] === null ? null : hit.doc)),
    total: ranked.length,
    partial,
  };
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return 10;
  return Math.min(NAICS_SEARCH_MAX_LIMIT, Math.max(1, Math.floor(limit)));
}
