// Lighthouse for `npm run bench` (issue #17, item 4): the npm package `lighthouse` drives the
// system Chromium (headless, --no-sandbox as the browser tests) with Lighthouse's default mobile
// emulation and simulated throttling, performance category only, three runs per page, and
// reports the median of each metric. Nothing is fetched from the web: no CrUX/PSI API, no error
// reporting, Chromium's background networking off. Chromium runs in its own process group and is
// killed at the end, also on errors and when the process exits early.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort, killGroupOnExit, stopGroup, waitForHttp } from "../../scripts/lib/proc.mjs";

/** The pages measured. `/` redirects a signed-in client to /dashboard, so it is measured as what
 * `/` shows the client before signing in: the sign-in page. Then three public pages as a visitor
 * (issue #42, ADR 089: their goal is 100). The others as the demo client. */
export const LIGHTHOUSE_PAGES = [
  { path: "/", signedIn: false },
  { path: "/how-it-works", signedIn: false },
  { path: "/pricing", signedIn: false },
  { path: "/benchmarks/722511", signedIn: false },
  { path: "/dashboard", signedIn: true },
  { path: "/features", signedIn: true },
  { path: "/create-insight", signedIn: true },
];

export const LIGHTHOUSE_RUNS = 3;

/** Issue #17's goals: performance score ≥ 95, CLS ≤ 0.02, TBT ≤ 100 ms. */
export const LIGHTHOUSE_GOALS = { performance: 95, cls: 0.02, tbtMs: 100 };

/** Flags for a headless Chromium that stays offline and quiet in containers and CI. */
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-domain-reliability",
  "--disable-client-side-phishing-detection",
  "--disable-extensions",
  "--metrics-recording-only",
  "--no-pings",
  "--mute-audio",
];

