#!/usr/bin/env node
// Builds public/reference/benchmarks.json, the benchmarking reference data, from the Census extracts in
// data/sources/benchmarks/ (see the README.md there and ADR 031).
//
// Run by hand (`npm run data:benchmarks`) when the sources change, then commit the JSON; CI and
// the product never read ../shared/. Usage:
//   node scripts/build-benchmarks.mjs [path/to/benchmarks-folder] [path/to/naics-folder]
// Default inputs: data/sources/benchmarks/ and data/sources/naics/ (the 2022 NAICS Structure,
// for the 2022 change indicators the peer group needs, ADR 032) relative to the repo root.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { buildBenchmarks, INPUT_FILES, NAICS_STRUCTURE_FILE, serializeBenchmarks } from "./lib/benchmark-csv.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const input = path.resolve(process.argv[2] ?? path.join(ROOT, "data/sources/benchmarks"));
const naicsInput = path.resolve(process.argv[3] ?? path.join(ROOT, "data/sources/naics"));
const output = path.join(ROOT, "public/reference/benchmarks.json");

function sizeOf(text) {
  const kb = (n) => `${Math.round(n / 1024)} KB`;
  return `${kb(Buffer.byteLength(text))} raw, ${kb(gzipSync(text).length)} gzipped`;
}

try {
  const files = Object.fromEntries(INPUT_FILES.map((name) => [name, readFileSync(path.join(input, name), "utf8")]));
  files[NAICS_STRUCTURE_FILE] = readFileSync(path.join(naicsInput, NAICS_STRUCTURE_FILE), "utf8");
  const data = buildBenchmarks(files);
  const json = serializeBenchmarks(data);
  writeFileSync(output, json);
  console.log(
    `Wrote ${path.relative(ROOT, output)}: ${Object.keys(data.naics.codes).length} ABS codes, ` +
      `${Object.keys(data.employerSize.sectors).length} sectors by employer size, ` +
      `${Object.keys(data.receiptsSize.sectors).length} by receipts size, ` +
      `${Object.keys(data.retail.codes).length} retail, ${Object.keys(data.construction.codes).length} construction, ` +
      `${Object.keys(data.enterpriseSize.sectors).length} SUSB sectors, ` +
      `${Object.keys(data.naics2022.changes).length} NAICS 2022 changed codes (${sizeOf(json)}).`,
  );
} catch (error) {
  console.error(`build-benchmarks: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
