import { buildBenchmarkReport } from "../../app/server/benchmarking/benchmark-build.server";
import type { AppContext } from "../../app/server/load-context";
import type { Job } from "../../db/schema";

/** The `benchmarking` queue's builder: the year's industry benchmarking report of a business. */
export function buildBenchmarking(app: AppContext, job: Job): Promise<void> {
  return buildBenchmarkReport(app, job);
}
