import { columnValue } from "~db/column-value";
import { and, eq, sql } from "drizzle-orm";
import { linkValueInsightToMatch } from "~/server/finance/value-insight-rows.server";
import { linkInsightReportToMatch } from "~/server/insights/insight-report-rows.server";
import { files, insightReports, matchRequests, valueInsights, type BusinessArea } from "~db/schema";
import { isStoredFileName } from "~/lib/files/file-rules";
import { businessFileKeys, freeFilesOf } from "~/server/files/files.server";
import { insertedByThisCall, linkFiles } from "~/server/files/file-rows.server";
import { INSIGHT_REPORT_NOT_FOUND_MESSAGE, VALUE_INSIGHT_NOT_FOUND_MESSAGE } from "~/lib/insights/insight-schemas";
import {
  MATCH_FILES_INVALID_MESSAGE,
  MATCH_REQUEST_CONFLICT_MESSAGE,
  MATCH_REQUEST_CREATED_MESSAGE,
} from "~/lib/matching/match-copy";
import type { MatchRequestInput } from "~/lib/matching/match-schemas";
import { matchStatusText } from "~/lib/matching/match-status";
import type { AppContext } from "~/server/load-context";
import { runReads } from "~db/prepared";
import { benchmarkGapReportQuery, benchmarkGapTextsAsRead } from "~/server/benchmarking/benchmark-gap-insight.server";
import type { ClientViewer } from "~/server/business/settings.server";
import { runMatching } from "./run-matching.server";
import { actorOf, auditAfterChange } from "~/server/audit/audit.server";
import { categoryLabel } from "~/lib/shared/format";

/**
 * Creating match requests (spec §2 /create-match, §3 "Match request", §7 Matching): the wizard's
 * page action and `POST /api/matching/matchRequest/create` call `createMatchRequest`; a published
 * insight report or a value insight becomes one match request, once. Every query is scoped by
 * the session's business; an id of another business reads as not found. A new request starts
 * `submitted` and goes straight to the smart-matching engine (runMatching); a failure there is
 * logged and leaves the request `submitted`, where the engagement managers' queue still shows it.
 */

/** Starts matching for a request that was just created; never fails the creation. */
async function startMatching(app: AppContext, matchRequestId: string, origin: string): Promise<void> {
  try {
    await runMatching(app, matchRequestId, origin);
  } catch (error) {
    console.error(`Matching could not start for match request ${matchRequestId}:`, error);
  }
}

type MatchSource = {
  source: "insight_report" | "value_insight";
  id: string;
  category: BusinessArea;
  problemStatement: string;
};

const MATCH_SOURCE_WORDS = { insight_report: "An insight report", value_insight: "A value insight" } as const;

/**
 * Creates the match request of an insight once: INSERT … ON CONFLICT (source, source_id) DO
 * NOTHING and the insight's converted_to_match_request_id (a subselect of that row) in ONE
 * db.batch, so a second press, or two at once, leave one row and the same link.
 */
async function convertToMatch(app: AppContext, viewer: ClientViewer, from: MatchSource, origin: string) {
  const now = app.now();
  const matchId = sql<string>`(SELECT m.id FROM match_requests AS m
    WHERE m.source = ${from.source} AND m.source_id = ${from.id} AND m.business_id = ${viewer.business.id})`;
  const id = crypto.randomUUID();
  const insert = app.db
    .insert(matchRequests)
    .values({
      id,
      businessId: viewer.business.id,
      createdByUserId: viewer.user.id,
      category: from.category,
      consultingType: null,
      problemStatement: from.problemStatement,
      status: "submitted",
      source: from.source,
      sourceId: from.id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [matchRequests.source, matchRequests.sourceId] })
    .returning({ id: matchRequests.id });
  const link =
    from.source === "insight_report"
      ? linkInsightReportToMatch(app.db, from.id, viewer.business.id, matchId)
      : linkValueInsightToMatch(app.db, from.id, viewer.business.id, matchId);
  // Recorded by the press that made the request (right after its insert: a repeat inserted nothing).
  const audit = auditAfterChange(app, {
    actor: actorOf(viewer),
    action: "match.requested",
    businessId: viewer.business.id,
    subject: { type: "match_request", id },
    detail: { category: categoryLabel(from.category), from: MATCH_SOURCE_WORDS[from.source] },
  });
  const [inserted] = await app.db.batch([insert, audit, link]);
  // Only the press that created the request starts matching; a repeat finds it under way.
  if (inserted[0]) await startMatching(app, inserted[0].id, origin);
}

/**
 * POST /api/matching/matchRequest/create-from-report/{id}: a match request made from the
 * business's published report — category from the report, no consulting type, the summary as
 * the problem statement, status 'submitted' with its sentence, then matching starts. Idempotent
 * through the unique (source, source_id); answers the same message every time. The report is read first (its
 * business and published state never go back), so an unknown or foreign id is a 404 with
 * nothing written.
 */
