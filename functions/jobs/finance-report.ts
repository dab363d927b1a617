import { refreshBenchmarkingAfterBooks } from "../../app/server/benchmarking/benchmark-build.server";
import { buildFinanceReport } from "../../app/server/finance/report-build.server";
import type { AppContext } from "../../app/server/load-context";
import type { Job } from "../../db/schema";

/**
 * The `finance-report` queue's builder: the business's finance report, then, with the new books
 * stored, the current year's benchmarking rebuilt when it was built from other books
 * (refreshBenchmarkingAfterBooks never throws: the finance report stands either way).
 */
export async function buildFinanceReportJob(app: AppContext, job: Job): Promise<void> {
  await buildFinanceReport(app, job);
  await refreshBenchmarkingAfterBooks(app, job.businessId);
}
