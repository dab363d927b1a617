import { eq, inArray } from "drizzle-orm";
import { createJobs, periodOf } from "~/server/platform/jobs.server";
import type { AppContext } from "~/server/load-context";
import { accountingConnections, jobs } from "~db/schema";

/**
 * On the first of each month: one finance-report job per business with a working accounting
 * connection, for the month that starts. Jobs are unique per business and period, so a second
 * fire in the same month records and sends nothing new.
 */
export async function enqueueMonthlyFinanceRefresh(app: AppContext): Promise<{ period: string; enqueued: number }> {
  const period = periodOf(app.now());
  const connected = await app.db
    .select({ businessId: accountingConnections.businessId })
    .from(accountingConnections)
    .where(eq(accountingConnections.status, "connected"));
  const jobIds = await createJobs(
    app,
    "finance_report",
    connected.map((row) => row.businessId),
    period,
  );
  try {
    await app.queues.sendFinanceReport(jobIds);
  } catch (error) {
    // Without their messages the jobs would never run: remove them so the next fire retries.
    if (jobIds.length > 0) await app.db.delete(jobs).where(inArray(jobs.id, jobIds));
    throw error;
  }
  return { period, enqueued: jobIds.length };
}
