import { PermanentJobError } from "../../app/server/jobs.server";
import type { AppContext } from "../../app/server/load-context";
import type { Job } from "../../db/schema";

/**
 * Builds a business's finance report from its accounting connection. Connecting accounting data
 * (QuickBooks OAuth and the demo company) arrives with the Company data feature; until then no
 * business can have a connection, and a job that reaches here ends as failed with this reason.
 */
export async function buildFinanceReport(_app: AppContext, job: Job): Promise<void> {
  throw new PermanentJobError(
    `Finance report for ${job.period} not built: connecting accounting data is not available yet.`,
  );
}
