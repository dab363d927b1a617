import { and, eq, sql } from "drizzle-orm";
import { insightReports, matchRequests, valueInsights, type BusinessArea } from "~db/schema";
import {
  INSIGHT_REPORT_NOT_FOUND_MESSAGE,
  MATCH_FROM_INSIGHT_MESSAGE,
  VALUE_INSIGHT_NOT_FOUND_MESSAGE,
} from "~/lib/insights/insight-schemas";
import { matchStatusText } from "~/lib/matching/match-status";
import type { AppContext } from "~/server/load-context";
import type { ClientViewer } from "~/server/business/settings.server";

/**
 * Match requests made from the client's insights (spec §7 Insights and Matching): a published
 * insight report or a value insight becomes one match request, once. Scoped by the session's
 * business; an id of another business reads as not found.
 */

type MatchSource = {
  source: "insight_report" | "value_insight";
  id: string;
  category: BusinessArea;
  problemStatement: string;
};

/**
 * Creates the match request of an insight once: INSERT … ON CONFLICT (source, source_id) DO
 * NOTHING and the insight's converted_to_match_request_id (a subselect of that row) in ONE
 * db.batch, so a second press, or two at once, leave one row and the same link.
 */
async function convertToMatch(app: AppContext, viewer: ClientViewer, from: MatchSource) {
  const now = app.now();
  const matchId = sql<string>`(SELECT m.id FROM match_requests AS m
    WHERE m.source = ${from.source} AND m.source_id = ${from.id} AND m.business_id = ${viewer.business.id})`;
  const insert = app.db
    .insert(matchRequests)
    .values({
      businessId: viewer.business.id,
      createdByUserId: viewer.user.id,
      category: from.category,
      consultingType: null,
      problemStatement: from.problemStatement,
      status: "submitted",
      statusText: matchStatusText("submitted"),
      source: from.source,
      sourceId: from.id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [matchRequests.source, matchRequests.sourceId] });
  const link =
    from.source === "insight_report"
      ? app.db
          .update(insightReports)
          .set({ convertedToMatchRequestId: matchId })
          .where(and(eq(insightReports.id, from.id), eq(insightReports.businessId, viewer.business.id)))
      : app.db
          .update(valueInsights)
          .set({ convertedToMatchRequestId: matchId })
          .where(and(eq(valueInsights.id, from.id), eq(valueInsights.businessId, viewer.business.id)));
  await app.db.batch([insert, link]);
}

/**
 * POST /api/matching/matchRequest/create-from-report/{id}: a match request made from the
 * business's published report — category from the report, no consulting type, the summary as
 * the problem statement, status 'submitted' with its sentence. Idempotent through the unique
 * (source, source_id); answers the same message every time. The report is read first (its
 * business and published state never go back), so an unknown or foreign id is a 404 with
 * nothing written.
 */
export async function createMatchFromReport(app: AppContext, viewer: ClientViewer, reportId: string) {
  const [report] = await app.db
    .select({ id: insightReports.id, category: insightReports.category, summary: insightReports.highLevelSummary })
    .from(insightReports)
    .where(
      and(
        eq(insightReports.id, reportId),
        eq(insightReports.businessId, viewer.business.id),
        eq(insightReports.status, "published"),
      ),
    )
    .limit(1);
  if (!report) return { ok: false, status: 404, msg: INSIGHT_REPORT_NOT_FOUND_MESSAGE } as const;
  await convertToMatch(app, viewer, {
    source: "insight_report",
    id: report.id,
    category: report.category,
    problemStatement: report.summary,
  });
  return { ok: true, message: MATCH_FROM_INSIGHT_MESSAGE } as const;
}

/**
 * POST /api/matching/matchRequest/create-from-value-insight/{id}: the same for a value insight
 * of the business (its summary becomes the problem statement).
 */
export async function createMatchFromValueInsight(app: AppContext, viewer: ClientViewer, valueInsightId: string) {
  const [insight] = await app.db
    .select({ id: valueInsights.id, category: valueInsights.category, summary: valueInsights.summary })
    .from(valueInsights)
    .where(and(eq(valueInsights.id, valueInsightId), eq(valueInsights.businessId, viewer.business.id)))
    .limit(1);
  if (!insight) return { ok: false, status: 404, msg: VALUE_INSIGHT_NOT_FOUND_MESSAGE } as const;
  await convertToMatch(app, viewer, {
    source: "value_insight",
    id: insight.id,
    category: insight.category,
    problemStatement: insight.summary,
  });
  return { ok: true, message: MATCH_FROM_INSIGHT_MESSAGE } as const;
}
