// The browser test files in two streams, run at once against one server (scripts/e2e.mjs).
// Every file that signs in as the demo business client is in the first stream, one after another,
// so no two of them change its dashboard, notifications or documents at the same time. The other
// files (each signs up people of its own, or acts as the demo manager or consultants) fill the two
// streams to about the same running time, longest first. A file's time is the one recorded in
// tests/e2e/timings.json (`node scripts/lib/e2e-streams.mjs --record` writes it from the last full
// run's test-results/e2e.json); a file not recorded yet is estimated from its source size at the
// recorded files' rate. Each browser test waits on the server half the time and the server on the
// browser the other half: two streams keep both cores busy (ADR 055).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./proc.mjs";

/** What marks a file as acting as the demo business client (tests/e2e/support.ts). */
const DEMO_CLIENT = /signInAsDemoClient|DEMO_CLIENT|demo@partwise\.test/;

/** The recorded seconds of each file's tests, by path from the project. */
const TIMINGS = path.join(ROOT, "tests", "e2e", "timings.json");

/** Whether a browser test file (a path from the project) acts as the demo business client. */
export function usesDemoClient(file) {
  return DEMO_CLIENT.test(readFileSync(path.join(ROOT, file), "utf8"));
}

/** Every browser test file, relative to the project (sorted, so each run splits the same way). */
export function e2eTestFiles() {
  const dir = path.join(ROOT, "tests", "e2e");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join("tests", "e2e", file))
    .sort();
}

function readTimings() {
  try {
    return JSON.parse(readFileSync(TIMINGS, "utf8"));
  } catch {
    return {};
  }
}

/** Each file's expected seconds: recorded, or its source size at the recorded files' rate. */
export function fileSeconds(files, recorded = readTimings()) {
  const size = (file) => statSync(path.join(ROOT, file)).size;
  const known = files.filter((file) => typeof recorded[file] === "number");
  const knownBytes = known.reduce((sum, file) => sum + size(file), 0);
  const rate = knownBytes > 0 ? known.reduce((sum, file) => sum + recorded[file], 0) / knownBytes : 1;
  return new Map(files.map((file) => [file, typeof recorded[file] === "number" ? recorded[file] : size(file) * rate]));
}

/** The two streams: [the demo client's files and some others, the rest]; an empty one is left out. */
export function e2eStreams(files = e2eTestFiles(), recorded = readTimings()) {
  const seconds = fileSeconds(files, recorded);
  const total = (stream) => stream.reduce((sum, file) => sum + seconds.get(file), 0);
  const first = files.filter(usesDemoClient);
  const second = [];
  const others = files
    .filter((file) => !first.includes(file))
    .sort((a, b) => seconds.get(b) - seconds.get(a) || a.localeCompare(b));
  for (const file of others) (total(first) <= total(second) ? first : second).push(file);
  return [first, second].filter((stream) => stream.length > 0);
}

/** `--record`: tests/e2e/timings.json from the last full run's summary (test-results/e2e.json). */
if (process.argv[1] === import.meta.filename && process.argv.includes("--record")) {
  const summary = JSON.parse(readFileSync(path.join(ROOT, "test-results", "e2e.json"), "utf8"));
  const byFile = {};
  for (const test of summary.tests) {
    if (!test.file) continue;
    byFile[test.file] = (byFile[test.file] ?? 0) + (test.durationMs ?? 0) / 1000;
  }
  const rounded = Object.fromEntries(
    Object.keys(byFile)
      .sort()
      .map((file) => [file, Math.round(byFile[file] * 10) / 10]),
  );
  writeFileSync(TIMINGS, JSON.stringify(rounded, null, 2) + "\n");
  console.log(`${TIMINGS}: ${Object.keys(rounded).length} files`);
}
