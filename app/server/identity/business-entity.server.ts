import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  accountingConnections,
  benchmarkingPurchases,
  benchmarkReports,
  insightReports,
  jobs,
  insightRequests,
  matchRequests,
  valueInsights,
} from "~db/schema";
import type { AppContext } from "~/server/load-context";
import type { NaicsReportSummary } from "~/lib/benchmarking/report-types";
import { matchStatusText } from "~/lib/matching/match-status";
import { insightStatusText, VALUE_INSIGHT_STATUS_TEXT } from "~/lib/insights/insight-status";

/**
 * The parts of the client-facing business (spec §3 "Business") that live outside the businesses
 * row: the accounting connection, the benchmarking years and the events. They are read with five
 * SELECTs that a caller runs in ONE db.batch, alone (loadBusinessExtras) or together with the
 * reads it already makes (businessExtrasQueries + toBusinessExtras). Every query is scoped by
 * the business id the caller took from the session.
 */

/** Each event list holds the business's newest records, like every list the client shows. */
export const BUSINESS_EVENTS_LIMIT = 100;

export type InsightEvent = {
  insightId: string;
  value: string;
  completed: boolean;
  /** The published report's id; null until the report is published. */
  insightReport: string | null;
  createdAt: string;
};

export type ValueInsightEvent = { valueInsightId: string; value: string; completed: true; createdAt: string };

export type EngagementEvent = { matchRequestId: string; value: string; completed: boolean; createdAt: string };

export type BusinessExtras = {
  /** Set while an accounting connection is live: its company id ('demo' for the built-in company). Never a token. */
  quickbooks: { realmId: string } | null;
  /** The current year's industry benchmarking report while building or built (else null). */
  naicsReport: NaicsReportSummary | null;
  benchmarking: { yearsPurchased: number[] };
  events: { insights: InsightEvent[]; valueInsights: ValueInsightEvent[]; engagements: EngagementEvent[] };
};

/** The seven reads behind BusinessExtras, in the order toBusinessExtras expects their results. */
export function businessExtrasQueries(app: AppContext, businessId: string) {
  const period = String(app.now().getUTCFullYear());
  return [
    app.db
      .select({ realmId: accountingConnections.realmId })
      .from(accountingConnections)
      .where(and(eq(accountingConnections.businessId, businessId), eq(accountingConnections.status, "connected")))
      .limit(1),
    app.db
      .select({ year: benchmarkingPurchases.year })
      .from(benchmarkingPurchases)
      .where(eq(benchmarkingPurchases.businessId, businessId))
      .orderBy(asc(benchmarkingPurchases.year)),
    app.db
      .select({
        id: insightRequests.id,
        status: insightRequests.status,
        coveredByPlan: insightRequests.coveredByPlan,
        // Aliased: a batch's rows come back keyed by column name, and insight_requests has an id too.
        reportId: sql<string | null>`${insightReports.id}`.as("report_id"),
        createdAt: insightRequests.createdAt,
      })
      .from(insightRequests)
      .leftJoin(
        insightReports,
        and(
          eq(insightReports.id, insightRequests.insightReportId),
          eq(insightReports.businessId, insightRequests.businessId),
          eq(insightReports.status, "published"),
        ),
      )
      .where(eq(insightRequests.businessId, businessId))
      .orderBy(desc(insightRequests.createdAt), desc(insightRequests.id))
      .limit(BUSINESS_EVENTS_LIMIT),
    app.db
      .select({ id: valueInsights.id, createdAt: valueInsights.createdAt })
      .from(valueInsights)
      .where(eq(valueInsights.businessId, businessId))
      .orderBy(desc(valueInsights.createdAt), desc(valueInsights.id))
      .limit(BUSINESS_EVENTS_LIMIT),
    app.db
      .select({
        id: matchRequests.id,
        status: matchRequests.status,
        nextCandidateBy: matchRequests.nextCandidateBy,
        createdAt: matchRequests.createdAt,
      })
      .from(matchRequests)
      .where(eq(matchRequests.businessId, businessId))
      .orderBy(desc(matchRequests.createdAt), desc(matchRequests.id))
      .limit(BUSINESS_EVENTS_LIMIT),
    ...benchmarkingStateQueries(app, businessId, period),
  ] as const;
}

