// Word rules of the NAICS search, shared by the build script (scripts/build-naics.mjs writes each
// title's and index description's search key into public/reference/naics-2022-index.json) and the Worker's
// search (app/server/business/naics-search.server.ts), so queries and keys always follow the same rules.
// Pure functions, no data, no I/O.

/** Words too common to narrow a search; left out of keys, and out of queries that have others. */
export const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "by",
  "for",
  "from",
  "in",
  "into",
  "not",
  "of",
  "on",
  "or",
  "other",
  "than",
  "the",
  "to",
  "with",
  "without",
]);

/** Lower case, no accents, no apostrophes ("Women’s" → "womens"). */
export function normalizeText(text) {
  return String(text)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "");
}

/**
 * The search key of a title or description: its words separated by spaces, with a leading space,
 * a word inside parentheses (an example or aside, a weaker match) written as "~word" instead.
 * Words of an exclusion are left out, so "bakery" does not find "Frozen desserts (except bakery)":
 * an exclusion inside parentheses runs to its closing parenthesis, one outside them to the next
 * comma. Stop words and single letters ("e.g.", "i.e.") are dropped.
 * "Sports gear stores (e.g., outdoors, scuba, skiing)" → " sports gear stores ~outdoors ~scuba ~skiing".
 * @param {string} text
 * @returns {string}
 */
export function searchKey(text) {
  let key = "";
  let depth = 0;
  /** @type {number | null} */
  let exceptDepth = null;
  for (const [token] of normalizeText(text).matchAll(/[a-z0-9]+|[(),]/g)) {
    if (token === "(") {
      depth++;
    } else if (token === ")") {
      depth = Math.max(0, depth - 1);
      if (exceptDepth !== null && depth < exceptDepth) exceptDepth = null;
    } else if (token === ",") {
      if (exceptDepth === 0 && depth === 0) exceptDepth = null;
    } else if (token === "except") {
      exceptDepth ??= depth;
    } else if (exceptDepth === null && token.length > 1 && !STOP_WORDS.has(token)) {
      key += (depth > 0 ? " ~" : " ") + token;
    }
  }
  return key;
}

/**
 * A light English singular, enough that "bakeries" and "bakery", "plumbers'" and "plumber",
 * "agencies" and "agency" compare equal. Applied to both sides of a comparison, so it only has to
 * be consistent, not linguistically right.
 * @param {string} word
 */
export function stemWord(word) {
  if (word.length <= 3 || /[0-9]/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return word.slice(0, -3) + "y";
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (/(ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The start every form of a query word shares, so that it finds singulars, plurals and the word
 * half-typed: "bakery", "bakeries" and "bakeri" → "baker"; "agency" → "agenc"; "shops" → "shop".
 * @param {string} word
 */
export function rootOf(word) {
  if (word.length <= 3 || /[0-9]/.test(word)) return word;
  if (word.endsWith("ies")) return word.slice(0, -3);
  if (/[^aeiou](ie|i|y)$/.test(word)) return word.replace(/(ie|i|y)$/, "");
  return stemWord(word);
}

/**
 * The words of a query, each with its stem (for exact matches) and root (for prefix matches);
 * stop words and single letters are dropped unless nothing else is left. At most `max` words.
 * @param {string} query
 * @param {number} [max]
 * @returns {Array<{ word: string, stem: string, root: string }>}
 */
export function queryWords(query, max = 8) {
  const all = [...normalizeText(query).matchAll(/[a-z0-9]+/g)].map(([w]) => w);
  const meaningful = all.filter((w) => w.length > 1 && !STOP_WORDS.has(w) && w !== "except");
  const chosen = [...new Set(meaningful.length > 0 ? meaningful : all)].slice(0, max);
  return chosen.map((word) => ({ word, stem: stemWord(word), root: rootOf(word) }));
}
