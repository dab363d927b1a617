// The browser test files in two streams, run at once against one server (scripts/e2e.mjs).
// One stream takes every file that signs in as the demo business client, one after another, so
// no two of them change its dashboard, notifications or documents at the same time; the other
// takes the rest (each signs up people of its own, or acts as the demo manager or consultants).
// Each browser test waits on the server half the time and the server on the browser the other
// half: two streams keep both cores busy (ADR 055).
import { readdirSync, readFileSync } from "node:fs";
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

/** [the demo client's files, the rest]; an empty stream is left out. */
export function e2eStreams() {
  const files = e2eTestFiles();
  const demo = files.filter((file) => DEMO_CLIENT.test(readFileSync(path.join(ROOT, file), "utf8")));
  const rest = files.filter((file) => !demo.includes(file));
  return [demo, rest].filter((stream) => stream.length > 0);
}
