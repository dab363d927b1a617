import { and, eq, notExists, sql } from "drizzle-orm";
import { parseProfitAndLossReport, ReportFormatError } from "~/lib/finance/intuit-report";
import { NOT_CONNECTED_MESSAGE, reportAsOf, reportRange } from "~/lib/finance/finance";
import { fetchProfitAndLossReport } from "./intuit-client.server";
import { PermanentJobError, RetryableJobError } from "~/server/platform/jobs.server";
import type { AppContext } from "~/server/load-context";
import { deriveValueInsights, valueInsightId } from "~/lib/finance/value-insights";
import { accountingConnections, businesses, financeReports, valueInsights, type Job } from "~db/schema";

/**
 * Builds a business's finance report: the profit and loss of the last 24 months up to and
 * including the job's month, pulled from its accounting connection (QuickBooks Online, or the
 * built-in demo company, which answers in the same Intuit format) and parsed into monthly rows and
 * the expense lines by account (app/lib/finance/expense-lines.ts: payroll for benchmarking); a
 * refresh replaces both.
 *
 * Failures: no working connection, or access revoked (invalid_grant, raised by the client) →
 * PermanentJobError, the job fails at once. Intuit down, slow, rate limiting, or a report we
 * cannot parse → retryable (the client's RetryableError, or a RetryableJobError here), the
 * message is retried with backoff and, after the last retry, dead-lettered.
 *
 * The report is written by ONE batch at the very end, so a failure at any earlier point
 * leaves the previous report exactly as it was: never half-written. The same batch upserts the
 * business's value insights derived from the new rows (app/lib/finance/value-insights.ts,
 * docs/decisions/011): one row per kind and report period, id `vi-<businessId>-<kind>-<periodEnd>`,
 * so a rebuild in the same month rewrites title and summary and keeps the client's
 * rating, feedback and match conversion.
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
  let parsed;
  try {
    parsed = parseProfitAndLossReport(report);
  } catch (error) {
    if (error instanceof ReportFormatError) {
      throw new RetryableJobError(`The QuickBooks report could not be read: ${error.message}`);
    }
    throw error;
  }
  const { rows, expenseLines } = parsed;

  const now = app.now();
  const source = connection.realmId === "demo" ? "demo" : "quickbooks";
  const [business] = await app.db
    .select({ numberOfEmployees: businesses.numberOfEmployees })
    .from(businesses)
    .where(eq(businesses.id, job.businessId))
    .limit(1);
  const insightUpserts = valueInsightUpserts(
    app,
    job.businessId,
    rows,
    business?.numberOfEmployees ?? 0,
    range.end,
    now,
  );
  const [, removed] = await app.db.batch([
    app.db
      .insert(financeReports)
      .values({
        id: crypto.randomUUID(),
        businessId: job.businessId,
        profitAndLoss: rows,
        expenseLines,
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
          expenseLines,
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
    ...insightUpserts,
  ]);
  if (removed.length > 0) throw new PermanentJobError(NOT_CONNECTED_MESSAGE);
}

/**
 * One upsert per derived value insight. The rules depend only on the month of their reference
 * date, which is the report's last month (the job's period), so a rerun of the same period derives
 * the same insights. Written only while the business is still connected (the batch's delete above
 * takes the report out otherwise); finance_report_id is the business's report row.
 */
function valueInsightUpserts(
  app: AppContext,
  businessId: string,
  rows: Parameters<typeof deriveValueInsights>[0],
  numberOfEmployees: number,
  periodEnd: string,
  now: Date,
) {
  // INSERT … SELECT … FROM the business's connection row (unique per business): no connection,
  // no row. Built with the query builder: drizzle's D1 batch cannot bind a raw `db.run(sql)`.
  return deriveValueInsights(rows, numberOfEmployees, reportAsOf(periodEnd)).map((insight) =>
    app.db
      .insert(valueInsights)
      .select(
        app.db
          .select({
            id: sql<string>`${valueInsightId(businessId, insight.kind, periodEnd)}`.as("id"),
            businessId: accountingConnections.businessId,
            financeReportId: sql<string | null>`(SELECT id FROM finance_reports WHERE business_id = ${businessId})`.as(
              "finance_report_id",
            ),
            kind: sql<string>`${insight.kind}`.as("kind"),
            category: sql<string>`${insight.category}`.as("category"),
            title: sql<string>`${insight.title}`.as("title"),
            summary: sql<string>`${insight.summary}`.as("summary"),
            clientSatisfaction: sql<null>`NULL`.as("client_satisfaction"),
            clientFeedback: sql<null>`NULL`.as("client_feedback"),
            feedbackAt: sql<null>`NULL`.as("feedback_at"),
            convertedToMatchRequestId: sql<null>`NULL`.as("converted_to_match_request_id"),
            createdAt: sql<number>`${now.getTime()}`.as("created_at"),
            updatedAt: sql<number>`${now.getTime()}`.as("updated_at"),
          })
          .from(accountingConnections)
          .where(eq(accountingConnections.businessId, businessId)),
      )
      .onConflictDoUpdate({
        target: valueInsights.id,
        set: {
          title: sql`excluded.title`,
          summary: sql`excluded.summary`,
          updatedAt: sql`excluded.updated_at`,
        },
      }),
  );
}
