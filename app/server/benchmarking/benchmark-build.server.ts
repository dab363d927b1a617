import { and, eq, sql } from "drizzle-orm";
import { membersWhoMayColumn } from "~/server/business/members.server";
import type { BatchItem } from "drizzle-orm/batch";
import {
  deleteUntouchedBenchmarkInsight,
  rewordKeptBenchmarkInsight,
  upsertBenchmarkInsight,
} from "~/server/finance/value-insight-rows.server";
import type { Database } from "~db/index";
import { benchmarkReports, businesses, financeReports, jobs, type Job } from "~db/schema";
import {
  BENCHMARKING_NO_ACCESS_ERROR,
  BENCHMARKING_NOTICE_FOOTER,
  benchmarkingReadyNotice,
  benchmarkingUpdatedNotice,
} from "~/lib/benchmarking/benchmarking-copy";
import { benchmarkGapTextsOf } from "~/lib/benchmarking/gap-insights";
import type { BenchmarkReportData } from "~/lib/benchmarking/report-types";
import { payrollByMonth, type ExpenseLine } from "~/lib/finance/expense-lines";
import { naicsTitle } from "~/server/business/naics.server";
import type { AppContext } from "~/server/load-context";
import { runReads } from "~db/prepared";
import { notify, noticesTo, type Notice } from "~/server/notifications/notify.server";
import { PermanentJobError, RetryableJobError } from "~/server/platform/jobs.server";
import { benchmarksFromAssets, loadReferenceData } from "./reference-data.server";
import { benchmarkingAccess, benchmarkingYear, rerunBenchmarking, yearRowQuery } from "./benchmarking-access.server";
import {
  benchmarkGapInsightId,
  benchmarkGapInsights,
  computeBenchmarkReport,
  type BooksInput,
} from "./report-compute.server";
import { accessTier } from "~/lib/payments/trial";

/** Where the notification and the email send the business's members. */
export const BENCHMARKING_PATH = "/benchmarking";
/** The job's lastError while it goes round again because the books changed during the build. */
export const BOOKS_CHANGED_DURING_BUILD = "The books changed while the report was built; building again with them.";
/** The notification kind of a built (or rebuilt) report. */
export const BENCHMARKING_READY_KIND = "benchmarking_ready";

/**
 * The `benchmarking` queue job: builds a business's report for the job's year (period 'YYYY').
 *
 * 1. One D1 batch reads the business, its finance report (monthly rows and expense lines), its
 *    row of the year in benchmarking_purchases and whether a report of the year exists.
 * 2. No business, an unreadable period, or no access to the year (BASIC without the year bought)
 *    → PermanentJobError: the job fails at once, nothing is written.
 * 3. The report is computed by the engine (report-compute.server.ts) from the business's NAICS
 *    code, headcount and bands, and the books when there are some (payroll from the Census
 *    payroll lines, app/lib/finance/expense-lines.ts; none kept yet → null, said on screen).
 * 4. ONE batch writes the report (upsert on business + year: a rerun or a replay overwrites, never
 *    duplicates) and the year's benchmark_gap value insight (upsert on its id
 *    `vi-<business>-benchmark_gap-<year>`, keeping the client's rating and feedback; when the new
 *    report has no gap to tell, an unrated one is taken out and a rated one keeps the texts it was
 *    rated on, as the previous report reads today: benchmarkInsightWrites). A failure before that
 *    batch leaves the previous report as it was. The same batch reads the finance report again:
 *    books stored while the build ran (their refresh left this running job alone) send it round
 *    again at once.
 * 5. The members who may request insights are told (docs/decisions/068): an in-app notification and an email with a link to /benchmarking
 *    ("ready" the first time, "updated" on a rebuild). The link is on APP_URL, else on the app's
 *    last known origin (recorded by the request that started the job; docs/decisions/047). A
 *    notice that cannot be written is logged; the built report stands.
 *
 * Anything else that throws (D1 unavailable) is retried by the consumer with backoff and, after
 * the last retry, dead-lettered and the job recorded as failed (functions/queues.ts).
 */
