import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formatWorkerSize, measureWorker, WORKER_GZIP_BUDGET_BYTES } from "../../scripts/lib/worker-size.mjs";

type Measured = { rawBytes: number; gzipBytes: number; modules: number; packages: { name: string; bytes: number }[] };

const ROOT = path.resolve(__dirname, "../..");
let worker: Measured;

// `wrangler deploy --dry-run` bundles the Worker as a deploy would (about ten seconds).
beforeAll(async () => {
  worker = (await measureWorker(ROOT)) as Measured;
  console.log(formatWorkerSize(worker));
}, 120_000);

// Issue #17 item 7; figures and reasons in docs/decisions/042-request-cost.md.
describe("the Worker a deploy uploads", () => {
  it(`is under ${WORKER_GZIP_BUDGET_BYTES / 1_000_000} MB gzipped`, () => {
    expect(worker.gzipBytes).toBeLessThan(WORKER_GZIP_BUDGET_BYTES);
  });

  it("holds the app's code once: the Worker entry reaches the app only through the Remix server build", () => {
    const names = worker.packages.map((entry) => entry.name);
    expect(names).toContain("build/server (the app's Remix server build)");
    expect(names.filter((name) => ["app/", "db/"].includes(name))).toEqual([]);
  });

  it("carries no reference data file: the NAICS index and the benchmarks are static assets", () => {
    const names = worker.packages.map((entry) => entry.name);
    expect(names.filter((name) => name.startsWith("public/"))).toEqual([]);
    // The server build is the app's code and the small NAICS code list, not the 1.9 MB index.
    const serverBuild = worker.packages.find((entry) => entry.name.startsWith("build/server"));
    expect(serverBuild!.bytes).toBeLessThan(3_000_000);
  });
});
