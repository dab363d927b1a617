#!/usr/bin/env node
// `npm run bench [-- --runs N] [-- --no-build] [-- --engine-only | --peer-only | --lighthouse-only]
// [-- --no-peer] [-- --no-lighthouse] [-- --peer-seconds N] [-- --peer-rounds N]`: first the
// smart-matching engine on 10,000 generated consultants (in Node, no server;
// test-results/bench-engine.json), then the JavaScript per page and the deployed Worker's size,
// then server-side response times of the key pages and APIs against the same throw-away
// `wrangler dev` (fresh migrated + seeded local D1) the E2E suite uses. Signs in over HTTP as the
// demo client and the manager, warms up, then requests each path N times one after another and
// prints p50 / p95 / max and the response size. Then the same documents against a bare Worker on
// the same database (bench/lib/peer-bench.mjs), then Lighthouse (mobile) on four pages, median of
// three runs (bench/lib/lighthouse.mjs). Writes test-results/bench.json. Exits non-zero only when
// a request does not answer 200 (or the build, server, sign-in or Lighthouse itself fails) — never
// on timings or scores, which depend on the machine.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { findChromium, startE2EServer } from "../scripts/lib/e2e-server.mjs";
import { benchEngine } from "./lib/engine-bench.mjs";
import { formatTable, measureRoutes } from "../scripts/lib/js-weight.mjs";
import { formatLighthouseTable, runLighthouse } from "./lib/lighthouse.mjs";
import { benchPeer, formatPeerTable, PEER_DEFAULTS, peerReport } from "./lib/peer-bench.mjs";
import { formatWorkerSize, measureWorker } from "../scripts/lib/worker-size.mjs";
import { buildApp, ROOT, stopServerOnSignal } from "../scripts/lib/proc.mjs";
import { signIn } from "../scripts/lib/demo-sign-in.mjs";

const RESULTS = path.join(ROOT, "test-results");
const OUTPUT = path.join(RESULTS, "bench.json");
const ENGINE_OUTPUT = path.join(RESULTS, "bench-engine.json");
const ENGINE_POOL = 10_000;
const ENGINE_RUNS = 50;
const WARMUP_ROUNDS = 3;

const TARGETS = [
  { user: "client", path: "/dashboard" },
  { user: "client", path: "/features?focus=Insights" },
  { user: "client", path: "/create-insight" },
  { user: "client", path: "/insight-discovery?type=REPORT&id=demo-insight-delivered" },
  { user: "client", path: "/company-profile" },
  { user: "client", path: "/api/client/auth" },
  { user: "client", path: "/api/insight/insightRequest/get-insight-request/demo-insight-delivered" },
  { user: "manager", path: "/manage/insights" },
  { user: "manager", path: "/manage/insights/demo-insight-submitted" },
  { user: "client", path: "/features?focus=Matching" },
  { user: "client", path: "/create-match" },
  { user: "client", path: "/features?focus=Engagements" },
  { user: "client", path: "/engagement-portal" },
  { user: "manager", path: "/manage/matches" },
  { user: "consultant", path: "/consultant" },
  // The public pages (ADR 089), as a visitor without a session: served from the edge cache
  // ("visitor, cached"), and built for the request ("visitor, uncached": each run asks for an
  // industry not asked for before, the only pages with enough addresses to miss every time).
  // The consultants' pages (ADR 090) read their data version from D1 before the cache, even cached.
  ...[
    "/how-it-works",
    "/pricing",
    "/benchmarks/722511",
    "/benchmarks?q=bakery",
    "/sitemap.xml",
    "/consultants",
    "/consultants/demo-user-consultant-02",
  ].map((path) => ({
    user: "visitor",
    path,
    cache: "HIT",
  })),
  { user: "visitor", path: "/benchmarks/<a new code>", cache: "MISS", address: (code) => `/benchmarks/${code}` },
  { user: "visitor", path: "/benchmarks?q=<a new code>", cache: "MISS", address: (code) => `/benchmarks?q=${code}` },
];

