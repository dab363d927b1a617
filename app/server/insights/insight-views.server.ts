import { and, desc, eq, sql } from "drizzle-orm";
import { recordValueInsightFeedback } from "~/server/finance/value-insight-rows.server";
import {
  deliveryOutlines,
  insightReports,
  insightRequests,
  matchRequests,
  valueInsights,
  type BusinessArea,
  matchCandidates,
  type InsightRequestStatus,
} from "~db/schema";
import {
  FEEDBACK_SAVED_MESSAGE,
  INSIGHT_REPORT_NOT_FOUND_MESSAGE,
  VALUE_INSIGHT_NOT_FOUND_MESSAGE,
} from "~/lib/insights/insight-schemas";
import { isCompletedMatch, type MatchTileData, type MatchTileOutline } from "~/lib/matching/match-tiles";
import type { AppContext } from "~/server/load-context";
import { preparedRead, runReads } from "~db/prepared";
import { benchmarkGapReportQuery, benchmarkGapTextsAsRead } from "~/server/benchmarking/benchmark-gap-insight.server";
import type { ClientViewer } from "~/server/business/settings.server";
import { matchStatusText } from "~/lib/matching/match-status";
import { insightStatusText, VALUE_INSIGHT_STATUS_TEXT } from "~/lib/insights/insight-status";

/**
 * The client's side of insights (spec §2 dashboard, /features, /insight-discovery; §4 Insight;
 * §7 Insights and Matching): the lists behind the tiles, the delivered report or value insight,
 * and the rating and feedback (turning an insight into a match request is the matching domain's:
 * app/server/matching/match-requests.server.ts). Every query is scoped by the session's
 * business; an id of another business reads as not found. The page loaders and actions and the
 * JSON routes call these same functions.
 */

/** Longest lists the dashboard and /features show (newest first). */
export const LIST_LIMIT = 100;

// ---------------------------------------------------------------------------------------------
// Lists (dashboard and /features)
// ---------------------------------------------------------------------------------------------

/** An insight request as a tile needs it (type REPORT: the link names the request). */
export type InsightRequestTile = {
  type: "REPORT";
  id: string;
  category: BusinessArea;
  createdAt: string;
  status: InsightRequestStatus;
  /** The status sentence (spec §4 'value', insightStatusText); the tile shows clientInsightStatus(value). */
  value: string;
  paymentComplete: boolean;
  coveredByPlan: boolean;
  /** Delivered: the request is ready (its report is published). */
  delivered: boolean;
};

/** A value insight tile (type VALUE): always delivered. */
export type ValueInsightTile = {
  type: "VALUE";
  id: string;
  category: BusinessArea;
  createdAt: string;
  title: string;
  value: string;
  delivered: true;
};

export type InsightTile = InsightRequestTile | ValueInsightTile;

/** A match request as its tile needs it (spec §4; the rules are app/lib/matching/match-tiles.ts). */
export type MatchTile = MatchTileData;

export type ClientInsightLists = {
  requests: InsightRequestTile[];
  valueInsights: ValueInsightTile[];
  matches: MatchTile[];
};

/** The business's insight requests, newest first. */
const insightRequestRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({
      id: insightRequests.id,
      category: insightRequests.category,
      createdAt: insightRequests.createdAt,
      status: insightRequests.status,
      paymentComplete: insightRequests.paymentComplete,
      coveredByPlan: insightRequests.coveredByPlan,
    })
    .from(insightRequests)
    .where(eq(insightRequests.businessId, p.businessId))
    .orderBy(desc(insightRequests.createdAt), desc(insightRequests.id))
    .limit(LIST_LIMIT)
    .prepare(),
);

/** The business's value insights, newest first. */
const valueInsightRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({
      id: valueInsights.id,
      category: valueInsights.category,
      createdAt: valueInsights.createdAt,
      title: valueInsights.title,
    })
    .from(valueInsights)
    .where(eq(valueInsights.businessId, p.businessId))
    .orderBy(desc(valueInsights.createdAt), desc(valueInsights.id))
    .limit(LIST_LIMIT)
    .prepare(),
);

