#!/usr/bin/env node
// `npm test`: every check, continuing past failures, then one line `N passed, N failed` summed
// over all runners (the figure CI reports). Exits non-zero if anything failed.
//   build → typecheck (1 test) → lint: ESLint + Prettier --check + import cycles (1 test) → unit →
//   bundle (checks over the build: JavaScript budgets per page, the React build wrangler dev
//   serves) → integration (workerd) → e2e (Chromium, against its own wrangler dev).
// One level at a time: run beside integration on two cores, the browser tests were no faster and
// timed out (ADR 055).
// The build is not a test; a failed build counts as one failure.
import path from "node:path";
import { clearReport, countSummary, countVitest, failureLines } from "./lib/reports.mjs";
import { bin, quietEnv, ROOT, run } from "./lib/proc.mjs";

const results = (file) => path.join(ROOT, "test-results", file);
const env = quietEnv();
const steps = [];

/** One counted check: each command in order; it fails if any of them fails (all still run). */
async function check(name, command, args, ...more) {
  const started = Date.now();
  let code = 0;
  for (const [cmd, cmdArgs] of [[command, args], ...more]) {
    const exit = await run(cmd, cmdArgs, { env, label: name });
    if (exit !== 0) code = exit;
  }
  steps.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, ms: Date.now() - started });
  return code;
}

async function vitest(name, config, report, testDirs) {
  clearReport(results(report));
  const started = Date.now();
  const code = await run(bin("vitest"), ["run", "--config", config], { env, label: name });
  steps.push({
    name,
    ...countVitest(results(report), code, { testDirs: testDirs.map((dir) => path.join(ROOT, dir)) }),
    ms: Date.now() - started,
  });
}

{
  const started = Date.now();
  const code = await run(bin("remix"), ["vite:build"], { env, label: "build" });
  steps.push({
    name: "build",
    passed: 0,
    failed: code === 0 ? 0 : 1,
    ms: Date.now() - started,
    note: code === 0 ? "ok" : "failed",
  });
}

await check("typecheck", bin("tsc"), ["-b"]);
// The lint step: ESLint (boundaries, bugs), Prettier's check of the formatting, then dpdm's
// check that no module imports itself through others (import type aside).
await check(
  "lint",
  bin("eslint"),
  ["--max-warnings=0", "."],
  [bin("prettier"), ["--check", "."]],
  ["npm", ["run", "--silent", "lint:cycles"]],
);
await vitest("unit", "vitest.unit.config.ts", "unit.json", ["tests/unit", "bench/tests/unit"]);

// Needs the build: the JavaScript each page loads (budgets) and the React build `wrangler dev` bundles.
await vitest("bundle", "vitest.bundle.config.ts", "bundle.json", ["tests/bundle"]);

await vitest("integration", "vitest.config.ts", "integration.json", ["tests/integration", "bench/tests/integration"]);

{
  clearReport(results("e2e.json"));
  const started = Date.now();
  const code = await run(process.execPath, [path.join(ROOT, "scripts", "e2e.mjs")], { env, label: "e2e" });
  steps.push({ name: "e2e", ...countSummary(results("e2e.json"), code), ms: Date.now() - started });
}

const passed = steps.reduce((sum, step) => sum + step.passed, 0);
const failed = steps.reduce((sum, step) => sum + step.failed, 0);

console.log("\nSummary");
for (const step of steps) {
  const status = step.failed ? "FAIL" : "ok  ";
  // Deliberately not the "N passed, N failed" shape: only the last line may match it.
  const detail = step.name === "build" ? step.note : `ok ${step.passed} / failing ${step.failed}`;
  const note = step.note && step.name !== "build" ? ` (${step.note})` : "";
  console.log(`  ${status} ${step.name.padEnd(12)} ${detail}${note}  ${(step.ms / 1000).toFixed(1)} s`);
}
const failures = steps.flatMap((step) => (step.failures ?? []).map((failure) => ({ ...failure, step: step.name })));
if (failures.length > 0) {
  console.log("\nFailed");
  for (const line of failureLines(failures)) console.log(line);
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
