import { sql, type SQLWrapper } from "drizzle-orm";
import type { MatchRequestStatus } from "~db/enums";

/**
 * What a request still looking for its consultant becomes once one of its candidates leaves it
 * (the business rejected them, or an engagement manager withdrew them, issue #36 item 4): another
 * candidate waiting for the business's decision → `awaiting_decision`; else one asked and not
 * answered yet → `candidates_proposed`; else back to smart matching (`matching`) with the promised
 * date of the next candidate (the status sentence follows from them: matchStatusText). The `set`
 * of the caller's UPDATE of match_requests, read in SQL when it runs, so it sees the leaving
 * candidate's own row as the same batch changed it just before.
 * `requestId` is the request's id, or its column inside that UPDATE.
 */
export function afterCandidateLeft(requestId: SQLWrapper | string, nextBy: Date) {
  const otherWaiting = sql`EXISTS (SELECT 1 FROM match_candidates AS o WHERE o.match_request_id = ${requestId}
    AND o.status = 'accepted' AND o.business_decision_status = 'pending')`;
  const otherProposed = sql`EXISTS (SELECT 1 FROM match_candidates AS o WHERE o.match_request_id = ${requestId}
    AND o.status = 'proposed')`;
  return {
    status: sql<MatchRequestStatus>`CASE WHEN ${otherWaiting} THEN 'awaiting_decision'
      WHEN ${otherProposed} THEN 'candidates_proposed' ELSE 'matching' END`,
    nextCandidateBy: sql<
      number | null
    >`CASE WHEN ${otherWaiting} OR ${otherProposed} THEN NULL ELSE ${nextBy.getTime()} END`,
  };
}
