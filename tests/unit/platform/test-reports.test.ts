import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countSummary, countVitest, failureLines } from "../../../scripts/lib/reports.mjs";

function writeReport(value: unknown) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "reports-")), "report.json");
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe("npm test's report reading", () => {
  it("names each failed Vitest test with its first error line", () => {
    const file = writeReport({
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: path.join(process.cwd(), "tests/e2e/a.test.ts"),
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "a works" },
            {
              status: "failed",
              fullName: "a fails",
              failureMessages: ["\u001b[31mAssertionError: no\u001b[39m\n  at x"],
            },
          ],
        },
        {
          name: path.join(process.cwd(), "tests/e2e/b.test.ts"),
          status: "failed",
          message: "Cannot find module",
          assertionResults: [],
        },
      ],
    });
    const counted = countVitest(file, 1);
    expect(counted).toMatchObject({ passed: 1, failed: 2 });
    expect(failureLines(counted.failures)).toEqual([
      "  tests/e2e/a.test.ts › a fails — AssertionError: no",
      "  tests/e2e/b.test.ts › (file failed to load) — Cannot find module",
    ]);
  });

  it("counts a test file that never ran as a failure, in each of the config's folders", () => {
    const root = mkdtempSync(path.join(tmpdir(), "reports-dirs-"));
    const tests = path.join(root, "tests", "unit");
    const bench = path.join(root, "bench", "tests", "unit");
    for (const file of [path.join(tests, "ran.test.ts"), path.join(bench, "skipped.test.ts")]) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, "");
    }
    const file = writeReport({
      numPassedTests: 1,
      numFailedTests: 0,
      testResults: [
        { name: path.join(tests, "ran.test.ts"), status: "passed", assertionResults: [{ status: "passed" }] },
      ],
    });
    const counted = countVitest(file, 0, { testDirs: [tests, bench] });
    expect(counted).toMatchObject({ passed: 1, failed: 1, note: "1 file(s) never ran: skipped.test.ts" });
  });

  it("counts small modules (*.cases.ts) without an all-cases.test.ts beside them as never run", () => {
    const root = mkdtempSync(path.join(tmpdir(), "reports-cases-"));
    const grouped = path.join(root, "tests", "integration", "grouped");
    const stray = path.join(root, "tests", "integration", "stray");
    for (const file of [
      path.join(grouped, "a.cases.ts"),
      path.join(grouped, "b.cases.ts"),
      path.join(grouped, "all-cases.test.ts"),
      path.join(stray, "lost.cases.ts"),
    ]) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, "");
    }
    const file = writeReport({
      numPassedTests: 2,
      numFailedTests: 0,
      testResults: [
        {
          name: path.join(grouped, "all-cases.test.ts"),
          status: "passed",
          assertionResults: [{ status: "passed" }, { status: "passed" }],
        },
      ],
    });
    const counted = countVitest(file, 0, { testDirs: [path.join(root, "tests", "integration")] });
    expect(counted).toMatchObject({ passed: 2, failed: 1, note: "1 file(s) never ran: all-cases.test.ts" });
  });

  it("names the failed browser tests from the e2e summary, and caps the list", () => {
    const tests = Array.from({ length: 22 }, (_, index) => ({
      name: `journey ${index}`,
      file: "tests/e2e/j.test.ts",
      status: "failed",
      error: "TimeoutError: locator.click",
    }));
    const counted = countSummary(writeReport({ passed: 3, failed: 22, tests }), 1);
    const lines = failureLines(counted.failures);
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe("  tests/e2e/j.test.ts › journey 0 — TimeoutError: locator.click");
    expect(lines.at(-1)).toBe("  … and 2 more");
  });
});