export async function createMatchFromReport(app: AppContext, viewer: ClientViewer, reportId: string, origin: string) {
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
  await convertToMatch(
    app,
    viewer,
    {
      source: "insight_report",
      id: report.id,
      category: report.category,
      problemStatement: report.summary,
    },
    origin,
  );
  return { ok: true, message: MATCH_REQUEST_CREATED_MESSAGE } as const;
}

/**
 * POST /api/matching/matchRequest/create-from-value-insight/{id}: the same for a value insight
 * of the business (its summary becomes the problem statement).
 */
export async function createMatchFromValueInsight(
  app: AppContext,
  viewer: ClientViewer,
  valueInsightId: string,
  origin: string,
) {
  const query = app.db
    .select({
      id: valueInsights.id,
      category: valueInsights.category,
      title: valueInsights.title,
      summary: valueInsights.summary,
    })
    .from(valueInsights)
    .where(and(eq(valueInsights.id, valueInsightId), eq(valueInsights.businessId, viewer.business.id)))
    .limit(1);
  // A benchmark_gap insight's summary as it reads, from its year's report (ADR 060), same batch.
  const report = benchmarkGapReportQuery(app, viewer.business.id, valueInsightId);
  const [rows, reportRows] = report ? await runReads(app.db, [query, report]) : [await query, []];
  const insight = rows[0];
  if (!insight) return { ok: false, status: 404, msg: VALUE_INSIGHT_NOT_FOUND_MESSAGE } as const;
  await convertToMatch(
    app,
    viewer,
    {
      source: "value_insight",
      id: insight.id,
      category: insight.category,
      problemStatement: benchmarkGapTextsAsRead(insight, reportRows).summary,
    },
    origin,
  );
  return { ok: true, message: MATCH_REQUEST_CREATED_MESSAGE } as const;
}

/** The basic fields of a match request (spec §3 "Match request"), as the create answer carries them. */
export type CreatedMatchRequestView = {
  _id: string;
  matchRequestId: string;
  /** ISO 8601. */
  createdAt: string;
  /** The status sentence (matchStatusText). */
  value: string;
  requestInfo: { category: string; consultingType: string; problemStatement: string };
};

export type CreateMatchResult =
  | { ok: true; created: boolean; msg: string; matchRequest: CreatedMatchRequestView }
  | { ok: false; status: 400 | 409; msg: string; fieldErrors?: Record<string, string[]> };

type MatchRow = typeof matchRequests.$inferSelect;

function toCreatedView(row: MatchRow): CreatedMatchRequestView {
  return {
    _id: row.id,
    matchRequestId: row.id,
    createdAt: row.createdAt.toISOString(),
    value: matchStatusText(row),
    requestInfo: {
      category: row.category,
      // spec §5: unset is sent as '' and read back the same way.
      consultingType: row.consultingType ?? "",
      problemStatement: row.problemStatement,
    },
  };
}

const matchFilesInvalid: CreateMatchResult = {
  ok: false,
  status: 400,
  msg: MATCH_FILES_INVALID_MESSAGE,
  fieldErrors: { files: [MATCH_FILES_INVALID_MESSAGE] },
};
const matchConflict: CreateMatchResult = { ok: false, status: 409, msg: MATCH_REQUEST_CONFLICT_MESSAGE };

/**
 * The business's uploads among `names` that can still be attached (its own, linked to nothing),
 * with the names the person gave them, in the order asked. The wizard's no-JavaScript pages use
 * it to list the files a plain file input stored.
 */
export async function attachableFiles(
  app: AppContext,
  businessId: string,
  names: readonly string[],
): Promise<{ fileName: string; originalName: string; size: number }[]> {
  const valid = [...new Set(names)].filter(isStoredFileName);
  if (valid.length === 0) return [];
  const rows = await app.db
    .select({ r2Key: files.r2Key, originalName: files.originalName, size: files.sizeBytes })
    .from(files)
    .where(freeFilesOf(businessId, businessFileKeys(businessId, valid)));
  const byKey = new Map(rows.map((row) => [row.r2Key, row]));
  return valid.flatMap((name) => {
    const row = byKey.get(`biz/${businessId}/${name}`);
    return row ? [{ fileName: name, originalName: row.originalName, size: row.size }] : [];
  });
}

/**
 * Creates the caller's match request (input parsed by MatchRequestPayloadSchema or the wizard's
 * MatchWizardFormSchema), the way createInsightRequest does:
 *
 * 1. One read round trip: the row with `requestId` (if given) and how many of the named files are
 *    free (the caller's business, linked to nothing). The same id already the caller's → that
 *    request, created: false, and matching is not started again; another business's → 409,
 *    nothing written. A malformed, unknown, foreign or already linked file → 400, nothing written.
 * 2. One write batch: INSERT … SELECT … WHERE every named file is still free (so a concurrent link
 *    can't leave the request half-attached), the files' UPDATE (purpose match_request) guarded
 *    by the row this call inserted, and the read-back.
 * 3. A new request goes to runMatching; the answer carries its status after that.
 *
 * `requestedConsultantId`: the consultant the business asked for from their public profile
 * (requestConsultant checks they are shown); matching puts them on the shortlist and the console
 * names them.
 */
