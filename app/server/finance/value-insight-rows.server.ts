// The writes other domains make to value_insights (ADR 057: each domain owns its tables). Finance
// owns the value insights (it derives them from the books in report-build.server.ts); benchmarking
// keeps its one gap insight per year, insights records the business's feedback, matching links the
// match request made from one. Each function answers the statement unrun, for the caller to await
// or to put in its own db.batch; its WHERE clause is the caller's claim, kept whole.
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Database } from "~db/index";
import { valueInsights, type NewValueInsight } from "~db/schema";

type BenchmarkInsight = Pick<NewValueInsight, "kind" | "category" | "title" | "summary">;

/** Benchmarking's gap insight `id` of the year: inserted, or its texts and finance report refreshed. */
export function upsertBenchmarkInsight(
  db: Database,
  row: { id: string; businessId: string; financeReportId: string | null },
  insight: BenchmarkInsight,
  now: Date,
) {
  return db
    .insert(valueInsights)
    .values({
      id: row.id,
      businessId: row.businessId,
      financeReportId: row.financeReportId,
      kind: insight.kind,
      category: insight.category,
      title: insight.title,
      summary: insight.summary,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: valueInsights.id,
      set: {
        financeReportId: row.financeReportId,
        title: insight.title,
        summary: insight.summary,
        updatedAt: now,
      },
    });
}

/** Benchmarking's gap insight `id` no longer stands: removed unless the business rated it or made a match from it. */
export function deleteUntouchedBenchmarkInsight(db: Database, id: string) {
  return db
    .delete(valueInsights)
    .where(
      and(
        eq(valueInsights.id, id),
        isNull(valueInsights.clientSatisfaction),
        isNull(valueInsights.convertedToMatchRequestId),
      ),
    );
}

/**
 * Benchmarking's rated gap insight `id`, kept through a rebuild that found no gap: its texts set to
 * those it was rated on, as they read today (the caller's words; nothing else of the row changes).
 */
export function rewordKeptBenchmarkInsight(
  db: Database,
  id: string,
  texts: Pick<NewValueInsight, "title" | "summary">,
  now: Date,
) {
  return db
    .update(valueInsights)
    .set({ title: texts.title, summary: texts.summary, updatedAt: now })
    .where(and(eq(valueInsights.id, id), eq(valueInsights.kind, "benchmark_gap")));
}

/** The business's rating and comment on its value insight `id` (RETURNING its id: none, not theirs). */
export function recordValueInsightFeedback(
  db: Database,
  id: string,
  businessId: string,
  feedback: Pick<NewValueInsight, "clientSatisfaction" | "clientFeedback">,
  now: Date,
) {
  return db
    .update(valueInsights)
    .set({ ...feedback, feedbackAt: now, updatedAt: now })
    .where(and(eq(valueInsights.id, id), eq(valueInsights.businessId, businessId)))
    .returning({ id: valueInsights.id });
}

/** The match request made from the business's value insight `id` (`matchId`, a subselect of that row). */
export function linkValueInsightToMatch(db: Database, id: string, businessId: string, matchId: SQL<string>) {
  return db
    .update(valueInsights)
    .set({ convertedToMatchRequestId: matchId })
    .where(and(eq(valueInsights.id, id), eq(valueInsights.businessId, businessId)));
}
