import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  accountingConnections,
  benchmarkingPurchases,
  insightReports,
  insightRequests,
  matchRequests,
  valueInsights,
} from "~db/schema";
import type { AppContext } from "~/server/load-context";

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
  /** The industry benchmarking report; none is built for the client yet. */
  naicsReport: null;
  benchmarking: { yearsPurchased: number[] };
  events: { insights: InsightEvent[]; valueInsights: ValueInsightEvent[]; engagements: EngagementEvent[] };
};

/** The five reads behind BusinessExtras, in the order toBusinessExtras expects their results. */
export function businessExtrasQueries(app: AppContext, businessId: string) {
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
        value: insightRequests.statusText,
        status: insightRequests.status,
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
      .select({ id: valueInsights.id, value: valueInsights.statusText, createdAt: valueInsights.createdAt })
      .from(valueInsights)
      .where(eq(valueInsights.businessId, businessId))
      .orderBy(desc(valueInsights.createdAt), desc(valueInsights.id))
      .limit(BUSINESS_EVENTS_LIMIT),
    app.db
      .select({
        id: matchRequests.id,
        value: matchRequests.statusText,
        status: matchRequests.status,
        createdAt: matchRequests.createdAt,
      })
      .from(matchRequests)
      .where(eq(matchRequests.businessId, businessId))
      .orderBy(desc(matchRequests.createdAt), desc(matchRequests.id))
      .limit(BUSINESS_EVENTS_LIMIT),
  ] as const;
}

type Results<T> = { -readonly [K in keyof T]: Awaited<T[K]> };
type ExtrasRows = Readonly<Results<ReturnType<typeof businessExtrasQueries>>>;

/** BusinessExtras from the results of businessExtrasQueries, in order. */
export function toBusinessExtras([connection, years, insights, values, matches]: ExtrasRows): BusinessExtras {
  return {
    quickbooks: connection[0] ? { realmId: connection[0].realmId } : null,
    naicsReport: null,
    benchmarking: { yearsPurchased: years.map((row) => row.year) },
    events: {
      insights: insights.map((row) => ({
        insightId: row.id,
        value: row.value,
        completed: row.status === "ready",
        insightReport: row.reportId,
        createdAt: row.createdAt.toISOString(),
      })),
      valueInsights: values.map((row) => ({
        valueInsightId: row.id,
        value: row.value,
        completed: true as const,
        createdAt: row.createdAt.toISOString(),
      })),
      engagements: matches.map((row) => ({
        matchRequestId: row.id,
        value: row.value,
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