export async function buildBenchmarkReport(app: AppContext, job: Job): Promise<void> {
  if (!/^\d{4}$/.test(job.period)) throw new PermanentJobError(`Not a benchmarking year: "${job.period}".`);
  const year = Number(job.period);
  // The reference data (read from the deploy's assets once per isolate) loads alongside the batch.
  const referenceData = loadReferenceData(benchmarksFromAssets(app.bindings.ASSETS));
  referenceData.catch(() => undefined); // awaited below; a rejection before then is not unhandled
  const [businessRows, financeRows, yearRows, previous] = await runReads(app.db, [
    app.db
      .select({
        id: businesses.id,
        readerIds: membersWhoMayColumn(businesses.id, "requestInsights", "reader_ids"),
        naics: businesses.naics,
        numberOfEmployees: businesses.numberOfEmployees,
        employeeBand: businesses.employeeBand,
        revenueBand: businesses.revenueBand,
        memberTier: businesses.memberTier,
        trialTier: businesses.trialTier,
        trialEndsAt: businesses.trialEndsAt,
      })
      .from(businesses)
      .where(eq(businesses.id, job.businessId))
      .limit(1),
    app.db
      .select({
        id: financeReports.id,
        rows: financeReports.profitAndLoss,
        expenseLines: financeReports.expenseLines,
        periodEnd: financeReports.periodEnd,
        lastUpdate: financeReports.lastUpdate,
      })
      .from(financeReports)
      .where(eq(financeReports.businessId, job.businessId))
      .limit(1),
    yearRowQuery(app, job.businessId, year),
    app.db
      .select({ data: benchmarkReports.data })
      .from(benchmarkReports)
      .where(and(eq(benchmarkReports.businessId, job.businessId), eq(benchmarkReports.period, job.period)))
      .limit(1),
  ]);
  const business = businessRows[0];
  if (!business) throw new PermanentJobError(`Business ${job.businessId} not found.`);
  if (benchmarkingAccess(accessTier(business, app.now()), yearRows[0]) === "none") {
    throw new PermanentJobError(BENCHMARKING_NO_ACCESS_ERROR);
  }

  const now = app.now();
  const finance = financeRows[0] ?? null;
  const ref = await referenceData;
  let report: BenchmarkReportData;
  try {
    report = computeBenchmarkReport(ref, {
      year,
      now,
      business: {
        naics: business.naics,
        naicsTitle: naicsTitle(business.naics),
        numberOfEmployees: business.numberOfEmployees,
        employeeBand: business.employeeBand,
        revenueBand: business.revenueBand,
      },
      books: finance ? booksInput(finance) : null,
    });
  } catch (error) {
    // The engine throws only on a code it cannot read: retrying cannot fix the business's data.
    throw new PermanentJobError(`The benchmarking report could not be computed: ${errorText(error)}`);
  }

  const insightId = benchmarkGapInsightId(job.businessId, year);
  const [insight] = benchmarkGapInsights(report);
  const writeReport = app.db
    .insert(benchmarkReports)
    .values({
      id: crypto.randomUUID(),
      businessId: job.businessId,
      naics: business.naics,
      period: job.period,
      data: report,
      jobId: job.id,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [benchmarkReports.businessId, benchmarkReports.period],
      set: { naics: business.naics, data: report, jobId: job.id },
    });
  const [booksNow] = await app.db.batch([
    app.db
      .select({ lastUpdate: financeReports.lastUpdate })
      .from(financeReports)
      .where(eq(financeReports.businessId, job.businessId))
      .limit(1),
    writeReport,
    ...benchmarkInsightWrites(
      app.db,
      { id: insightId, businessId: job.businessId, financeReportId: finance?.id ?? null },
      insight ?? null,
      (previous[0]?.data as BenchmarkReportData | undefined) ?? null,
      now,
    ),
  ]);
  // New books stored while this build ran: the finance job's refresh saw this job running and left
  // it alone, so this build goes round again at once with them (the owner is told after that one).
  if ((booksNow[0]?.lastUpdate.getTime() ?? null) !== (finance?.lastUpdate.getTime() ?? null)) {
    throw new RetryableJobError(BOOKS_CHANGED_DURING_BUILD, 0);
  }

  const texts = (previous.length > 0 ? benchmarkingUpdatedNotice : benchmarkingReadyNotice)(
    year,
    report.peerGroup.name,
  );
  await tellMembers(app, business.readerIds, {
    businessId: job.businessId,
    kind: BENCHMARKING_READY_KIND,
    title: texts.title,
    body: texts.body,
    link: BENCHMARKING_PATH,
    action: texts.action,
    footer: BENCHMARKING_NOTICE_FOOTER,
  });
}

