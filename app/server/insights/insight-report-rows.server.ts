// The writes other domains make to insight_reports (ADR 057: each domain owns its tables): matching
// links the match request made from a published report. The statement is answered unrun, for the
// caller's db.batch.
import { and, eq, type SQL } from "drizzle-orm";
import type { Database } from "~db/index";
import { insightReports } from "~db/schema";

/** The match request made from the business's report `id` (`matchId`, a subselect of that row). */
export function linkInsightReportToMatch(db: Database, id: string, businessId: string, matchId: SQL<string>) {
  return db
    .update(insightReports)
    .set({ convertedToMatchRequestId: matchId })
    .where(and(eq(insightReports.id, id), eq(insightReports.businessId, businessId)));
}
