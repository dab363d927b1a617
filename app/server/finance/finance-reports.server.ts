import { eq, sql } from "drizzle-orm";
import * as z from "zod";
import {
  accountingConnections,
  businesses,
  financeReports,
  jobs,
  type Business,
  type ProfitAndLossRow,
} from "~db/schema";
import { FINANCE_REPORT_FAILED_MESSAGE, isStale, monthKey, NOT_CONNECTED_MESSAGE } from "~/lib/finance/finance";
import { BUSINESS_NOT_FOUND_MESSAGE } from "~/lib/business/settings-schemas";
import { ACCESS_REVOKED_MESSAGE } from "./intuit-client.server";
import { ensureJob, periodOf, sendEnsuredJob, type JobStatus } from "~/server/platform/jobs.server";
import type { AppContext } from "~/server/load-context";
import { preparedRead } from "~db/prepared";
import type { ClientViewer } from "~/server/business/settings.server";

/**
 * Finance reports: requesting a build on the finance-report queue, and reading the
 * business's report, connection and latest job for the dashboard, the building screen and the
 * JSON API of spec §7. The build itself is app/server/finance/report-build.server.ts.
 */

export const FINANCE_REPORT_NOT_FOUND_MESSAGE = "There is no finance report for this business yet.";

export type FinanceReportRequest = { jobId: string; status: JobStatus; created: boolean };

/**
 * Records the business's finance-report job for the current month and sends its id to the queue.
 * The job is unique per business and month (insert ON CONFLICT DO NOTHING). With `rerun`, a
 * finished job (succeeded or failed) is put back to queued in the same D1 batch and sent again;
 * a queued or running job is never sent twice (it already has its message) unless it stalled (its
 * worker died or its message was lost: jobs.server.ts isStalled), when it is sent again. The cron
 * uses createJobs instead (no rerun).
 *
 * If the queue refuses the message, a job just created is removed and a job just reset is
 * marked failed again, so the next request retries instead of waiting on a message that never
 * went out; the error is rethrown.
 */
export async function requestFinanceReport(
  app: AppContext,
  businessId: string,
  options: { rerun: boolean },
): Promise<FinanceReportRequest> {
  const ensured = await ensureJob(app, "finance_report", businessId, periodOf(app.now()), options);
  await sendEnsuredJob(app, ensured, (ids) => app.queues.sendFinanceReport(ids), FINANCE_REPORT_FAILED_MESSAGE);
  return { jobId: ensured.job.id, status: ensured.job.status, created: ensured.created };
}

// ---------------------------------------------------------------------------------------------
// Reading: one query for connection, report and latest job
// ---------------------------------------------------------------------------------------------

export type FinanceState = {
  connection: {
    status: "connected" | "broken" | "revoked";
    realmId: string;
    isDemo: boolean;
    connectedAt: Date;
    lastError: string | null;
  } | null;
  /** periodEnd: the report's last month, 'YYYY-MM' (the month it was pulled in). */
  report: { rows: ProfitAndLossRow[]; lastUpdate: Date; periodEnd: string; source: "quickbooks" | "demo" } | null;
  job: { id: string; status: JobStatus; lastError: string | null; period: string } | null;
};

/** The newest finance job of the business (the current month's, when there is one). */
const latestFinanceJobId = sql`(
  SELECT "latest"."id" FROM "jobs" AS "latest"
  WHERE "latest"."business_id" = ${businesses.id} AND "latest"."kind" = 'finance_report'
  ORDER BY "latest"."period" DESC, "latest"."created_at" DESC
  LIMIT 1
)`;

const financeStateRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({
      connectionStatus: accountingConnections.status,
      realmId: accountingConnections.realmId,
      connectedAt: accountingConnections.connectedAt,
      connectionError: accountingConnections.lastError,
      reportRows: financeReports.profitAndLoss,
      lastUpdate: financeReports.lastUpdate,
      periodEnd: financeReports.periodEnd,
      source: financeReports.source,
      jobId: jobs.id,
      jobStatus: jobs.status,
      jobError: jobs.lastError,
      jobPeriod: jobs.period,
    })
    .from(businesses)
    .leftJoin(accountingConnections, eq(accountingConnections.businessId, businesses.id))
    .leftJoin(financeReports, eq(financeReports.businessId, businesses.id))
    .leftJoin(jobs, eq(jobs.id, latestFinanceJobId))
    .where(eq(businesses.id, p.businessId))
    .limit(1)
    .prepare(),
);

/**
 * The business's accounting connection, finance report and latest finance job in ONE query:
 * the business LEFT JOIN its connection, its report and its newest finance job.
 */
export async function loadFinanceState(app: AppContext, businessId: string): Promise<FinanceState> {
  const rows = await financeStateRows(app.db, { businessId }).run();
  const row = rows[0];
  if (!row) return { connection: null, report: null, job: null };
  return {
    connection:
      row.connectionStatus && row.realmId !== null && row.connectedAt
        ? {
            status: row.connectionStatus,
            realmId: row.realmId,
            isDemo: row.realmId === "demo",
            connectedAt: row.connectedAt,
            lastError: row.connectionError,
          }
        : null,
    report:
      row.lastUpdate && row.source && row.periodEnd
        ? { rows: row.reportRows ?? [], lastUpdate: row.lastUpdate, periodEnd: row.periodEnd, source: row.source }
        : null,
    job:
      row.jobId && row.jobStatus && row.jobPeriod
        ? { id: row.jobId, status: row.jobStatus, lastError: row.jobError, period: row.jobPeriod }
        : null,
  };
}

