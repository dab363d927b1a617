import { and, eq, sql } from "drizzle-orm";
import { accountingConnections, benchmarkReports, financeReports, jobs } from "~db/schema";
import { reportAsRead } from "~/lib/benchmarking/report";
import type { BenchmarkingPageView, BenchmarkReportData } from "~/lib/benchmarking/report-types";
import { formatMoney } from "~/lib/shared/numbers";
import { BENCHMARKING_PRICE_CENTS, PLANS } from "~/lib/payments/plans";
import type { ClientViewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { isStalled } from "~/server/platform/jobs.server";
import { preparedRead, runReads } from "~db/prepared";
import { benchmarkingAccess, benchmarkingPeriod, benchmarkingYear, yearRowQuery } from "./benchmarking-access.server";
import { accessTier, trialState } from "~/lib/payments/trial";
import { formatDate } from "~/lib/shared/dates";
import { bandDisagreement } from "~/lib/business/revenue-band";
import { BOOKS_YEAR_MONTHS, monthsEndingAt } from "~/lib/finance/finance";

const connectionRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({ status: accountingConnections.status })
    .from(accountingConnections)
    .where(eq(accountingConnections.businessId, p.businessId))
    .limit(1)
    .prepare(),
);
const benchmarkingJobRows = preparedRead(["businessId", "period"], (db, p) =>
  db
    .select({ status: jobs.status, startedAt: jobs.startedAt, dueAt: jobs.dueAt, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(and(eq(jobs.kind, "benchmarking"), eq(jobs.businessId, p.businessId), eq(jobs.period, p.period)))
    .limit(1)
    .prepare(),
);
const benchmarkReportRows = preparedRead(["businessId", "period"], (db, p) =>
  db
    .select({ data: benchmarkReports.data })
    .from(benchmarkReports)
    .where(and(eq(benchmarkReports.businessId, p.businessId), eq(benchmarkReports.period, p.period)))
    .limit(1)
    .prepare(),
);
/**
 * The finance report behind a books report stored before it kept its payroll total (ADR 060), for
 * reportAsRead to read the total again; no row for any other report (nothing more is sent).
 */
const booksOfReportWithoutPayrollRows = preparedRead(["businessId", "period"], (db, p) =>
  db
    .select({ expenseLines: financeReports.expenseLines, lastUpdate: financeReports.lastUpdate })
    .from(financeReports)
    .innerJoin(
      benchmarkReports,
      and(eq(benchmarkReports.businessId, financeReports.businessId), eq(benchmarkReports.period, p.period)),
    )
    .where(
      and(
        eq(financeReports.businessId, p.businessId),
        sql`json_extract(${benchmarkReports.data}, '$.basis') = 'books'`,
        sql`json_type(${benchmarkReports.data}, '$.payroll') IS NULL`,
      ),
    )
    .limit(1)
    .prepare(),
);

/**
 * What /benchmarking shows for the viewer's own business and the current year: access (bought,
 * included in the plan, or to buy), whether company data is connected, the job's state and the
 * built report, as it reads (reportAsRead: every text with an amount written from the report's
 * numbers, ADR 060). ONE D1 round trip (a db.batch of five reads, all scoped by the session's
 * business id; the fifth answers a row only for a books report stored before it kept its payroll
 * total).
 *
 * Status: a built report is "ready" (a rebuild in progress or failed keeps showing it); without
 * one, a queued or running job is "building", a failed one "failed"; nothing started: "none".
 * A building job that stalled (jobs.server.ts isStalled) is `stalled`: the screen offers Try again.
 */
export async function loadBenchmarkingView(app: AppContext, viewer: ClientViewer): Promise<BenchmarkingPageView> {
  const business = viewer.business;
  const year = benchmarkingYear(app.now());
  const period = benchmarkingPeriod(year);
  const values = { businessId: business.id, period };
  const [yearRows, connections, jobRows, reportRows, booksRows] = await runReads(app.db, [
    yearRowQuery(app, business.id, year),
    connectionRows(app.db, values),
    benchmarkingJobRows(app.db, values),
    benchmarkReportRows(app.db, values),
    booksOfReportWithoutPayrollRows(app.db, values),
  ]);
  const stored = (reportRows[0]?.data as BenchmarkReportData | undefined) ?? null;
  const report = stored ? reportAsRead(stored, booksRows[0] ?? null) : null;
  const job = jobRows[0];
  const status = report
    ? "ready"
    : !job || job.status === "succeeded"
      ? "none"
      : job.status === "failed"
        ? "failed"
        : "building";
  // The plan, or the free trial while it runs (ADR 050), decides what is included.
  const tier = accessTier(business, app.now());
  const trial = trialState(business, app.now());
  // The books behind the report against the revenue band chosen (ADR 050): its twelve months' revenue.
  const revenue = report?.measures.find((measure) => measure.key === "revenue")?.business ?? null;
  const bands =
    report?.basis === "books" && report.booksThrough && revenue !== null
      ? bandDisagreement(business.revenueBand, {
          months: monthsEndingAt(report.booksThrough, BOOKS_YEAR_MONTHS),
          income: revenue,
        })
      : null;
  return {
    businessId: business.id,
    year,
    access: benchmarkingAccess(tier, yearRows[0]),
    planName: PLANS[tier].displayName,
    trialEndsAt: business.memberTier === "BASIC" && trial.state === "active" ? formatDate(trial.endsAt) : null,
    priceLabel: formatMoney(BENCHMARKING_PRICE_CENTS),
    connected: connections[0]?.status === "connected",
    status,
    stalled: status === "building" && job !== undefined && isStalled(job, app.now()),
    report,
    bands,
  };
}
