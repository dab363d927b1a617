// Reads the JSON reports the test runners write, so npm test can sum them into one line.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

export function clearReport(file) {
  rmSync(file, { force: true });
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/**
 * Counts from a Vitest JSON report. A run that failed without any failed test (a file that could
 * not load, a crash, no report at all) still counts as one failure, so it can never look green.
 * `testDirs`: the folders the config's include reads (tests/unit and bench/tests/unit, …); a test
 * file in them that the report does not name never ran and counts as a failure.
 * @param {string} file
 * @param {number} exitCode
 * @param {{ testDirs?: string[] }} [options]
 */
export function countVitest(file, exitCode, { testDirs = [] } = {}) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, note: `no report at ${file} (exit ${exitCode})` };
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const results = report.testResults ?? [];
  const broken = results.filter((result) => result.status === "failed" && (result.assertionResults ?? []).length === 0);
  // A file whose runner never started (e.g. the workers pool failed to boot) is absent from the report.
  const reported = new Set(results.map((result) => path.resolve(result.name)));
  const missing = testDirs.flatMap(listTestFiles).filter((test) => !reported.has(test));
  failed += broken.length + missing.length;
  if (exitCode !== 0 && failed === 0) failed = 1;
  const notes = [];
  if (broken.length) notes.push(`${broken.length} file(s) failed to load`);
  if (missing.length)
    notes.push(`${missing.length} file(s) never ran: ${missing.map((m) => path.basename(m)).join(", ")}`);
  const failures = results.flatMap((result) => {
    const file = path.relative(process.cwd(), result.name);
    const failedTests = (result.assertionResults ?? []).filter((assertion) => assertion.status === "failed");
    if (failedTests.length === 0 && result.status === "failed")
      return [{ file, name: "(file failed to load)", message: result.message }];
    return failedTests.map((assertion) => ({
      file,
      name: assertion.fullName ?? assertion.title,
      message: assertion.failureMessages?.[0],
    }));
  });
  return { passed, failed, failures, note: notes.join("; ") || undefined };
}

/**
 * The test files in `dir`. A `*.cases.ts` module runs from the `all-cases.test.ts` beside it
 * (tests/integration/helpers/cases.ts): it names that file, so a module left without one never
 * runs and counts as a failure.
 */
function listTestFiles(dir) {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(test|cases)\.ts$/.test(entry.name))
    .map((entry) => {
      const folder = entry.parentPath ?? entry.path;
      return path.resolve(folder, entry.name.endsWith(".cases.ts") ? "all-cases.test.ts" : entry.name);
    });
  return [...new Set(files)];
}

/** Counts from test-results/e2e.json ({ passed, failed, tests }). */
export function countSummary(file, exitCode) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, note: `no report at ${file} (exit ${exitCode})` };
  const passed = report.passed ?? 0;
  let failed = report.failed ?? 0;
  if (exitCode !== 0 && failed === 0) failed = 1;
  const failures = (report.tests ?? [])
    .filter((test) => test.status === "failed")
    .map((test) => ({ file: test.file, name: test.name, message: test.error }));
  return { passed, failed, failures };
}

/**
 * One line per failed test: where it is, its name and the first line of its error, without colour
 * codes, so the tail of a CI log says which test failed and why.
 */
export function failureLines(failures, { max = 20, width = 400 } = {}) {
  const lines = failures.slice(0, max).map(({ file, name, message }) => {
    const reason = String(message ?? "")
      // eslint-disable-next-line no-control-regex -- strips the colour codes Vitest writes
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line.length > 0);
    const line = `  ${file ? `${file} › ` : ""}${name}${reason ? ` — ${reason}` : ""}`;
    return line.length > width ? `${line.slice(0, width - 1)}…` : line;
  });
  if (failures.length > max) lines.push(`  … and ${failures.length - max} more`);
  return lines;
}
