// `npm run bench`'s comparison with a bare Worker (issue #17, item 1): the app's /dashboard and
// /features documents and /healthz against bench/peer, a Hono Worker doing the same D1 work
// (kept the same by bench/tests/integration/peer-parity.test.ts), both under `wrangler dev`
// on the same seeded local D1. Runs alternate (app, peer, app, peer, ...) so both sides see the
// same machine; each side's rounds are pooled. The goals are shown as met / not met, for
// information: only a non-200 answer (or a failed start) fails the bench.
import os from "node:os";
import path from "node:path";
import { startWranglerDev } from "../../scripts/lib/e2e-server.mjs";
import { runLoad, summarize } from "./load.mjs";
import { killGroupOnExit, ROOT, stopGroup } from "../../scripts/lib/proc.mjs";

export const PEER_CONFIG = path.join(ROOT, "bench", "peer", "wrangler.toml");
/** The features document in its Insights focus, as bench's per-path timings request it. */
export const PEER_PATHS = ["/dashboard", "/features?focus=Insights", "/healthz"];
export const PEER_CONNECTIONS = [4, 16];
export const PEER_DEFAULTS = { seconds: 5, rounds: 3, warmupSeconds: 1 };
/** Issue #17: documents at ≥ 0.9× the peer's throughput with p99 ≤ 1.2× the peer's; /healthz ≥ 0.9×. */
export const GOALS = { throughputRatio: 0.9, p99Ratio: 1.2 };

const round1 = (value) => Math.round(value * 10) / 10;
const round2 = (value) => Math.round(value * 100) / 100;
const isHealth = (target) => target === "/healthz";

/**
 * One side's rounds (runLoad answers with their samples) as one: every request of every round
 * counts, throughput over the rounds' summed measuring time, percentiles over all latencies.
 */
export function combineRounds(rounds) {
  const latencies = rounds.flatMap((r) => r.latencies);
  const statuses = rounds.flatMap((r) => r.statuses);
  const elapsedMs = rounds.reduce((sum, r) => sum + r.elapsedMs, 0);
  const combined = summarize(latencies, statuses, elapsedMs);
  return {
    requests: combined.requests,
    non200: combined.non200,
    firstBadStatus: combined.firstBadStatus,
    throughput: round1(combined.throughput),
    p50Ms: round1(combined.p50Ms),
    p99Ms: round1(combined.p99Ms),
    rounds: rounds.length,
    roundThroughputs: rounds.map((r) => round1(r.throughput)),
  };
}

/**
 * Each round's throughput ratio (app / peer): a round runs the app, then the peer, so the two share
 * that moment's machine. Their spread shows how far the machine moved the pooled ratio; a change
 * smaller than that spread cannot be read from one run.
 */
export function roundRatios(app, peer) {
  const count = Math.min(app.roundThroughputs.length, peer.roundThroughputs.length);
  const ratios = [];
  for (let i = 0; i < count; i++) {
    if (peer.roundThroughputs[i] > 0) ratios.push(round2(app.roundThroughputs[i] / peer.roundThroughputs[i]));
  }
  return ratios;
}

/** A table row: both sides, their ratios (app / peer) and the goals met or not. */
export function compareSides(target, connections, app, peer) {
  const ratio = peer.throughput > 0 ? round2(app.throughput / peer.throughput) : null;
  const p99Ratio = peer.p99Ms > 0 ? round2(app.p99Ms / peer.p99Ms) : null;
  const rounds = roundRatios(app, peer);
  return {
    path: target,
    connections,
    app,
    peer,
    ratio,
    roundRatios: rounds,
    ratioRange: rounds.length > 0 ? [Math.min(...rounds), Math.max(...rounds)] : null,
    p99Ratio,
    goals: {
      throughput: ratio !== null && ratio >= GOALS.throughputRatio,
      // /healthz has a throughput goal only.
      p99: isHealth(target) ? null : p99Ratio !== null && p99Ratio <= GOALS.p99Ratio,
    },
  };
}

/** The answers that were not 200, per path, side and connections. */
export function peerFailures(rows) {
  return rows.flatMap((row) =>
    ["app", "peer"]
      .filter((side) => row[side].non200 > 0)
      .map((side) => ({
        path: row.path,
        side,
        connections: row.connections,
        status: row[side].firstBadStatus,
        count: row[side].non200,
        requests: row[side].requests,
      })),
  );
}

const met = (value) => (value === null ? "—" : value ? "met" : "not met");
const times = (value) => (value === null ? "—" : `${value.toFixed(2)}×`);

