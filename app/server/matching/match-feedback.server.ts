import { and, eq, inArray } from "drizzle-orm";
import { matchRequests } from "~db/schema";
import {
  MATCH_FEEDBACK_NOT_YET_MESSAGE,
  MATCH_FEEDBACK_SAVED_MESSAGE,
  MATCH_NOT_FOUND_MESSAGE,
} from "~/lib/matching/match-copy";
import { MATCHED_STATUSES } from "~/lib/matching/match-status";
import type { MatchFeedbackInput } from "~/lib/matching/match-view";
import type { AppContext } from "~/server/load-context";
import type { ClientViewer } from "~/server/identity/session.server";

export type MatchFeedbackResult = { ok: true; message: string } | { ok: false; status: 404 | 409; msg: string };

/**
 * The business rates its match (spec §3 Feedback): only once it has its consultant, since the
 * rating is about the match made. One conditional UPDATE and the request's status read in one
 * db.batch; a second rating overwrites the first.
 */
export async function saveMatchFeedback(
  app: AppContext,
  viewer: ClientViewer,
  input: MatchFeedbackInput,
): Promise<MatchFeedbackResult> {
  const now = app.now();
  const own = and(eq(matchRequests.id, input.matchId), eq(matchRequests.businessId, viewer.business.id));
  const [saved, found] = await app.db.batch([
    app.db
      .update(matchRequests)
      .set({
        clientSatisfaction: input.clientSatisfaction,
        clientFeedback: input.clientFeedback === "" ? null : input.clientFeedback,
        feedbackAt: now,
        updatedAt: now,
      })
      .where(and(own, inArray(matchRequests.status, [...MATCHED_STATUSES])))
      .returning({ id: matchRequests.id }),
    app.db.select({ id: matchRequests.id }).from(matchRequests).where(own).limit(1),
  ]);
  if (saved.length > 0) return { ok: true, message: MATCH_FEEDBACK_SAVED_MESSAGE };
  if (found.length > 0) return { ok: false, status: 409, msg: MATCH_FEEDBACK_NOT_YET_MESSAGE };
  return { ok: false, status: 404, msg: MATCH_NOT_FOUND_MESSAGE };
}