type Results<T> = { -readonly [K in keyof T]: Awaited<T[K]> };
type ExtrasRows = Readonly<Results<ReturnType<typeof businessExtrasQueries>>>;

/** BusinessExtras from the results of businessExtrasQueries, in order. */
export function toBusinessExtras([
  connection,
  years,
  insights,
  values,
  matches,
  benchmarkJob,
  benchmarkReport,
]: ExtrasRows): BusinessExtras {
  return {
    quickbooks: connection[0] ? { realmId: connection[0].realmId } : null,
    naicsReport: toNaicsReportSummary(benchmarkJob[0], benchmarkReport[0]),
    benchmarking: { yearsPurchased: years.map((row) => row.year) },
    events: {
      insights: insights.map((row) => ({
        insightId: row.id,
        value: insightStatusText(row.status, row.coveredByPlan),
        completed: row.status === "ready",
        insightReport: row.reportId,
        createdAt: row.createdAt.toISOString(),
      })),
      valueInsights: values.map((row) => ({
        valueInsightId: row.id,
        value: VALUE_INSIGHT_STATUS_TEXT,
        completed: true as const,
        createdAt: row.createdAt.toISOString(),
      })),
      engagements: matches.map((row) => ({
        matchRequestId: row.id,
        value: matchStatusText(row),
        completed: row.status === "completed",
        createdAt: row.createdAt.toISOString(),
      })),
    },
  };
}

/** The extras of one business: one db.batch (one D1 round trip). */
export async function loadBusinessExtras(app: AppContext, businessId: string): Promise<BusinessExtras> {
  return toBusinessExtras(await app.db.batch(businessExtrasQueries(app, businessId)));
}

/** A business created a moment ago has no connection, no benchmarking and no events yet. */
export function newBusinessExtras(): BusinessExtras {
  return {
    quickbooks: null,
    naicsReport: null,
    benchmarking: { yearsPurchased: [] },
    events: { insights: [], valueInsights: [], engagements: [] },
  };
}

/**
 * The benchmarking job and report of a year (period 'YYYY'): the two reads behind
 * NaicsReportSummary, also used by the /benchmarking loader. The report's peer group name and
 * build time are read from its JSON, not the whole report.
 */
export function benchmarkingStateQueries(app: AppContext, businessId: string, period: string) {
  return [
    app.db
      .select({ period: jobs.period, status: jobs.status, updatedAt: jobs.updatedAt })
      .from(jobs)
      .where(and(eq(jobs.kind, "benchmarking"), eq(jobs.businessId, businessId), eq(jobs.period, period)))
      .limit(1),
    app.db
      .select({
        period: benchmarkReports.period,
        peerGroup: sql<string | null>`json_extract(${benchmarkReports.data}, '$.peerGroup.name')`.as("peer_group"),
        builtAt: sql<string | null>`json_extract(${benchmarkReports.data}, '$.builtAt')`.as("built_at"),
        createdAt: benchmarkReports.createdAt,
      })
      .from(benchmarkReports)
      .where(and(eq(benchmarkReports.businessId, businessId), eq(benchmarkReports.period, period)))
      .limit(1),
  ] as const;
}

/**
 * The year's state as the business entity shows it: a built report is "ready" (a rebuild in
 * progress or failed keeps showing it); without one, a queued or running job is "building" and a
 * failed one "failed"; neither: null.
 */
export function toNaicsReportSummary(
  job: { period: string; status: string; updatedAt: Date } | undefined,
  report: { period: string; peerGroup: string | null; builtAt: string | null; createdAt: Date } | undefined,
): NaicsReportSummary | null {
  if (report) {
    return {
      year: Number(report.period),
      status: "ready",
      peerGroup: report.peerGroup,
      updatedAt: report.builtAt ?? report.createdAt.toISOString(),
    };
  }
  if (!job || job.status === "succeeded" || !/^\d{4}$/.test(job.period)) return null;
  return {
    year: Number(job.period),
    status: job.status === "failed" ? "failed" : "building",
    peerGroup: null,
    updatedAt: job.updatedAt.toISOString(),
  };
}
