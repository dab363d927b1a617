#!/usr/bin/env node
// `npm test`: every check, continuing past failures, then one line `N passed, N failed` summed
// over all runners (the figure CI reports). Exits non-zero if anything failed.
//   build, then two streams at once:
//     integration (workerd, two files at a time)
//     typecheck (1 test) → lint: ESLint + Prettier --check + import cycles (1 test) → unit →
//     bundle (checks over the build: JavaScript budgets per page, the React build wrangler dev serves)
//   then e2e (Chromium, against its own wrangler dev; two streams of files, scripts/e2e.mjs).
// Integration keeps the two cores busy only part of the time (each file starts its own workerd),
// so the checks run beside it; their output is printed when they end, whole. When they end, the
// browser tests' server starts (migrations, seed, the demo flows) while integration finishes. The
// browser tests themselves run alone: beside integration they timed out (ADR 055).
// The build is not a test; a failed build counts as one failure.
import path from "node:path";
import { clearReport, countSummary, countVitest, failureLines } from "./lib/reports.mjs";
import { bin, capture, quietEnv, ROOT, run } from "./lib/proc.mjs";
import { startE2EServer } from "./lib/e2e-server.mjs";

const results = (file) => path.join(ROOT, "test-results", file);
const env = quietEnv();
/** Each level's result, in the order the summary lists them. */
const steps = new Map(
  ["build", "typecheck", "lint", "unit", "bundle", "integration", "e2e"].map((name) => [name, null]),
);

/**
 * Runs a command, streaming its output, or (`quiet`) keeping it and printing it whole at the end of
 * the stream it belongs to, so two streams never interleave their lines.
 */
async function exec(command, args, { label, quiet, log }) {
  if (!quiet) return run(command, args, { env, label });
  log.push(`\n▶ ${label}: ${[path.basename(command), ...args].join(" ")}`);
  const { code, stdout, stderr } = await capture(command, args, { env });
  log.push(stdout.trimEnd(), stderr.trimEnd());
  return code;
}

/** One counted check: each command in order; it fails if any of them fails (all still run). */
async function check(name, commands, options) {
  const started = Date.now();
  let code = 0;
  for (const [cmd, cmdArgs] of commands) {
    const exit = await exec(cmd, cmdArgs, { ...options, label: name });
    if (exit !== 0) code = exit;
  }
  steps.set(name, { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, ms: Date.now() - started });
}

async function vitest(name, config, report, testDirs, options) {
  clearReport(results(report));
  const started = Date.now();
  const code = await exec(bin("vitest"), ["run", "--config", config], { ...options, label: name });
  steps.set(name, {
    name,
    ...countVitest(results(report), code, { testDirs: testDirs.map((dir) => path.join(ROOT, dir)) }),
    ms: Date.now() - started,
  });
}

{
  const started = Date.now();
  const code = await run(bin("remix"), ["vite:build"], { env, label: "build" });
  steps.set("build", {
    name: "build",
    passed: 0,
    failed: code === 0 ? 0 : 1,
    ms: Date.now() - started,
    note: code === 0 ? "ok" : "failed",
  });
}

async function checks() {
  const options = { quiet: true, log: [] };
  await check("typecheck", [[bin("tsc"), ["-b"]]], options);
  // ESLint (boundaries, bugs), Prettier's check of the formatting, then dpdm's check that no module
  // imports itself through others (import type aside).
  await check(
    "lint",
    [
      [bin("eslint"), ["--max-warnings=0", "."]],
      [bin("prettier"), ["--check", "."]],
      ["npm", ["run", "--silent", "lint:cycles"]],
    ],
    options,
  );
  await vitest("unit", "vitest.unit.config.ts", "unit.json", ["tests/unit", "bench/tests/unit"], options);
  // Needs the build: the JavaScript each page loads (budgets) and the React build `wrangler dev` bundles.
  await vitest("bundle", "vitest.bundle.config.ts", "bundle.json", ["tests/bundle"], options);
  console.log(options.log.filter(Boolean).join("\n"));
  // The cores integration leaves idle start the browser tests' server; if it cannot start, the
  // e2e step starts its own and reports why.
  e2eServer = await startE2EServer().catch((error) => {
    console.error(`E2E server, started early: ${error.message}`);
    return null;
  });
}

/** The browser tests' server, started beside integration (null until then, or if it failed). */
let e2eServer = null;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the browser tests' server`);
    Promise.resolve(e2eServer?.stop()).finally(() => process.exit(130));
  });
}

await Promise.all([
  vitest("integration", "vitest.config.ts", "integration.json", ["tests/integration", "bench/tests/integration"], {
    quiet: false,
  }),
  checks(),
]);

{
  clearReport(results("e2e.json"));
  const started = Date.now();
  const server = e2eServer ? { E2E_BASE_URL: e2eServer.baseURL, E2E_PERSIST_TO: e2eServer.persistTo } : {};
  const code = await run(process.execPath, [path.join(ROOT, "scripts", "e2e.mjs")], {
    env: { ...env, ...server },
    label: "e2e",
  });
  await e2eServer?.stop();
  steps.set("e2e", { name: "e2e", ...countSummary(results("e2e.json"), code), ms: Date.now() - started });
}

const done = [...steps.values()].filter(Boolean);
const passed = done.reduce((sum, step) => sum + step.passed, 0);
const failed = done.reduce((sum, step) => sum + step.failed, 0);

console.log("\nSummary");
for (const step of done) {
  const status = step.failed ? "FAIL" : "ok  ";
  // Deliberately not the "N passed, N failed" shape: only the last line may match it.
  const detail = step.name === "build" ? step.note : `ok ${step.passed} / failing ${step.failed}`;
  const note = step.note && step.name !== "build" ? ` (${step.note})` : "";
  console.log(`  ${status} ${step.name.padEnd(12)} ${detail}${note}  ${(step.ms / 1000).toFixed(1)} s`);
}
const failures = done.flatMap((step) => (step.failures ?? []).map((failure) => ({ ...failure, step: step.name })));
if (failures.length > 0) {
  console.log("\nFailed");
  for (const line of failureLines(failures)) console.log(line);
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
