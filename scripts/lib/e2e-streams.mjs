// The browser test files in two streams, run at once against one server (scripts/e2e.mjs).
// Every file that signs in as the demo business client is in the first stream, one after another,
// so no two of them change its dashboard, notifications or documents at the same time. The other
// files (each signs up people of its own, or acts as the demo manager or consultants) fill the two
// streams to about the same size, largest first: the size of a file's source stands in for its
// running time, as in Vitest's own ordering. Each browser test waits on the server half the time
// and the server on the browser the other half: two streams keep both cores busy (ADR 055).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./proc.mjs";

/** What marks a file as acting as the demo business client (tests/e2e/support.ts). */
const DEMO_CLIENT = /signInAsDemoClient|DEMO_CLIENT|demo@partwise\.test/;

/** Every browser test file, relative to the project (sorted, so each run splits the same way). */
export function e2eTestFiles() {
  const dir = path.join(ROOT, "tests", "e2e");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join("tests", "e2e", file))
    .sort();
}

/** The two streams: [the demo client's files and some others, the rest]; an empty one is left out. */
export function e2eStreams() {
  const files = e2eTestFiles();
  const size = (file) => statSync(path.join(ROOT, file)).size;
  const total = (stream) => stream.reduce((sum, file) => sum + size(file), 0);
  const first = files.filter((file) => DEMO_CLIENT.test(readFileSync(path.join(ROOT, file), "utf8")));
  const second = [];
  const others = files.filter((file) => !first.includes(file)).sort((a, b) => size(b) - size(a) || a.localeCompare(b));
  for (const file of others) (total(first) <= total(second) ? first : second).push(file);
  return [first, second].filter((stream) => stream.length > 0);
}
