import { and, eq, notExists } from "drizzle-orm";
import { parseProfitAndLoss, ReportFormatError } from "../../app/lib/intuit-report";
import { NOT_CONNECTED_MESSAGE, reportRange } from "../../app/lib/finance";
import { fetchProfitAndLossReport } from "../../app/server/intuit-client.server";
import { PermanentJobError, RetryableJobError } from "../../app/server/jobs.server";
import type { AppContext } from "../../app/server/load-context";
import { accountingConnections, financeReports, type Job } from "../../db/schema";

/**
 * Builds a business's finance report: the profit and loss of the last 24 months up to and
 * including the job's month, pulled from its accounting connection (QuickBooks Online, or the
 * built-in demo company, which answers in the same Intuit format) and parsed into monthly rows.
 *
 * Failures: no working connection, or access revoked (invalid_grant, raised by the client) →
 * PermanentJobError, the job fails at once. Intuit down, slow, rate limiting, or a report we
 * cannot parse → retryable (the client's RetryableError, or a RetryableJobError here), the
 * message is retried with backoff and, after the last retry, dead-lettered.
 *
 * The report is written by ONE statement at the very end, so a failure at any earlier point
 * leaves the previous report exactly as it was: never half-written.
 */
export async function buildFinanceReport(app: AppContext, job: Job): Promise<void> {
  const [connection] = await app.db
    .select()
    .from(accountingConnections)
    .where(eq(accountingConnections.businessId, job.businessId))
    .limit(1);
  if (!connection || connection.status !== "connected") throw new PermanentJobError(NOT_CONNECTED_MESSAGE);

  const range = reportRange(job.period);
  const report = await fetchProfitAndLossReport(app, connection, range);
  let rows;
  try {
    rows = parseProfitAndLoss(report);
  } catch (error) {
    if (error instanceof ReportFormatError) {
      throw new RetryableJobError(`The QuickBooks report could not be read: ${error.message}`);
    }
    throw error;
  }

  const now = app.now();
  const source = connection.realmId === "demo" ? "demo" : "quickbooks";
  const [, removed] = await app.db.batch([
    app.db
      .insert(financeReports)
      .values({
        id: crypto.randomUUID(),
        businessId: job.businessId,
        profitAndLoss: rows,
        source,
        periodStart: range.start,
        periodEnd: range.end,
        lastUpdate: now,
        jobId: job.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: financeReports.businessId,
        set: {
          profitAndLoss: rows,
          source,
          periodStart: range.start,
          periodEnd: range.end,
          lastUpdate: now,
          jobId: job.id,
          updatedAt: now,
        },
      }),
    // Disconnected while we were fetching (disconnect deletes connection and report together):
    // take the report back out in the same atomic batch rather than resurrect it.
    app.db
      .delete(financeReports)
      .where(
        and(
          eq(financeReports.businessId, job.businessId),
          notExists(
            app.db
              .select({ id: accountingConnections.id })
              .from(accountingConnections)
              .where(eq(accountingConnections.businessId, job.businessId)),
          ),
        ),
      )
      .returning({ id: financeReports.id }),
  ]);
  if (removed.length > 0) throw new PermanentJobError(NOT_CONNECTED_MESSAGE);
}
