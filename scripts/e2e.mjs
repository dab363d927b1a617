#!/usr/bin/env node
// `npm run test:e2e`: browser tests against a throw-away `wrangler dev`.
// Expects a fresh build (npm test builds first). Writes test-results/e2e.json as
// { passed, failed, tests: [{ name, file, status, durationMs, error? }] } and always stops wrangler.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_MISSING, findChromium, startE2EServer } from "./lib/e2e-server.mjs";
import { e2eStreams } from "./lib/e2e-streams.mjs";
import { bin, capture, quietEnv, ROOT, run } from "./lib/proc.mjs";

const RESULTS = path.join(ROOT, "test-results");
const SUMMARY = path.join(RESULTS, "e2e.json");
const VITEST_REPORT = path.join(RESULTS, "e2e-vitest.json");

/** Where stream `index` writes its Vitest JSON report (merged into VITEST_REPORT afterwards). */
const streamReport = (index) => path.join(RESULTS, `e2e-vitest-${index}.json`);

/** One Vitest report of every stream's test files, as one run would have written it. */
function mergeStreamReports(count) {
  const files = [];
  for (let index = 0; index < count; index++) {
    const file = streamReport(index);
    if (!existsSync(file)) continue;
    try {
      files.push(...(JSON.parse(readFileSync(file, "utf8")).testResults ?? []));
    } catch {
      files.push({ name: file, status: "failed", message: `unreadable vitest report ${file}`, assertionResults: [] });
    }
    rmSync(file, { force: true });
  }
  if (files.length > 0) writeFileSync(VITEST_REPORT, JSON.stringify({ testResults: files }) + "\n");
}

function writeSummary(tests) {
  const passed = tests.filter((t) => t.status === "passed").length;
  const failed = tests.filter((t) => t.status === "failed").length;
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(SUMMARY, JSON.stringify({ passed, failed, tests }, null, 2) + "\n");
  return { passed, failed };
}

/** Turns Vitest's JSON report into the summary; a file that failed to load counts as a failure. */
function summarise(exitCode) {
  if (!existsSync(VITEST_REPORT)) {
    return [{ name: "e2e runner", status: "failed", error: `vitest exited ${exitCode} without a report` }];
  }
  let report;
  try {
    report = JSON.parse(readFileSync(VITEST_REPORT, "utf8"));
  } catch (error) {
    return [{ name: "e2e runner", status: "failed", error: `unreadable vitest report: ${error.message}` }];
  }
  const tests = [];
  for (const file of report.testResults ?? []) {
    const relative = path.relative(ROOT, file.name);
    for (const assertion of file.assertionResults ?? []) {
      tests.push({
        name: assertion.fullName ?? assertion.title,
        file: relative,
        status: assertion.status === "passed" ? "passed" : assertion.status === "failed" ? "failed" : "skipped",
        durationMs: Math.round(assertion.duration ?? 0),
        ...(assertion.failureMessages?.length ? { error: assertion.failureMessages.join("\n").slice(0, 4000) } : {}),
      });
    }
    if (file.status === "failed" && (file.assertionResults ?? []).length === 0) {
      tests.push({ name: `${relative} (could not run)`, file: relative, status: "failed", error: file.message });
    }
  }
  if (exitCode !== 0 && !tests.some((t) => t.status === "failed")) {
    tests.push({ name: "e2e runner", status: "failed", error: `vitest exited ${exitCode}` });
  }
  return tests;
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  for (const stale of [SUMMARY, VITEST_REPORT]) rmSync(stale, { force: true });

  const chromiumPath = findChromium();
  if (!chromiumPath) {
    console.error(CHROMIUM_MISSING);
    writeSummary([{ name: "chromium", status: "failed", error: CHROMIUM_MISSING }]);
    return 1;
  }

  // npm test starts the server beside integration and names it (E2E_BASE_URL, E2E_PERSIST_TO); it
  // also stops it. Otherwise this script starts its own and stops it at the end.
  const given = process.env.E2E_BASE_URL && process.env.E2E_PERSIST_TO;
  let server;
  try {
    server = given
      ? { baseURL: process.env.E2E_BASE_URL, persistTo: process.env.E2E_PERSIST_TO, stop: async () => undefined }
      : await startE2EServer();
  } catch (error) {
    console.error(`E2E server: ${error.message}`);
    writeSummary([{ name: "e2e server start", status: "failed", error: error.message }]);
    return 1;
  }

  const stopOnSignal = (signal) => {
    console.error(`\n${signal}: stopping wrangler`);
    server.stop().finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);

  // Given files or options: one stream, as asked. Otherwise two streams of files at once against
  // the one server (scripts/lib/e2e-streams.mjs); the second's output is printed when it ends.
  const files = process.argv.slice(2);
  const streams = files.length > 0 ? [files] : e2eStreams();
  const vitestEnv = quietEnv({
    E2E_BASE_URL: server.baseURL,
    E2E_PERSIST_TO: server.persistTo,
    CHROMIUM_PATH: chromiumPath,
  });
  let exitCode = 1;
  try {
    const codes = await Promise.all(
      streams.map(async (files, index) => {
        const args = ["run", "--config", "vitest.e2e.config.ts", `--outputFile.json=${streamReport(index)}`, ...files];
        if (index === 0) return run(bin("vitest"), args, { env: vitestEnv, label: "e2e: vitest + Chromium" });
        const { code, stdout, stderr } = await capture(bin("vitest"), args, { env: vitestEnv });
        console.log(`\n▶ e2e, second stream: vitest ${args.join(" ")}\n${stdout}${stderr}`);
        return code;
      }),
    );
    exitCode = codes.find((code) => code !== 0) ?? 0;
  } finally {
    await server.stop();
  }
  mergeStreamReports(streams.length);
  const { passed, failed } = writeSummary(summarise(exitCode));
  console.log(`E2E: ok ${passed} / failing ${failed} (test-results/e2e.json)`);
  return failed > 0 || exitCode !== 0 ? 1 : 0;
}

process.exitCode = await main();