/** Six-digit industries, each asked for once by the uncached rows (1,012: enough for any --runs). */
const FRESH_CODES = JSON.parse(readFileSync(path.join(ROOT, "app/data/naics-2022.json"), "utf8"))
  .map(([code]) => code)
  .filter((code) => /^\d{6}$/.test(code));
let freshCode = 0;

/** The address a run asks for: an industry of its own for an uncached row. */
function runPath(target) {
  if (!target.address) return target.path;
  const code = FRESH_CODES[freshCode++ % FRESH_CODES.length];
  return target.address(code);
}

const userLabel = (target) =>
  target.cache ? `${target.user}, ${target.cache === "HIT" ? "cached" : "uncached"}` : target.user;

const ACCOUNTS = {
  client: "demo@partwise.test",
  manager: "manager@partwise.test",
  consultant: "consultant1@partwise.test",
};

function parseArgs(argv) {
  const options = {
    runs: 30,
    build: true,
    engineOnly: false,
    peer: true,
    peerOnly: false,
    peerSeconds: PEER_DEFAULTS.seconds,
    peerRounds: PEER_DEFAULTS.rounds,
    lighthouse: true,
    lighthouseOnly: false,
  };
  const wholeNumber = (name, value) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) throw new Error(`${name} needs a whole number ≥ 1 (got ${value})`);
    return number;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--no-build") options.build = false;
    else if (arg === "--engine-only") options.engineOnly = true;
    else if (arg === "--peer-only") options.peerOnly = true;
    else if (arg === "--no-peer") options.peer = false;
    else if (arg === "--lighthouse-only") options.lighthouseOnly = true;
    else if (arg === "--no-lighthouse") options.lighthouse = false;
    else if (arg === "--peer-seconds" || arg.startsWith("--peer-seconds="))
      options.peerSeconds = wholeNumber("--peer-seconds", arg.includes("=") ? arg.split("=")[1] : argv[++i]);
    else if (arg === "--peer-rounds" || arg.startsWith("--peer-rounds="))
      options.peerRounds = wholeNumber("--peer-rounds", arg.includes("=") ? arg.split("=")[1] : argv[++i]);
    else if (arg === "--runs" || arg.startsWith("--runs=")) {
      const value = arg.includes("=") ? arg.slice("--runs=".length) : argv[++i];
      const runs = Number(value);
      if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a whole number ≥ 1 (got ${value})`);
      options.runs = runs;
    } else if (arg === "--help" || arg === "-h") {
      options.help = true;
    } else {
      throw new Error(
        `unknown option ${arg} (use --runs N, --no-build, --engine-only, --peer-only, --lighthouse-only, --no-peer, --no-lighthouse, --peer-seconds N, --peer-rounds N)`,
      );
    }
  }
  if (options.peerOnly && !options.peer) throw new Error("--peer-only and --no-peer exclude each other");
  if (options.lighthouseOnly && !options.lighthouse)
    throw new Error("--lighthouse-only and --no-lighthouse exclude each other");
  const only = ["engineOnly", "peerOnly", "lighthouseOnly"].filter((key) => options[key]);
  if (only.length > 1) throw new Error("--engine-only, --peer-only and --lighthouse-only exclude each other");
  /** One part alone: no engine, no weights, no per-path timings. */
  options.onePart = options.peerOnly || options.lighthouseOnly;
  return options;
}

/** One GET, body read to the end; redirects are not followed (a redirect is not a 200). */
async function timedGet(baseURL, target, cookie) {
  const started = performance.now();
  const response = await fetch(`${baseURL}${target}`, {
    headers: { Cookie: cookie, Accept: target.startsWith("/api/") ? "application/json" : "text/html" },
    redirect: "manual",
  });
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    ms: performance.now() - started,
    bytes: body.byteLength,
    cache: response.headers.get("X-Cache"),
  };
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round1 = (value) => Math.round(value * 10) / 10;

function printTable(rows) {
  const header = ["path", "user", "status", "p50 ms", "p95 ms", "max ms", "KB"];
  const lines = rows.map((r) => [
    r.path,
    r.user,
    String(r.status),
    r.p50Ms.toFixed(1),
    r.p95Ms.toFixed(1),
    r.maxMs.toFixed(1),
    r.kb.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`bench: ${error.message}`);
    return 2;
  }
  if (options.help) {
    console.log(
      "Usage: npm run bench [-- --runs N] [-- --no-build] [-- --engine-only | --peer-only | --lighthouse-only]\n" +
        "                     [-- --no-peer] [-- --no-lighthouse] [-- --peer-seconds N] [-- --peer-rounds N]\n" +
        `  (default 30 runs per path; against the bare peer ${PEER_DEFAULTS.rounds} rounds of ${PEER_DEFAULTS.seconds} s per side;\n` +
        "   --peer-only / --lighthouse-only: that part alone, after the build and the server)",
    );
    return 0;
  }

  try {
    mkdirSync(RESULTS, { recursive: true });
    if (!options.onePart) await benchEngine({ size: ENGINE_POOL, runs: ENGINE_RUNS, output: ENGINE_OUTPUT });
  } catch (error) {
    console.error(`bench: the matching engine failed: ${error.message}`);
    return 1;
  }
  if (options.engineOnly) return 0;

  // Ctrl-C / SIGTERM: stop wrangler (also when it arrives while the server is still starting).
  let server;
  const interrupted = stopServerOnSignal(() => server);

  if (options.build && !(await buildApp("bench"))) return 1;
  if (interrupted()) return 130;
  let workerSize = null;
  if (!options.onePart) {
    // The JavaScript each page loads, against its budget (docs/decisions/041-javascript-weight.md).
    console.log(`\n${formatTable(measureRoutes(path.join(ROOT, "build", "client")))}`);
    // The Worker a deploy uploads, gzipped, and its largest parts (issue #17, item 7).
    try {
      workerSize = await measureWorker(ROOT);
      console.log(`\n${formatWorkerSize(workerSize)}`);
    } catch (error) {
      console.error(`bench: the deploy dry run failed: ${error.message}`);
      return 1;
    }
  }

  try {
    server = await startE2EServer({ logFile: path.join(RESULTS, "bench-wrangler.log") });
  } catch (error) {
    console.error(`bench: ${error.message}`);
    return 1;
  }
  if (interrupted()) {
    await server.stop();
    return 130;
  }

  try {
    const { baseURL } = server;
    const cookies = {};
    for (const [user, email] of Object.entries(ACCOUNTS)) cookies[user] = await signIn(baseURL, email);
    cookies.visitor = "";

    // --peer-only, --lighthouse-only: no per-path timings.
    const targets = options.onePart ? [] : TARGETS;
    if (targets.length > 0)
      console.log(`\n▶ bench: ${WARMUP_ROUNDS} warm-up rounds, then ${options.runs} sequential runs per path\n`);
    for (let round = 0; round < WARMUP_ROUNDS; round++) {
      for (const target of targets) await timedGet(baseURL, runPath(target), cookies[target.user]);
    }

    const rows = [];
    for (const target of targets) {
      const samples = [];
      for (let i = 0; i < options.runs; i++)
        samples.push(await timedGet(baseURL, runPath(target), cookies[target.user]));
      // A cached row whose answers were not all from the cache (or the reverse) measures nothing.
      const wrongCache = target.cache ? samples.filter((s) => s.cache !== target.cache).length : 0;
      if (wrongCache > 0) {
        console.error(
          `bench: ${target.path}: ${wrongCache} of ${samples.length} answers were not X-Cache ${target.cache}`,
        );
      }
      const times = samples.map((s) => s.ms).sort((a, b) => a - b);
      const bad = samples.find((s) => s.status !== 200);
      const bytes = samples[samples.length - 1].bytes;
      rows.push({
        path: target.path,
        user: userLabel(target),
        status: bad ? bad.status : wrongCache > 0 ? `X-Cache not ${target.cache}` : 200,
        non200: samples.filter((s) => s.status !== 200).length,
        runs: samples.length,
        p50Ms: round1(percentile(times, 50)),
        p95Ms: round1(percentile(times, 95)),
        maxMs: round1(times[times.length - 1]),
        minMs: round1(times[0]),
        meanMs: round1(times.reduce((sum, t) => sum + t, 0) / times.length),
        bytes,
        kb: round1(bytes / 1024),
      });
    }

    if (rows.length > 0) printTable(rows);

    // ---- Against a bare Worker (issue #17, item 1): bench/lib/peer-bench.mjs ---------------------
    const peer =
      options.peer && !options.lighthouseOnly
        ? await benchPeer({
            server,
            cookie: cookies.client,
            seconds: options.peerSeconds,
            rounds: options.peerRounds,
            resultsDir: RESULTS,
          })
        : null;
    if (peer) console.log(`\n${formatPeerTable(peer.rows)}`);
    // ---- end of the bare-Worker comparison ------------------------------------------------------

    // ---- Lighthouse (issue #17, item 4): mobile, median of three, informational scores ----------
    let lighthouse = null;
    if (options.lighthouse && !options.peerOnly) {
      console.log("\n▶ bench: Lighthouse (system Chromium, mobile emulation, simulated throttling)\n");
      try {
        const pages = await runLighthouse({
          baseURL,
          cookie: cookies.client,
          chromiumPath: findChromium({ headlessShell: false }),
          reportDir: path.join(RESULTS, "lighthouse"),
        });
        console.log(`\n${formatLighthouseTable(pages)}`);
        lighthouse = { reports: "test-results/lighthouse/<page>.json (last run of each page)", pages };
      } catch (error) {
        if (interrupted()) return 130;
        console.error(`bench: Lighthouse could not run: ${error.message}`);
        return 1;
      }
    }
    // ---- end of Lighthouse ----------------------------------------------------------------------

    const failures = rows.filter((r) => r.non200 > 0);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(
      OUTPUT,
      JSON.stringify(
        {
          createdAt: new Date().toISOString(),
          server: "wrangler dev (local D1, fresh migrated + seeded)",
          node: process.version,
          runs: options.runs,
          warmupRounds: WARMUP_ROUNDS,
          worker: workerSize && {
            gzipBytes: workerSize.gzipBytes,
            rawBytes: workerSize.rawBytes,
            largest: workerSize.packages.slice(0, 10),
          },
          results: rows,
          failures: failures.map((r) => ({ path: r.path, user: r.user, status: r.status, count: r.non200 })),
          peer: peer ? peerReport(peer) : null,
          lighthouse,
        },
        null,
        2,
      ) + "\n",
    );
    console.log(`\nWrote ${path.relative(ROOT, OUTPUT)}`);
    for (const f of peer?.failures ?? [])
      console.error(
        `bench: ${f.path} (${f.side}, ${f.connections} connections) answered ${f.status} in ${f.count} of ${f.requests} requests`,
      );
    if (failures.length > 0 || (peer?.failures.length ?? 0) > 0) {
      for (const f of failures)
        console.error(`bench: ${f.path} (${f.user}) answered ${f.status} in ${f.non200} of ${f.runs} runs`);
      return 1;
    }
    return 0;
  } catch (error) {
    if (interrupted()) return 130; // the server is being stopped under us
    console.error(`bench: ${error.message}`);
    return 1;
  } finally {
    if (!interrupted()) await server.stop();
  }
}

process.exitCode = await main();
