import { and, asc, eq, gt } from "drizzle-orm";
import { createJobs, deleteJobs, periodOf } from "~/server/platform/jobs.server";
import type { AppContext } from "~/server/load-context";
import { SEND_BATCH_LIMIT } from "~/server/platform/queues.server";
import { accountingConnections } from "~db/schema";

/** Connected businesses per page: one SELECT, one batch of job INSERTs, one sendBatch. */
export const FANOUT_PAGE_SIZE = SEND_BATCH_LIMIT;
/**
 * Pages per invocation (cron or queue consumer). D1 counts each statement of a batch toward its
 * 1,000 queries per Worker invocation: 9 pages are 9 × (1 + 100) = 909 statements and 18 D1 calls
 * plus 9 sendBatch calls and one continuation, far below the subrequest limit (docs/decisions/040).
 */
export const FANOUT_PAGES_PER_INVOCATION = 9;

export type FinanceRefreshProgress = { period: string; enqueued: number; continuedAfter: string | null };

/**
 * On the first of each month: one finance-report job per business with a working accounting
 * connection, for the month that starts. Jobs are unique per business and period, so a second
 * fire in the same month records and sends nothing new. The businesses are walked by id (keyset
 * pages of FANOUT_PAGE_SIZE); after FANOUT_PAGES_PER_INVOCATION pages the rest is handed to the
 * queue in a continuation message (`from`: its period and the last business id done), which the
 * finance-report consumer runs through this same function.
 */
export async function enqueueMonthlyFinanceRefresh(
  app: AppContext,
  from?: { period: string; after: string },
): Promise<FinanceRefreshProgress> {
  const period = from?.period ?? periodOf(app.now());
  let after = from?.after ?? null;
  let enqueued = 0;
  for (let page = 0; page < FANOUT_PAGES_PER_INVOCATION; page++) {
    const connected = await app.db
      .select({ businessId: accountingConnections.businessId })
      .from(accountingConnections)
      .where(
        and(
          eq(accountingConnections.status, "connected"),
          after === null ? undefined : gt(accountingConnections.businessId, after),
        ),
      )
      .orderBy(asc(accountingConnections.businessId))
      .limit(FANOUT_PAGE_SIZE);
    if (connected.length === 0) return { period, enqueued, continuedAfter: null };
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
      if (jobIds.length > 0) await deleteJobs(app.db, jobIds);
      throw error;
    }
    enqueued += jobIds.length;
    after = connected[connected.length - 1].businessId;
    if (connected.length < FANOUT_PAGE_SIZE) return { period, enqueued, continuedAfter: null };
  }
  await app.queues.continueFinanceRefresh(period, after!);
  return { period, enqueued, continuedAfter: after };
}