/** The business's match requests with the candidacy waiting for it and its visible engagement, newest first. */
const matchRequestRows = preparedRead(["businessId"], (db, p) =>
  db
    .select({
      id: matchRequests.id,
      category: matchRequests.category,
      createdAt: matchRequests.createdAt,
      status: matchRequests.status,
      nextCandidateBy: matchRequests.nextCandidateBy,
      // The candidacy waiting for the business: accepted by the consultant, not yet decided
      // (the one that has waited longest, should two be waiting).
      candidateConsultantId: sql<string | null>`(
        select ${matchCandidates.consultantId} from ${matchCandidates}
        where ${matchCandidates.matchRequestId} = ${matchRequests.id}
          and ${matchCandidates.businessId} = ${matchRequests.businessId}
          and ${matchCandidates.status} = 'accepted'
          and ${matchCandidates.businessDecisionStatus} = 'pending'
        order by ${matchCandidates.consultantRespondedAt}, ${matchCandidates.createdAt}, ${matchCandidates.id}
        limit 1)`.as("candidate_consultant_id"),
      // Aliased: a batch's rows come back keyed by column name, and match_requests has an id too.
      outlineId: sql<string | null>`${deliveryOutlines.id}`.as("outline_id"),
      outlineState: deliveryOutlines.state,
    })
    .from(matchRequests)
    // The newest outline the business can see (visibleToBusiness: a manager approved a version);
    // a consultant's draft and a plan still with the manager stay hidden.
    .leftJoin(
      deliveryOutlines,
      eq(
        deliveryOutlines.id,
        sql`(
          select ${sql.raw("o.id")} from ${deliveryOutlines} as ${sql.raw("o")}
          where ${sql.raw("o.match_request_id")} = ${matchRequests.id}
            and ${sql.raw("o.business_id")} = ${matchRequests.businessId}
            and ${sql.raw("o.state")} <> 'draft'
            and (${sql.raw("o.egm_review_status")} = 'approved' or ${sql.raw("o.signed_version")} is not null
              or ${sql.raw("o.business_review_status")} = 'revision')
          order by ${sql.raw("o.created_at")} desc, ${sql.raw("o.id")} desc
          limit 1)`,
      ),
    )
    .where(eq(matchRequests.businessId, p.businessId))
    .orderBy(desc(matchRequests.createdAt), desc(matchRequests.id))
    .limit(LIST_LIMIT)
    .prepare(),
);

/**
 * Every list the dashboard and /features show, in ONE db.batch (one D1 round trip): the
 * business's insight requests, value insights and match requests. Newest first. (The user's
 * notifications come with the `_app` layout: notifications.server.ts.)
 */