/** Median of a list of numbers (the mean of the two middle values for an even count). */
export function median(values) {
  const numbers = values.filter((value) => typeof value === "number" && Number.isFinite(value));
  if (numbers.length === 0) return null;
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The four figures of one Lighthouse result (LHR): score 0–100, LCP and TBT in ms, CLS. */
export function metricsOf(lhr) {
  const score = lhr.categories?.performance?.score;
  const numeric = (id) => {
    const value = lhr.audits?.[id]?.numericValue;
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  };
  return {
    performance: typeof score === "number" ? Math.round(score * 100) : null,
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
  };
}

/** Median per metric over the runs of one page (each metric on its own). */
export function summarize(runs) {
  const pick = (key) => median(runs.map((run) => run[key]));
  const performance = pick("performance");
  const lcpMs = pick("lcpMs");
  const tbtMs = pick("tbtMs");
  const cls = pick("cls");
  return {
    performance: performance === null ? null : Math.round(performance),
    lcpMs: lcpMs === null ? null : Math.round(lcpMs),
    tbtMs: tbtMs === null ? null : Math.round(tbtMs),
    cls: cls === null ? null : Math.round(cls * 1000) / 1000,
  };
}

/** Which goals a page's medians meet; a missing figure never meets its goal. */
export function checkGoals(summary, goals = LIGHTHOUSE_GOALS) {
  const performance = summary.performance !== null && summary.performance >= goals.performance;
  const cls = summary.cls !== null && summary.cls <= goals.cls;
  const tbt = summary.tbtMs !== null && summary.tbtMs <= goals.tbtMs;
  return { performance, cls, tbt, all: performance && cls && tbt };
}

const mark = (ok) => (ok ? "met" : "NOT met");
const show = (value, format) => (value === null ? "–" : format(value));

/** The table bench prints: one row per page, each figure with its goal met / not met. */
export function formatLighthouseTable(results, goals = LIGHTHOUSE_GOALS) {
  const header = ["page", "performance", "LCP ms", "TBT ms", "CLS"];
  const lines = results.map(({ path: page, summary }) => {
    const met = checkGoals(summary, goals);
    return [
      page,
      `${show(summary.performance, String)} ${mark(met.performance)}`,
      show(summary.lcpMs, String),
      `${show(summary.tbtMs, String)} ${mark(met.tbt)}`,
      `${show(summary.cls, (v) => v.toFixed(3))} ${mark(met.cls)}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  const runs = results[0]?.runs?.length ?? LIGHTHOUSE_RUNS;
  return [
    `Lighthouse (mobile emulation, simulated throttling, median of ${runs} runs); goals: performance ≥ ${goals.performance}, TBT ≤ ${goals.tbtMs} ms, CLS ≤ ${goals.cls}`,
    format(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...lines.map(format),
  ].join("\n");
}

/** A file name for a page's report: "/" → "index", "/create-insight" → "create-insight". */
export function reportName(page) {
  const slug = page.replace(/^\/+|\/+$/g, "").replace(/[^a-z0-9]+/gi, "-");
  return slug === "" ? "index" : slug;
}

/** Starts the system Chromium with a DevTools port; returns { port, stop }. */
async function launchChromium(chromiumPath) {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), "partwise-lighthouse-"));
  const port = await freePort();
  const child = spawn(
    chromiumPath,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${userDataDir}`, "about:blank"],
    // detached: its own process group, so stopping it also ends its renderer and GPU processes.
    { stdio: "ignore", detached: true },
  );
  // Whatever happens to this process later (an error, process.exit on Ctrl-C), Chromium goes too.
  const cancelKillOnExit = killGroupOnExit(child);
  const stop = async () => {
    cancelKillOnExit();
    await stopGroup(child, { graceMs: 3_000 });
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    await waitForHttp(`http://127.0.0.1:${port}/json/version`, { timeoutMs: 30_000, child });
  } catch (error) {
    await stop();
    throw new Error(`Chromium (${chromiumPath}) did not start: ${error.message}`);
  }
  return { port, stop };
}

/** Lighthouse's own trace-recording failures, which a new attempt usually does not repeat. */
export const TRANSIENT_ERRORS = new Set([
  "NO_NAVSTART",
  "NO_FCP",
  "NO_LCP",
  "NO_TRACING_STARTED",
  "NO_RESOURCE_REQUEST",
]);
const ATTEMPTS = 3;

/** One Lighthouse run; a transient runtime error is retried (up to ATTEMPTS in all), others throw. */
export async function auditWithRetry(lighthouse, url, flags) {
  const page = new URL(url).pathname;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    const error = result?.lhr?.runtimeError;
    if (result?.lhr && !error) return result;
    const reason = error ? `${error.code} ${error.message}` : "no result";
    if (!error || !TRANSIENT_ERRORS.has(error.code) || attempt === ATTEMPTS) {
      throw new Error(`Lighthouse on ${page}: ${reason}`);
    }
    console.warn(`  (Lighthouse on ${page}: ${error.code}; trying again)`);
  }
}

/**
 * Runs Lighthouse `runs` times on each page and returns, per page, every run's figures and their
 * medians. `cookie` is the demo client's session (sent as a header on every request of the
 * signed-in pages). Full reports of each page's last run go to `reportDir` when given.
 */
export async function runLighthouse({
  baseURL,
  cookie,
  chromiumPath,
  pages = LIGHTHOUSE_PAGES,
  runs = LIGHTHOUSE_RUNS,
  reportDir,
  log = console.log,
}) {
  if (!chromiumPath) throw new Error("no Chromium to run Lighthouse with (install `chromium` or set CHROMIUM_PATH)");
  const { default: lighthouse } = await import("lighthouse");
  const chromium = await launchChromium(chromiumPath);
  try {
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    const results = [];
    for (const page of pages) {
      const url = `${baseURL}${page.path}`;
      const figures = [];
      for (let i = 1; i <= runs; i++) {
        const result = await auditWithRetry(lighthouse, url, {
          port: chromium.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          // Lighthouse's defaults (mobile form factor, simulated throttling) stay as they are.
          extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
          disableFullPageScreenshot: true,
          enableErrorReporting: false,
        });
        const lhr = result.lhr;
        if (lhr.finalDisplayedUrl !== url && new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
          throw new Error(
            `Lighthouse on ${page.path} ended on ${lhr.finalDisplayedUrl} (redirected: is the session valid?)`,
          );
        }
        const run = metricsOf(lhr);
        if (run.performance === null) throw new Error(`Lighthouse on ${page.path} gave no performance score`);
        figures.push(run);
        log(
          `  ${page.path} run ${i}/${runs}: performance ${run.performance}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls?.toFixed(3)}`,
        );
        if (reportDir && i === runs)
          writeFileSync(path.join(reportDir, `${reportName(page.path)}.json`), result.report);
      }
      results.push({ path: page.path, signedIn: page.signedIn, runs: figures, summary: summarize(figures) });
    }
    return results;
  } finally {
    await chromium.stop();
  }
}
