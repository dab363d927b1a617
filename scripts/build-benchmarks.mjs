#!/usr/bin/env node
// Builds app/data/benchmarks.json, the benchmarking reference data, from the Census extracts in
// ../shared/data/benchmarks/ (see the README.md there and ADR 031).
//
// Run by hand (`npm run data:benchmarks`) when the sources change, then commit the JSON; CI and
// the product never read ../shared/. Usage:
//   node scripts/build-benchmarks.mjs [path/to/benchmarks-folder]
// Default input: ../shared/data/benchmarks/ relative to the repo root.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { buildBenchmarks, INPUT_FILES, serializeBenchmarks } from "./lib/benchmark-csv.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const input = path.resolve(process.argv[2] ?? path.join(ROOT, "../shared/data/benchmarks"));
const output = path.join(ROOT, "app/data/benchmarks.json");

function sizeOf(text) {
  const kb = (n) => `${Math.round(n / 1024)} KB`;
  return `${kb(Buffer.byteLength(text))} raw, ${kb(gzipSync(text).length)} gzipped`;
}

try {
  const files = Object.fromEntries(INPUT_FILES.map((name) => [name, readFileSync(path.join(input, name), "utf8")]));
  const data = buildBenchmarks(files);
  const json = serializeBenchmarks(data);
  writeFileSync(output, json);
  console.log(
    `Wrote ${path.relative(ROOT, output)}: ${Object.keys(data.naics.codes).length} ABS codes, ` +
      `${Object.keys(data.employerSize.sectors).length} sectors by employer size, ` +
      `${Object.keys(data.receiptsSize.sectors).length} by receipts size, ` +
      `${Object.keys(data.retail.codes).length} retail, ${Object.keys(data.construction.codes).length} construction, ` +
      `${Object.keys(data.enterpriseSize.sectors).length} SUSB sectors (${sizeOf(json)}).`,
  );
} catch (error) {
  console.error(`build-benchmarks: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