export type DashboardFinance = FinanceState & {
  /** The report is from another month than now (spec §4: refreshed, with the monthly banner). */
  stale: boolean;
};

/**
 * What the dashboard shows about company data. When the report is stale (or missing) and the
 * connection works, a refresh for this month is requested off the critical path (waitUntil) —
 * unless this month's job already exists (queued, running or finished), so reloading the page
 * writes nothing.
 */
export async function loadDashboardFinance(
  app: AppContext,
  business: Pick<Business, "id">,
  now: Date = app.now(),
): Promise<DashboardFinance> {
  const state = await loadFinanceState(app, business.id);
  const stale = state.report !== null && isStale(state.report.lastUpdate, now);
  const needsReport = stale || (state.report === null && state.connection !== null);
  const requestedThisMonth = state.job !== null && state.job.period === monthKey(now);
  if (needsReport && state.connection?.status === "connected" && !requestedThisMonth) {
    app.waitUntil(
      requestFinanceReport(app, business.id, { rerun: false }).catch((error: unknown) => {
        console.error(`Could not request the finance refresh of ${business.id}:`, error);
      }),
    );
  }
  return { ...state, stale };
}

/** GET /api/quickbooks/finance-report-status: what the building screen polls. */
export async function getFinanceReportStatus(app: AppContext, businessId: string) {
  const state = await loadFinanceState(app, businessId);
  return {
    connection: state.connection ? { status: state.connection.status, realmId: state.connection.realmId } : null,
    job: state.job ? { id: state.job.id, status: state.job.status, lastError: state.job.lastError } : null,
    report: state.report ? { lastUpdate: state.report.lastUpdate.toISOString() } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The JSON API of spec §7
// ---------------------------------------------------------------------------------------------

/** `{business: {_id, ...}}` (spec §7); absent means the caller's own business. */
export const FinanceReportRequestSchema = z
  .object({
    business: z.looseObject({ _id: z.string({ error: "business._id must be a string." }).min(1).max(64) }).optional(),
  })
  .loose();
export type FinanceReportRequestInput = z.infer<typeof FinanceReportRequestSchema>;

type Failure = { ok: false; status: 404 | 409; msg: string };
const businessNotFound: Failure = { ok: false, status: 404, msg: BUSINESS_NOT_FOUND_MESSAGE };

/** Ids named by the path and/or the body must all be the caller's business. */
function namesOtherBusiness(viewer: ClientViewer, ...ids: (string | undefined)[]): boolean {
  return ids.some((id) => id !== undefined && id !== viewer.business.id);
}

/**
 * POST create-financial-report (rerun: false — the current job is answered as it is) and PUT
 * refresh-finance-report (rerun: true — a finished job is built again). Another business's id:
 * 404 and nothing queued. No connection, or a broken one (reconnect needed): 409 and nothing queued.
 */
export async function requestFinanceReportFor(
  app: AppContext,
  viewer: ClientViewer,
  ids: { pathBusinessId?: string; bodyBusinessId?: string },
  options: { rerun: boolean },
): Promise<{ ok: true; jobId: string; status: JobStatus } | Failure> {
  if (namesOtherBusiness(viewer, ids.pathBusinessId, ids.bodyBusinessId)) return businessNotFound;
  const [connection] = await app.db
    .select({ status: accountingConnections.status })
    .from(accountingConnections)
    .where(eq(accountingConnections.businessId, viewer.business.id))
    .limit(1);
  if (!connection) return { ok: false, status: 409, msg: NOT_CONNECTED_MESSAGE };
  if (connection.status !== "connected") return { ok: false, status: 409, msg: ACCESS_REVOKED_MESSAGE };
  const { jobId, status } = await requestFinanceReport(app, viewer.business.id, options);
  return { ok: true, jobId, status };
}

/** GET get-financial-report/{businessId}: spec §3 finance report `{profitAndLoss, lastUpdate}`. */
export async function getFinanceReport(
  app: AppContext,
  viewer: ClientViewer,
  businessId: string,
): Promise<{ ok: true; report: { profitAndLoss: ProfitAndLossRow[]; lastUpdate: string } } | Failure> {
  if (namesOtherBusiness(viewer, businessId)) return businessNotFound;
  const [report] = await app.db
    .select({ profitAndLoss: financeReports.profitAndLoss, lastUpdate: financeReports.lastUpdate })
    .from(financeReports)
    .where(eq(financeReports.businessId, viewer.business.id))
    .limit(1);
  if (!report) return { ok: false, status: 404, msg: FINANCE_REPORT_NOT_FOUND_MESSAGE };
  return { ok: true, report: { profitAndLoss: report.profitAndLoss, lastUpdate: report.lastUpdate.toISOString() } };
}