export async function loadClientInsightLists(app: AppContext, viewer: ClientViewer): Promise<ClientInsightLists> {
  const values = { businessId: viewer.business.id };
  const [requestRows, valueRows, matchRows] = await runReads(app.db, [
    insightRequestRows(app.db, values),
    valueInsightRows(app.db, values),
    matchRequestRows(app.db, values),
  ]);
  return {
    requests: requestRows.map((row) => ({
      type: "REPORT" as const,
      id: row.id,
      category: row.category,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      value: insightStatusText(row.status, row.coveredByPlan),
      paymentComplete: row.paymentComplete,
      coveredByPlan: row.coveredByPlan,
      delivered: row.status === "ready",
    })),
    valueInsights: valueRows.map((row) => ({
      type: "VALUE" as const,
      id: row.id,
      category: row.category,
      createdAt: row.createdAt.toISOString(),
      title: row.title,
      value: VALUE_INSIGHT_STATUS_TEXT,
      delivered: true as const,
    })),
    matches: matchRows.map((row) => ({
      id: row.id,
      category: row.category,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      value: matchStatusText(row),
      active: !isCompletedMatch(row.status),
      candidateConsultantId: row.candidateConsultantId,
      outline:
        row.outlineId && row.outlineState && row.outlineState !== "draft"
          ? ({ id: row.outlineId, state: row.outlineState } satisfies MatchTileOutline)
          : null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading one insight
// ---------------------------------------------------------------------------------------------

/** spec §3 "Insight report" (plus the saved feedback and the request it answers). */
export type InsightReportView = {
  _id: string;
  insightRequestId: string;
  category: BusinessArea;
  title: string;
  highLevelSummary: string;
  recommendations: string;
  clientSatisfaction: number | null;
  clientFeedback: string | null;
  convertedToMatch: boolean;
  /** The match request it was turned into (its view is /features?matchId=…), else null. */
  convertedToMatchRequestId: string | null;
  publishedAt: string | null;
};

/** spec §3 "Value insight": fetched by id, with a status text value; takes feedback. */
export type ValueInsightView = {
  _id: string;
  kind: string;
  category: BusinessArea;
  title: string;
  summary: string;
  value: string;
  clientSatisfaction: number | null;
  clientFeedback: string | null;
  convertedToMatch: boolean;
  /** The match request it was turned into, else null. */
  convertedToMatchRequestId: string | null;
  createdAt: string;
};

const reportColumns = {
  id: insightReports.id,
  insightRequestId: insightReports.insightRequestId,
  category: insightReports.category,
  title: insightReports.title,
  highLevelSummary: insightReports.highLevelSummary,
  recommendations: insightReports.recommendations,
  clientSatisfaction: insightReports.clientSatisfaction,
  clientFeedback: insightReports.clientFeedback,
  convertedToMatchRequestId: insightReports.convertedToMatchRequestId,
  publishedAt: insightReports.publishedAt,
};

type ReportRow = {
  id: string;
  insightRequestId: string;
  category: BusinessArea;
  title: string;
  highLevelSummary: string;
  recommendations: string;
  clientSatisfaction: number | null;
  clientFeedback: string | null;
  convertedToMatchRequestId: string | null;
  publishedAt: Date | null;
};

function toReportView(row: ReportRow): InsightReportView {
  return {
    _id: row.id,
    insightRequestId: row.insightRequestId,
    category: row.category,
    title: row.title,
    highLevelSummary: row.highLevelSummary,
    recommendations: row.recommendations,
    clientSatisfaction: row.clientSatisfaction,
    clientFeedback: row.clientFeedback,
    convertedToMatch: row.convertedToMatchRequestId !== null,
    convertedToMatchRequestId: row.convertedToMatchRequestId,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
  };
}

/** GET /api/insight/insight-report/{id}: the business's published report, else null. */
export async function getInsightReport(app: AppContext, businessId: string, reportId: string) {
  const [row] = await app.db
    .select(reportColumns)
    .from(insightReports)
    .where(
      and(
        eq(insightReports.id, reportId),
        eq(insightReports.businessId, businessId),
        eq(insightReports.status, "published"),
      ),
    )
    .limit(1);
  return row ? toReportView(row) : null;
}

/**
 * /insight-discovery?type=REPORT&id=<insight request id> (spec §4: the request first, then the
 * report by its insightReport reference): the request LEFT JOIN its report, in one query. Only a
 * published report of the caller's business is returned.
 */
export async function getReportForRequest(app: AppContext, businessId: string, requestId: string) {
  const [row] = await app.db
    .select(reportColumns)
    .from(insightRequests)
    .innerJoin(
      insightReports,
      and(
        eq(insightReports.id, insightRequests.insightReportId),
        eq(insightReports.businessId, insightRequests.businessId),
        eq(insightReports.status, "published"),
      ),
    )
    .where(and(eq(insightRequests.id, requestId), eq(insightRequests.businessId, businessId)))
    .limit(1);
  return row ? toReportView(row) : null;
}

/**
 * GET /api/insight/value-insight/{id}: the business's value insight, else null. A benchmark_gap
 * insight's title and summary are written from its year's report, read in the same batch (ADR 060).
 */
export async function getValueInsight(
  app: AppContext,
  businessId: string,
  id: string,
): Promise<ValueInsightView | null> {
  const insight = app.db
    .select()
    .from(valueInsights)
    .where(and(eq(valueInsights.id, id), eq(valueInsights.businessId, businessId)))
    .limit(1);
  const report = benchmarkGapReportQuery(app, businessId, id);
  const [rows, reportRows] = report ? await runReads(app.db, [insight, report]) : [await insight, []];
  const row = rows[0];
  if (!row) return null;
  const { title, summary } = benchmarkGapTextsAsRead(row, reportRows);
  return {
    _id: row.id,
    kind: row.kind,
    category: row.category,
    title,
    summary,
    value: VALUE_INSIGHT_STATUS_TEXT,
    clientSatisfaction: row.clientSatisfaction,
    clientFeedback: row.clientFeedback,
    convertedToMatch: row.convertedToMatchRequestId !== null,
    convertedToMatchRequestId: row.convertedToMatchRequestId,
    createdAt: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Feedback (last write wins)
// ---------------------------------------------------------------------------------------------

export type FeedbackInput = { clientSatisfaction: number; clientFeedback: string };
export type InsightActionResult = { ok: true; message: string } | { ok: false; status: 404; msg: string };

/** PUT /api/insight/insight-report/feedback/: one conditional UPDATE on a published report of the business. */
export async function saveReportFeedback(
  app: AppContext,
  viewer: ClientViewer,
  reportId: string,
  input: FeedbackInput,
): Promise<InsightActionResult> {
  const now = app.now();
  const rows = await app.db
    .update(insightReports)
    .set({
      clientSatisfaction: input.clientSatisfaction,
      clientFeedback: input.clientFeedback === "" ? null : input.clientFeedback,
      feedbackAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(insightReports.id, reportId),
        eq(insightReports.businessId, viewer.business.id),
        eq(insightReports.status, "published"),
      ),
    )
    .returning({ id: insightReports.id });
  return rows.length
    ? { ok: true, message: FEEDBACK_SAVED_MESSAGE }
    : { ok: false, status: 404, msg: INSIGHT_REPORT_NOT_FOUND_MESSAGE };
}

/** PUT /api/insight/value-insight/feedback/: one conditional UPDATE on a value insight of the business. */
export async function saveValueInsightFeedback(
  app: AppContext,
  viewer: ClientViewer,
  valueInsightId: string,
  input: FeedbackInput,
): Promise<InsightActionResult> {
  const now = app.now();
  const rows = await recordValueInsightFeedback(
    app.db,
    valueInsightId,
    viewer.business.id,
    {
      clientSatisfaction: input.clientSatisfaction,
      clientFeedback: input.clientFeedback === "" ? null : input.clientFeedback,
    },
    now,
  );
  return rows.length
    ? { ok: true, message: FEEDBACK_SAVED_MESSAGE }
    : { ok: false, status: 404, msg: VALUE_INSIGHT_NOT_FOUND_MESSAGE };
}