/**
 * The writes of the year's gap insight `row.id` in the build's batch: the new report's `insight`
 * upserted (its rating and feedback kept); when the new report tells no gap, an unrated insight
 * taken out and a rated one (or one a match request was made from) kept with the texts it was
 * rated on, written again as the `previous` report tells them today (ADR 052's one money format,
 * whatever format they were stored in). Its page then adds that the report no longer shows the
 * gap (benchmarkGapInsightAsRead). A previous report that told no gap either leaves them alone.
 */
export function benchmarkInsightWrites(
  db: Database,
  row: { id: string; businessId: string; financeReportId: string | null },
  insight: ReturnType<typeof benchmarkGapInsights>[number] | null,
  previous: BenchmarkReportData | null,
  now: Date,
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  if (insight) return [upsertBenchmarkInsight(db, row, insight, now)];
  const ratedOn = previous && benchmarkGapTextsOf(previous);
  const remove = deleteUntouchedBenchmarkInsight(db, row.id);
  return ratedOn ? [remove, rewordKeptBenchmarkInsight(db, row.id, ratedOn, now)] : [remove];
}

/** The engine's books from a stored finance report; payroll null when it has no expense lines. */
export function booksInput(finance: {
  rows: BooksInput["rows"];
  expenseLines: readonly ExpenseLine[] | null;
  periodEnd: string;
  lastUpdate: Date;
}): BooksInput {
  return {
    rows: finance.rows,
    payrollByMonth: payrollByMonth(finance.expenseLines),
    periodEnd: finance.periodEnd,
    lastUpdate: finance.lastUpdate.toISOString(),
  };
}

/**
 * The notice to the members who work with the business's reports (who may request insights,
 * docs/decisions/068); a notice that cannot be written is logged, the built report stands.
 */
async function tellMembers(app: AppContext, userIds: readonly string[], notice: Omit<Notice, "userId">): Promise<void> {
  try {
    // No request here: notify takes APP_URL, else the app's last known origin, for the link.
    await notify(app, null, noticesTo(userIds, notice));
  } catch (error) {
    console.error(`The ${notice.kind} notice of business ${notice.businessId} could not be written:`, errorText(error));
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * After a business's finance report was rebuilt (call it once the new report is stored): when the
 * business has benchmarking for the current year (started: a job or a report of the year exists,
 * the year is recorded, and it still has access) and the year's report was built from other books
 * than the finance report's current ones (booksVersion ≠ lastUpdate, or built from the stated
 * bands while books now exist), the year's report is rebuilt on the queue. A build already queued
 * or running is left alone (it reads the books when it runs). Two D1 round trips at most, plus the
 * queue send. Never throws: the finance report is already written and must not be rebuilt because
 * of this; a failure is logged and the next finance build tries again. Answers whether a build was
 * queued.
 */
export async function refreshBenchmarkingAfterBooks(app: AppContext, businessId: string): Promise<boolean> {
  try {
    return await refreshIfBooksChanged(app, businessId);
  } catch (error) {
    console.error(`Benchmarking of ${businessId} could not be refreshed after its books:`, errorText(error));
    return false;
  }
}

async function refreshIfBooksChanged(app: AppContext, businessId: string): Promise<boolean> {
  const year = benchmarkingYear(app.now());
  const period = String(year);
  const [businessRows, yearRows, reportRows, financeRows, jobRows] = await runReads(app.db, [
    app.db
      .select({
        memberTier: businesses.memberTier,
        trialTier: businesses.trialTier,
        trialEndsAt: businesses.trialEndsAt,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
    yearRowQuery(app, businessId, year),
    app.db
      .select({ booksVersion: sql<string | null>`json_extract(${benchmarkReports.data}, '$.booksVersion')` })
      .from(benchmarkReports)
      .where(and(eq(benchmarkReports.businessId, businessId), eq(benchmarkReports.period, period)))
      .limit(1),
    app.db
      .select({ lastUpdate: financeReports.lastUpdate })
      .from(financeReports)
      .where(eq(financeReports.businessId, businessId))
      .limit(1),
    app.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, "benchmarking"), eq(jobs.businessId, businessId), eq(jobs.period, period)))
      .limit(1),
  ]);
  const business = businessRows[0];
  const finance = financeRows[0];
  const job = jobRows[0];
  const built = reportRows[0];
  if (!business || !finance || !yearRows[0] || (!job && !built)) return false;
  if (job && (job.status === "queued" || job.status === "running")) return false;
  if (benchmarkingAccess(accessTier(business, app.now()), yearRows[0]) === "none") return false;
  if (built && built.booksVersion === finance.lastUpdate.toISOString()) return false;
  return rerunBenchmarking(app, businessId, year);
}
