import { describe, expect, it, vi } from "vitest";
import {
  auditWithRetry,
  checkGoals,
  formatLighthouseTable,
  LIGHTHOUSE_GOALS,
  LIGHTHOUSE_PAGES,
  median,
  metricsOf,
  reportName,
  summarize,
} from "../../lib/lighthouse.mjs";

/** A Lighthouse result (LHR) with only the parts bench reads. */
function lhr({ score, lcp, tbt, cls }: { score: number | null; lcp?: number; tbt?: number; cls?: number }) {
  return {
    categories: { performance: { score } },
    audits: {
      "largest-contentful-paint": { numericValue: lcp },
      "total-blocking-time": { numericValue: tbt },
      "cumulative-layout-shift": { numericValue: cls },
    },
  };
}

describe("Lighthouse in the benchmark", () => {
  it("measures the four pages of issue #17, `/` as the sign-in page it shows before signing in, and three public pages", () => {
    expect(LIGHTHOUSE_PAGES.map((page) => page.path)).toEqual([
      "/",
      "/how-it-works",
      "/pricing",
      "/benchmarks/722511",
      "/dashboard",
      "/features",
      "/create-insight",
    ]);
    expect(LIGHTHOUSE_PAGES.filter((page) => !page.signedIn).map((page) => page.path)).toEqual([
      "/",
      "/how-it-works",
      "/pricing",
      "/benchmarks/722511",
    ]);
    expect(LIGHTHOUSE_GOALS).toEqual({ performance: 95, cls: 0.02, tbtMs: 100 });
  });

  it("takes the middle value of an odd count and the mean of the two middle values of an even one", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([2500, 900, 1200])).toBe(1200);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
    expect(median([null, 5, undefined, Number.NaN, 9, 1])).toBe(5);
  });

  it("reads score (0–100), LCP, TBT and CLS from a Lighthouse result", () => {
    expect(metricsOf(lhr({ score: 0.934, lcp: 2550.4, tbt: 64, cls: 0.0123 }))).toEqual({
      performance: 93,
      lcpMs: 2550.4,
      tbtMs: 64,
      cls: 0.0123,
    });
    expect(metricsOf(lhr({ score: null }))).toEqual({ performance: null, lcpMs: null, tbtMs: null, cls: null });
  });

  it("takes the median of each metric on its own, over the runs of a page", () => {
    const runs = [
      { performance: 93, lcpMs: 2550.4, tbtMs: 64, cls: 0 },
      { performance: 98, lcpMs: 1948, tbtMs: 0, cls: 0.0304 },
      { performance: 91, lcpMs: 2752, tbtMs: 12.6, cls: 0.0011 },
    ];
    expect(summarize(runs)).toEqual({ performance: 93, lcpMs: 2550, tbtMs: 13, cls: 0.001 });
  });

  it("checks the goals at their bounds, and a missing figure never meets its goal", () => {
    expect(checkGoals({ performance: 95, lcpMs: 2000, tbtMs: 100, cls: 0.02 })).toEqual({
      performance: true,
      cls: true,
      tbt: true,
      all: true,
    });
    expect(checkGoals({ performance: 94, lcpMs: 2000, tbtMs: 101, cls: 0.021 })).toEqual({
      performance: false,
      cls: false,
      tbt: false,
      all: false,
    });
    expect(checkGoals({ performance: 99, lcpMs: 900, tbtMs: 0, cls: 0.03 }).all).toBe(false);
    expect(checkGoals({ performance: null, lcpMs: null, tbtMs: null, cls: null })).toEqual({
      performance: false,
      cls: false,
      tbt: false,
      all: false,
    });
  });

  it("prints one row per page with each goal met or not met", () => {
    const table = formatLighthouseTable([
      { path: "/", runs: [{}, {}, {}], summary: { performance: 100, lcpMs: 1133, tbtMs: 0, cls: 0 } },
      { path: "/features", runs: [{}, {}, {}], summary: { performance: 93, lcpMs: 2550, tbtMs: 120, cls: 0.031 } },
    ]);
    expect(table.split("\n")).toEqual([
      "Lighthouse (mobile emulation, simulated throttling, median of 3 runs); goals: performance ≥ 95, TBT ≤ 100 ms, CLS ≤ 0.02",
      "page       performance  LCP ms       TBT ms            CLS",
      "---------  -----------  ------  -----------  -------------",
      "/              100 met    1133        0 met      0.000 met",
      "/features   93 NOT met    2550  120 NOT met  0.031 NOT met",
    ]);
  });

  it("names each page's report file", () => {
    expect(reportName("/")).toBe("index");
    expect(reportName("/create-insight")).toBe("create-insight");
    expect(reportName("/features?focus=Insights")).toBe("features-focus-Insights");
  });

  it("tries a run again after Lighthouse's own trace failures, at most three times, and never after others", async () => {
    const ok = { lhr: lhr({ score: 1 }), report: "{}" };
    const failed = (code: string) => ({ lhr: { runtimeError: { code, message: code } }, report: "{}" });
    const fake = (answers: unknown[]) => {
      const calls: string[] = [];
      const run = async (url: string) => {
        calls.push(url);
        return answers[calls.length - 1];
      };
      return { run, calls };
    };
    const url = "http://127.0.0.1:1/dashboard";
    const quiet = vi.spyOn(console, "warn").mockImplementation(() => undefined);

    const once = fake([failed("NO_NAVSTART"), ok]);
    await expect(auditWithRetry(once.run, url, {})).resolves.toBe(ok);
    expect(once.calls).toHaveLength(2);

    const always = fake([failed("NO_FCP"), failed("NO_FCP"), failed("NO_FCP"), ok]);
    await expect(auditWithRetry(always.run, url, {})).rejects.toThrow("Lighthouse on /dashboard: NO_FCP");
    expect(always.calls).toHaveLength(3);

    const fatal = fake([failed("CHROME_INTERSTITIAL_ERROR"), ok]);
    await expect(auditWithRetry(fatal.run, url, {})).rejects.toThrow("CHROME_INTERSTITIAL_ERROR");
    expect(fatal.calls).toHaveLength(1);

    const nothing = fake([undefined]);
    await expect(auditWithRetry(nothing.run, url, {})).rejects.toThrow("no result");
    quiet.mockRestore();
  });
});