export async function createMatchRequest(
  app: AppContext,
  viewer: ClientViewer,
  input: MatchRequestInput,
  origin: string,
  { requestedConsultantId = null }: { requestedConsultantId?: string | null } = {},
): Promise<CreateMatchResult> {
  const business = viewer.business;
  const id = input.requestId ?? crypto.randomUUID();
  const names = [...new Set(input.files)];
  if (names.some((name) => !isStoredFileName(name))) return matchFilesInvalid;
  const keys = businessFileKeys(business.id, names);
  const freeFiles = freeFilesOf(business.id, keys);
  const readRow = () =>
    app.db
      .select()
      .from(matchRequests)
      .where(and(eq(matchRequests.id, id), eq(matchRequests.businessId, business.id)))
      .limit(1);

  // 1. Reads (one round trip).
  const [existing, free] = await app.db.batch([
    app.db
      .select({ businessId: matchRequests.businessId })
      .from(matchRequests)
      .where(eq(matchRequests.id, id))
      .limit(1),
    app.db
      .select({ n: sql<number>`count(*)` })
      .from(files)
      .where(freeFiles),
  ]);
  if (existing[0]) {
    if (existing[0].businessId !== business.id) return matchConflict;
    const [row] = await readRow();
    return row
      ? { ok: true, created: false, msg: MATCH_REQUEST_CREATED_MESSAGE, matchRequest: toCreatedView(row) }
      : matchConflict;
  }
  if (Number(free[0]?.n ?? 0) !== keys.length) return matchFilesInvalid;

  // 2. Writes (one atomic batch) and the read-back.
  const at = app.now().getTime();
  const filesStillFree = sql`(SELECT count(*) FROM ${files} WHERE ${freeFiles}) = ${keys.length}`;
  // Every value is named after its column; drizzle checks names and order against the table.
  const insert = app.db
    .insert(matchRequests)
    .select(
      app.db
        .select({
          id: columnValue(id, "id"),
          businessId: columnValue(business.id, "business_id"),
          createdByUserId: columnValue(viewer.user.id, "created_by_user_id"),
          category: columnValue(input.category, "category"),
          consultingType: columnValue(input.consultingType, "consulting_type"),
          problemStatement: columnValue(input.problemStatement, "problem_statement"),
          status: columnValue("submitted", "status"),
          source: columnValue("direct", "source"),
          sourceId: columnValue(null, "source_id"),
          matchedConsultantId: columnValue(null, "matched_consultant_id"),
          assignedManagerId: columnValue(null, "assigned_manager_id"),
          requestedConsultantId: columnValue(requestedConsultantId, "requested_consultant_id"),
          rankedAt: columnValue(null, "ranked_at"),
          nextCandidateBy: columnValue(null, "next_candidate_by"),
          matchedAt: columnValue(null, "matched_at"),
          clientSatisfaction: columnValue(null, "client_satisfaction"),
          clientFeedback: columnValue(null, "client_feedback"),
          feedbackAt: columnValue(null, "feedback_at"),
          createdAt: columnValue(at, "created_at"),
          updatedAt: columnValue(at, "updated_at"),
        })
        .from(sql`(SELECT 1)`)
        .where(filesStillFree),
    )
    .onConflictDoNothing()
    .returning({ id: matchRequests.id });
  const linkRequestFiles = linkFiles(
    app.db,
    business.id,
    keys,
    { matchRequestId: id },
    insertedByThisCall(matchRequests, id, business.id, at),
  );
  const audit = auditAfterChange(app, {
    actor: actorOf(viewer),
    action: "match.requested",
    businessId: business.id,
    subject: { type: "match_request", id },
    detail: { category: categoryLabel(input.category) },
  });
  const [inserted, , , rows] = await app.db.batch([insert, audit, linkRequestFiles, readRow()]);

  const row = rows[0];
  if (!row) {
    // Nothing inserted and nothing of ours: another business took the id meanwhile, or a file
    // was linked meanwhile.
    const [taken] = await app.db
      .select({ id: matchRequests.id })
      .from(matchRequests)
      .where(eq(matchRequests.id, id))
      .limit(1);
    return taken ? matchConflict : matchFilesInvalid;
  }
  if (inserted.length === 0) {
    // A concurrent submit with the same key made it: answer that one, without matching again.
    return { ok: true, created: false, msg: MATCH_REQUEST_CREATED_MESSAGE, matchRequest: toCreatedView(row) };
  }
  await startMatching(app, id, origin);
  const [after] = await readRow();
  return {
    ok: true,
    created: true,
    msg: MATCH_REQUEST_CREATED_MESSAGE,
    matchRequest: toCreatedView(after ?? row),
  };
}
