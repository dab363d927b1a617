#!/usr/bin/env node
// Builds app/data/naics-2022.json from the Census "2022 NAICS Structure" CSV.
//
// Run by hand when the Census Bureau publishes a new edition, then commit the JSON; CI and the
// product never read ../shared/. Usage:
//   node scripts/build-naics.mjs [path/to/2022_NAICS_Structure.csv]
// Default input: ../shared/data/naics/2022_NAICS_Structure.csv relative to the repo root.
// Output: a compact JSON array of [code, title, level, parentCode] for every level (2–6 digits;
// range sectors as "31-33"). Fails unless there are exactly 1,012 six-digit codes.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { assertSixDigitCount, parseNaicsCsv } from "./lib/naics-csv.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const input = path.resolve(process.argv[2] ?? path.join(ROOT, "../shared/data/naics/2022_NAICS_Structure.csv"));
const output = path.join(ROOT, "app/data/naics-2022.json");

try {
  const entries = parseNaicsCsv(readFileSync(input, "utf8"));
  const sixDigit = assertSixDigitCount(entries);
  // One entry per line: compact, yet diffs between editions stay readable.
  const json = "[\n" + entries.map((e) => JSON.stringify(e)).join(",\n") + "\n]\n";
  writeFileSync(output, json);
  console.log(`Wrote ${path.relative(ROOT, output)}: ${entries.length} codes, ${sixDigit} six-digit industries.`);
} catch (error) {
  console.error(`build-naics: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
