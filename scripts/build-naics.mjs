#!/usr/bin/env node
// Builds app/data/naics-2022.json from the Census "2022 NAICS Structure" CSV and
// public/reference/naics-2022-index.json from the Census "2022 NAICS Index File" CSV.
//
// Run by hand when the Census Bureau publishes a new edition, then commit both JSON files; CI and
// the product never read ../shared/. Usage:
//   node scripts/build-naics.mjs [path/to/2022_NAICS_Structure.csv] [path/to/2022_NAICS_Index_File.csv]
// Default inputs: data/sources/naics/ (the public NAICS 2022 files, committed).
// Outputs:
// - naics-2022.json: a compact JSON array of [code, title, level, parentCode] for every level
//   (2–6 digits; range sectors as "31-33"). Fails unless there are exactly 1,012 six-digit codes.
// - naics-2022-index.json: for each six-digit code, [title key, description, its key, ...]: the
//   index descriptions (without those repeating the title or each other, see parseNaicsIndexCsv)
//   and, precomputed so the Worker does no text processing, the search key of the title and of
//   each description (app/lib/business/naics-words.mjs).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { searchKey } from "../app/lib/business/naics-words.mjs";
import { assertSixDigitCount, parseNaicsCsv, parseNaicsIndexCsv } from "./lib/naics-csv.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = path.join(ROOT, "data/sources/naics");
const structureInput = path.resolve(process.argv[2] ?? path.join(SOURCE, "2022_NAICS_Structure.csv"));
const indexInput = path.resolve(process.argv[3] ?? path.join(SOURCE, "2022_NAICS_Index_File.csv"));
const structureOutput = path.join(ROOT, "app/data/naics-2022.json");
const indexOutput = path.join(ROOT, "public/reference/naics-2022-index.json");

function sizeOf(text) {
  const kb = (n) => `${Math.round(n / 1024)} KB`;
  return `${kb(Buffer.byteLength(text))} raw, ${kb(gzipSync(text).length)} gzipped`;
}

try {
  const entries = parseNaicsCsv(readFileSync(structureInput, "utf8"));
  const sixDigit = assertSixDigitCount(entries);
  // One entry per line: compact, yet diffs between editions stay readable.
  const json = "[\n" + entries.map((e) => JSON.stringify(e)).join(",\n") + "\n]\n";
  writeFileSync(structureOutput, json);
  console.log(
    `Wrote ${path.relative(ROOT, structureOutput)}: ${entries.length} codes, ${sixDigit} six-digit industries (${sizeOf(json)}).`,
  );

  const titles = new Map(entries.filter((e) => e[2] === 6).map((e) => [e[0], e[1]]));
  const index = parseNaicsIndexCsv(readFileSync(indexInput, "utf8"), titles);
  const codes = [...titles.keys()];
  const line = (code) => {
    const flat = [searchKey(titles.get(code))];
    for (const text of index.entries[code] ?? []) flat.push(text, searchKey(text));
    return `${JSON.stringify(code)}:${JSON.stringify(flat)}`;
  };
  // One code per line, for the same reason.
  const indexJson = "{\n" + codes.map(line).join(",\n") + "\n}\n";
  writeFileSync(indexOutput, indexJson);
  console.log(
    `Wrote ${path.relative(ROOT, indexOutput)}: ${index.kept} of ${index.rows} index entries over ${Object.keys(index.entries).length} codes, ${index.crossReferences} cross-references skipped (${sizeOf(indexJson)}).`,
  );
} catch (error) {
  console.error(`build-naics: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
