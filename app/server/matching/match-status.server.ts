// The match request's status moves that the engagement's steps make (ADR 057: each domain owns its
// tables). Matching owns `match_requests`; engagements moves the request along as its plan is
// drafted, approved, signed and completed. Each function answers the UPDATE unrun, so the caller
// runs it in its own db.batch beside the plan's writes (one atomic batch). The status each move
// starts from is matching's (its sentence follows from it: matchStatusText); `guard` is the
// caller's conditional claim on its own rows (e.g. the plan just signed), kept in the WHERE so the
// request moves only when the caller's write did, exactly once under double clicks and races.
import { and, eq, inArray, ne, SQL } from "drizzle-orm";
import type { Database } from "~db/index";
import { matchRequests } from "~db/schema";

/** The consultant started the plan: consultant_matched → outline_draft. */
export function markOutlineDrafted(db: Database, matchRequestId: string, now: Date) {
  return db
    .update(matchRequests)
    .set({ status: "outline_draft", updatedAt: now })
    .where(and(eq(matchRequests.id, matchRequestId), eq(matchRequests.status, "consultant_matched")));
}

/** The manager approved the plan (`guard`): outline_draft → outline_proposed. */
export function markOutlineProposed(db: Database, matchRequestId: string, now: Date, guard: SQL) {
  return db
    .update(matchRequests)
    .set({ status: "outline_proposed", updatedAt: now })
    .where(and(eq(matchRequests.id, matchRequestId), eq(matchRequests.status, "outline_draft"), guard));
}

/** The business signed the plan (`guard`): outline_draft or outline_proposed → engagement_active. */
export function markEngagementActive(db: Database, matchRequestId: string, now: Date, guard: SQL) {
  return db
    .update(matchRequests)
    .set({ status: "engagement_active", updatedAt: now })
    .where(
      and(
        eq(matchRequests.id, matchRequestId),
        inArray(matchRequests.status, ["outline_draft", "outline_proposed"]),
        guard,
      ),
    );
}

/**
 * The engagement completed (`guards`): any status but completed → completed. `request` names the
 * request, by its id and business, or as SQL when the caller knows only its outline (a condition on
 * match_requests.id, e.g. `id = (SELECT match_request_id FROM delivery_outlines …)`).
 */
export function markMatchCompleted(
  db: Database,
  request: { id: string; businessId: string } | SQL,
  now: Date,
  ...guards: (SQL | undefined)[]
) {
  const notCompleted = ne(matchRequests.status, "completed");
  return db
    .update(matchRequests)
    .set({ status: "completed", updatedAt: now })
    .where(
      request instanceof SQL
        ? and(notCompleted, request, ...guards)
        : and(
            eq(matchRequests.id, request.id),
            eq(matchRequests.businessId, request.businessId),
            notCompleted,
            ...guards,
          ),
    );
}
