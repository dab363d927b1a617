// A closed-loop load generator for `npm run bench` (issue #17): `connections` loops, each on its
// own kept-alive socket, send the next GET as soon as the previous answer has been read, for
// `durationMs`. Returns throughput (answers per second), latency percentiles and the answers that
// were not 200. Plain node:http, so its own cost per request is small and the same for every target.
import http from "node:http";
import { performance } from "node:perf_hooks";

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Summary of one load run's samples (milliseconds) over `elapsedMs`. */
export function summarize(latencies, statuses, elapsedMs) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const non200 = statuses.filter((status) => status !== 200).length;
  return {
    requests: sorted.length,
    non200,
    firstBadStatus: statuses.find((status) => status !== 200) ?? null,
    throughput: elapsedMs > 0 ? (sorted.length * 1000) / elapsedMs : 0,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

function get(agent, url, headers) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers }, (response) => {
      response.on("data", () => undefined);
      response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      response.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    });
    request.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

/**
 * GET `url` with `headers` from `connections` concurrent loops for `durationMs` (after
 * `warmupMs` whose answers are not counted). Redirects are not followed: a redirect is not a 200.
 * Returns the summary with the run's `elapsedMs` and its samples (`latencies`, `statuses`).
 */
export async function runLoad({ url, headers = {}, connections, durationMs, warmupMs = 0 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    const latencies = [];
    const statuses = [];
    const warmupEnds = performance.now() + warmupMs;
    const ends = warmupEnds + durationMs;
    const loop = async () => {
      while (performance.now() < ends) {
        const startedAt = performance.now();
        const { status, ms } = await get(agent, url, headers);
        if (startedAt >= warmupEnds) {
          latencies.push(ms);
          statuses.push(status);
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, loop));
    const elapsed = performance.now() - warmupEnds;
    // The samples too, so rounds can be pooled (bench/lib/peer-bench.mjs combineRounds).
    return { ...summarize(latencies, statuses, elapsed), elapsedMs: elapsed, latencies, statuses };
  } finally {
    agent.destroy();
  }
}
