import { describe, expect, it } from "vitest";
import {
  combineRounds,
  compareSides,
  formatPeerTable,
  GOALS,
  roundRatios,
  peerFailures,
  PEER_PATHS,
} from "../../lib/peer-bench.mjs";

/** A runLoad answer: `latencies` in ms over `elapsedMs`, every answer 200 unless `statuses` says otherwise. */
const round = (latencies: number[], elapsedMs: number, statuses = latencies.map(() => 200)) => ({
  latencies,
  statuses,
  elapsedMs,
  throughput: (latencies.length * 1000) / elapsedMs,
});

const side = (
  throughput: number,
  p50Ms: number,
  p99Ms: number,
  non200 = 0,
  firstBadStatus: number | null = null,
  roundThroughputs = [throughput],
) => ({
  requests: 100,
  non200,
  firstBadStatus,
  throughput,
  p50Ms,
  p99Ms,
  rounds: roundThroughputs.length,
  roundThroughputs,
});

describe("the comparison with the bare peer", () => {
  it("requests the dashboard, the features document as bench's timings do, and /healthz", () => {
    expect(PEER_PATHS).toEqual(["/dashboard", "/features?focus=Insights", "/healthz"]);
    expect(GOALS).toEqual({ throughputRatio: 0.9, p99Ratio: 1.2 });
  });

  it("pools a side's rounds: every request, throughput over the summed time, percentiles over all latencies", () => {
    const combined = combineRounds([
      round([10, 20, 30, 40], 1000),
      round([1, 2, 3, 4, 5, 6, 7, 8, 9, 100], 2000, [200, 200, 200, 200, 200, 302, 200, 200, 200, 500]),
    ]);
    expect(combined).toEqual({
      requests: 14,
      non200: 2,
      firstBadStatus: 302,
      throughput: 4.7, // 14 answers in 3 s
      p50Ms: 7, // nearest rank: the 7th of the 14 sorted (1 to 9, 10, 20, 30, 40, 100)
      p99Ms: 100,
      rounds: 2,
      roundThroughputs: [4, 5],
    });
  });

  it("divides app by peer and marks the goals met or not; /healthz has no p99 goal", () => {
    const slow = compareSides("/dashboard", 4, side(80, 40, 120), side(257, 14, 40));
    expect(slow.ratio).toBe(0.31);
    expect(slow.p99Ratio).toBe(3);
    expect(slow.goals).toEqual({ throughput: false, p99: false });

    const close = compareSides("/features?focus=Insights", 16, side(90, 10, 24), side(100, 9, 20));
    expect(close.ratio).toBe(0.9);
    expect(close.p99Ratio).toBe(1.2);
    expect(close.goals).toEqual({ throughput: true, p99: true });

    const health = compareSides("/healthz", 16, side(600, 2, 9), side(1000, 1, 3));
    expect(health.ratio).toBe(0.6);
    expect(health.goals).toEqual({ throughput: false, p99: null });

    expect(compareSides("/healthz", 4, side(0, 0, 0), side(0, 0, 0)).goals).toEqual({ throughput: false, p99: null });
  });

  it("gives each round's ratio (the app's round against the peer's that followed it) and their range", () => {
    const row = compareSides(
      "/dashboard",
      4,
      side(45, 80, 160, 0, null, [44, 47, 45]),
      side(50, 70, 140, 0, null, [50, 49, 55]),
    );
    expect(roundRatios(row.app, row.peer)).toEqual([0.88, 0.96, 0.82]);
    expect(row.roundRatios).toEqual([0.88, 0.96, 0.82]);
    expect(row.ratioRange).toEqual([0.82, 0.96]);
    // A round the peer did not answer in has no ratio; no rounds at all, no range.
    expect(roundRatios(side(1, 1, 1, 0, null, [3, 4]), side(1, 1, 1, 0, null, [0, 5]))).toEqual([0.8]);
    expect(compareSides("/healthz", 4, side(0, 0, 0, 0, null, []), side(0, 0, 0, 0, null, [])).ratioRange).toBeNull();
  });

  it("lists every side that answered something other than 200", () => {
    const rows = [
      compareSides("/dashboard", 4, side(80, 40, 120), side(257, 14, 40)),
      compareSides("/dashboard", 16, side(80, 40, 120, 3, 500), side(257, 14, 40, 100, 302)),
    ];
    expect(peerFailures(rows)).toEqual([
      { path: "/dashboard", side: "app", connections: 16, status: 500, count: 3, requests: 100 },
      { path: "/dashboard", side: "peer", connections: 16, status: 302, count: 100, requests: 100 },
    ]);
  });

  it("prints one line per path and connections with both sides, the ratios and the goals", () => {
    const table = formatPeerTable([
      compareSides("/dashboard", 4, side(80, 40, 120, 0, null, [78, 82]), side(257, 14, 40, 0, null, [250, 264])),
      compareSides("/healthz", 16, side(950, 2, 9), side(1000, 1, 3)),
    ]);
    const lines = table.split("\n").slice(1);
    expect(lines[1]).toMatch(
      /^path\s+conn\s+app req\/s\s+peer req\/s\s+ratio\s+rounds\s+app p50\/p99 ms\s+peer p50\/p99 ms\s+p99 ratio\s+≥ 0.9×\s+p99 ≤ 1.2×$/,
    );
    expect(lines[3].split(/\s{2,}/)).toEqual([
      "/dashboard",
      "4",
      "80.0",
      "257.0",
      "0.31×",
      "0.31–0.31",
      "40.0 / 120.0",
      "14.0 / 40.0",
      "3.00×",
      "not met",
      "not met",
    ]);
    expect(lines[4].split(/\s{2,}/)).toEqual([
      "/healthz",
      "16",
      "950.0",
      "1000.0",
      "0.95×",
      "0.95–0.95",
      "2.0 / 9.0",
      "1.0 / 3.0",
      "3.00×",
      "met",
      "—",
    ]);
  });
});
