// Parser for the US Census Bureau's "2022 NAICS Structure" table saved as CSV
// (data/sources/naics/2022_NAICS_Structure.csv). Pure functions, no I/O, so the unit tests can
// feed it small inline samples. Used by scripts/build-naics.mjs.
import { parse } from "csv-parse/sync";

/**
 * Parses CSV text into rows of fields (RFC 4180, by csv-parse: quoted fields with commas, doubled
 * quotes and line breaks, CRLF or LF line ends, a leading byte-order mark). Rows may differ in
 * length: the Census files open with title lines before their header. Throws on a file that ends
 * inside a quoted field.
 * @param {string} text
 * @returns {string[][]}
 */
export function parseCsv(text) {
  return parse(text, { bom: true, relax_column_count: true });
}

/**
 * Cleans a NAICS title: trims spaces and removes the Census "T" superscript marker that follows
 * the last word (e.g. "Crop ProductionT " → "Crop Production"). The marker always follows a
 * lower-case letter or a closing parenthesis; a title ending in a real capital T after another
 * capital or a space (an acronym) is left alone.
 * @param {string} raw
 */
export function cleanTitle(raw) {
  let title = raw.replace(/\s+/g, " ").trim();
  if (/[a-z)]T$/.test(title)) title = title.slice(0, -1).trim();
  return title;
}

const RANGE_SECTORS = { "31-33": ["31", "32", "33"], "44-45": ["44", "45"], "48-49": ["48", "49"] };

/** The sector code ("31-33" for 31, 32 and 33; otherwise the two digits) of a numeric code. */
export function sectorOf(code) {
  const two = code.slice(0, 2);
  for (const [range, members] of Object.entries(RANGE_SECTORS)) {
    if (members.includes(two)) return range;
  }
  return two;
}

/**
 * Turns the Census CSV text into entries [code, title, level, parentCode] for every level
 * (2 to 6 digits; range sectors as "31-33"), in file order. Sector entries have parentCode null;
 * a 3-digit subsector's parent is its sector (a range sector where it applies).
 * Skips the title lines, the header row and blank rows; throws on a malformed or duplicate code
 * or on a code whose parent is missing.
 * @param {string} text
 * @returns {Array<[string, string, number, string | null]>}
 */
export function parseNaicsCsv(text) {
  const rows = parseCsv(text);
  const headerIndex = rows.findIndex((r) => r.some((f) => /^\s*2022 NAICS Code\s*$/i.test(f)));
  if (headerIndex < 0) throw new Error('Header row with "2022 NAICS Code" not found');
  const header = rows[headerIndex].map((f) => f.trim().toLowerCase());
  const codeCol = header.indexOf("2022 naics code");
  const titleCol = header.indexOf("2022 naics title");
  if (titleCol < 0) throw new Error('Header row has no "2022 NAICS Title" column');

  const entries = [];
  const seen = new Set();
  for (let i = headerIndex + 1; i < rows.length; i++) {
    const row = rows[i];
    const code = (row[codeCol] ?? "").trim();
    const rawTitle = row[titleCol] ?? "";
    if (code === "" && rawTitle.trim() === "") continue; // blank separator row
    const isRange = Object.hasOwn(RANGE_SECTORS, code);
    if (!isRange && !/^\d{2,6}$/.test(code)) {
      throw new Error(`Line ${i + 1}: unexpected NAICS code "${code}"`);
    }
    const title = cleanTitle(rawTitle);
    if (title === "") throw new Error(`Line ${i + 1}: NAICS code ${code} has no title`);
    if (seen.has(code)) throw new Error(`Line ${i + 1}: duplicate NAICS code ${code}`);
    seen.add(code);
    const level = isRange ? 2 : code.length;
    let parent = null;
    if (level === 3) parent = sectorOf(code);
    else if (level > 3) parent = code.slice(0, level - 1);
    if (parent !== null && !seen.has(parent)) {
      throw new Error(`Line ${i + 1}: NAICS code ${code} comes before its parent ${parent}`);
    }
    entries.push([code, title, level, parent]);
  }
  return entries;
}

/** Number of six-digit national industries in the 2022 edition. */
export const EXPECTED_SIX_DIGIT_COUNT = 1012;

/** Throws unless there are exactly `expected` six-digit codes; returns the count. */
export function assertSixDigitCount(entries, expected = EXPECTED_SIX_DIGIT_COUNT) {
  const count = entries.filter((e) => e[2] === 6).length;
  if (count !== expected) {
    throw new Error(`Expected ${expected} six-digit NAICS codes, found ${count}`);
  }
  return count;
}

/** Normal form used to recognise two index descriptions as the same text. */
function sameTextKey(text) {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * Turns the Census "2022 NAICS Index File" CSV text (columns NAICS22, INDEX ITEM DESCRIPTION; many
 * rows per code) into { code: [description, ...] } for six-digit codes, keys in code order and
 * descriptions in file order. Spaces are collapsed and trimmed; a description repeating the
 * code's title or an earlier description of the same code (ignoring case and spaces) is dropped,
 * since it adds nothing to search, and so are the file's cross-reference rows, whose code is
 * "******" ("Shops -- see type"). Throws on a missing header, an empty description, or a code
 * that is not one of `titles` (a Map of six-digit code → title from the structure file).
 * @param {string} text
 * @param {Map<string, string>} titles
 * @returns {{ entries: Record<string, string[]>, rows: number, kept: number, crossReferences: number }}
 */
export function parseNaicsIndexCsv(text, titles) {
  const rows = parseCsv(text);
  const header = (rows[0] ?? []).map((f) => f.trim().toUpperCase());
  const codeCol = header.indexOf("NAICS22");
  const textCol = header.indexOf("INDEX ITEM DESCRIPTION");
  if (codeCol < 0 || textCol < 0) throw new Error('Header row "NAICS22,INDEX ITEM DESCRIPTION" not found');
  const byCode = new Map();
  let count = 0;
  let kept = 0;
  let skipped = 0;
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i];
    const code = (row[codeCol] ?? "").trim();
    const description = (row[textCol] ?? "").replace(/\s+/g, " ").trim();
    if (code === "" && description === "") continue;
    // "******" rows are cross-references without a code ("Shops -- see type"): nothing to pick.
    if (/^\*+$/.test(code)) {
      skipped++;
      continue;
    }
    if (!titles.has(code)) throw new Error(`Line ${i + 1}: "${code}" is not a six-digit 2022 NAICS code`);
    if (description === "") throw new Error(`Line ${i + 1}: NAICS code ${code} has an empty description`);
    count++;
    let list = byCode.get(code);
    if (!list) {
      list = { seen: new Set([sameTextKey(titles.get(code))]), texts: [] };
      byCode.set(code, list);
    }
    const key = sameTextKey(description);
    if (list.seen.has(key)) continue;
    list.seen.add(key);
    list.texts.push(description);
    kept++;
  }
  const entries = {};
  for (const code of [...byCode.keys()].sort()) entries[code] = byCode.get(code).texts;
  return { entries, rows: count, kept, crossReferences: skipped };
}