export function formatPeerTable(rows) {
  const header = [
    "path",
    "conn",
    "app req/s",
    "peer req/s",
    "ratio",
    "rounds",
    "app p50/p99 ms",
    "peer p50/p99 ms",
    "p99 ratio",
    `≥ ${GOALS.throughputRatio}×`,
    `p99 ≤ ${GOALS.p99Ratio}×`,
  ];
  const lines = rows.map((r) => [
    r.path,
    String(r.connections),
    r.app.throughput.toFixed(1),
    r.peer.throughput.toFixed(1),
    times(r.ratio),
    r.ratioRange ? `${r.ratioRange[0].toFixed(2)}–${r.ratioRange[1].toFixed(2)}` : "—",
    `${r.app.p50Ms.toFixed(1)} / ${r.app.p99Ms.toFixed(1)}`,
    `${r.peer.p50Ms.toFixed(1)} / ${r.peer.p99Ms.toFixed(1)}`,
    times(r.p99Ratio),
    met(r.goals.throughput),
    met(r.goals.p99),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  return [
    "Against a bare Worker (bench/peer): app / peer, goals of issue #17 (informational, never a failure);",
    "rounds: the lowest and highest ratio of single rounds (app then peer), how much the machine moved it",
    format(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...lines.map(format),
  ].join("\n");
}

/** What bench.json keeps: the settings and the rows (without the raw samples). */
export function peerReport({ settings, rows, failures }) {
  return { ...settings, goals: GOALS, rows, failures };
}

/**
 * The peer under `wrangler dev` on the app server's local D1 (`persistTo`), with its own config and
 * a free port: `{ baseURL, inspectorPort, child, stop }`. Should the process exit without `stop`
 * (an interrupted bench or profile), the peer is killed with it, never left running.
 */
export async function startPeer({ persistTo, logFile, label }) {
  const { child, baseURL, inspectorPort, log } = await startWranglerDev({
    persistTo,
    logFile,
    config: PEER_CONFIG,
    label,
  });
  const cancelKillOnExit = killGroupOnExit(child);
  const stop = async () => {
    await stopGroup(child);
    log.end();
    cancelKillOnExit();
  };
  return { baseURL, inspectorPort, child, stop };
}

/**
 * Starts the peer with `wrangler dev` on the app server's local state (`server.persistTo`, the
 * same flags as the app's but its own config), then for each path and number of connections runs
 * `rounds` alternating rounds of `seconds` (after a short warm-up each) against the app and the
 * peer with the signed-in client's `cookie`. Always stops the peer. Throws when the peer does not
 * start; non-200 answers come back in `failures`.
 */
export async function benchPeer({
  server,
  cookie,
  seconds = PEER_DEFAULTS.seconds,
  rounds = PEER_DEFAULTS.rounds,
  warmupSeconds = PEER_DEFAULTS.warmupSeconds,
  resultsDir = path.join(ROOT, "test-results"),
  log = console.log,
}) {
  const peer = await startPeer({
    persistTo: server.persistTo,
    logFile: path.join(resultsDir, "bench-peer-wrangler.log"),
    label: "bench: peer",
  });
  const peerURL = peer.baseURL;
  // The machine's load (1, 5, 15 min) around the runs: both sides share it, but a busy machine
  // lowers and spreads every figure.
  const load = () => os.loadavg().map(round2);
  const loadBefore = load();
  try {
    const headers = { Cookie: cookie, Accept: "text/html" };
    const settings = {
      server: "wrangler dev --local, the same persisted D1 for both",
      seconds,
      rounds,
      warmupSeconds,
      paths: PEER_PATHS,
      connections: PEER_CONNECTIONS,
    };
    log(
      `\n▶ bench: app against the bare peer, ${rounds} alternating rounds of ${seconds} s per side ` +
        `(after ${warmupSeconds} s of warm-up each) per path and connections`,
    );
    const rows = [];
    for (const target of PEER_PATHS) {
      for (const connections of PEER_CONNECTIONS) {
        const sides = { app: [], peer: [] };
        for (let round = 0; round < rounds; round++) {
          for (const [side, baseURL] of [
            ["app", server.baseURL],
            ["peer", peerURL],
          ]) {
            sides[side].push(
              await runLoad({
                url: `${baseURL}${target}`,
                headers,
                connections,
                durationMs: seconds * 1000,
                warmupMs: warmupSeconds * 1000,
              }),
            );
          }
        }
        const row = compareSides(target, connections, combineRounds(sides.app), combineRounds(sides.peer));
        log(
          `  ${target} × ${connections}: app ${row.app.throughput.toFixed(1)} req/s, peer ` +
            `${row.peer.throughput.toFixed(1)} req/s (${times(row.ratio)})`,
        );
        rows.push(row);
      }
    }
    settings.loadAverage = { cpus: os.cpus().length, before: loadBefore, after: load() };
    log(
      `  load average (1 min) on ${settings.loadAverage.cpus} CPUs: ${loadBefore[0]} before, ` +
        `${settings.loadAverage.after[0]} after`,
    );
    return { settings, rows, failures: peerFailures(rows) };
  } finally {
    await peer.stop();
  }
}
