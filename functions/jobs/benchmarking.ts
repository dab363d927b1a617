import { PermanentJobError } from "../../app/server/platform/jobs.server";
import type { AppContext } from "../../app/server/load-context";
import type { Job } from "../../db/schema";

/**
 * Builds a business's industry benchmarking report. The benchmarking data set and purchase flow
 * arrive with the Benchmarking feature; until then a job that reaches here ends as failed.
 */
export async function buildBenchmarking(_app: AppContext, job: Job): Promise<void> {
  throw new PermanentJobError(`Benchmarking for ${job.period} not built: benchmarking is not available yet.`);
}
