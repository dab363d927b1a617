import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { can } from "~/lib/business/permissions";
import { ROLE_FORBIDDEN_MESSAGE } from "~/lib/business/role-refusal";
import { THREAD_CLOSED_MESSAGE } from "~/lib/conversations/thread-copy";
import { businessSeesThread, partyOfRole, threadClosed, type ThreadFacts } from "~/lib/conversations/thread-rules";
import type { AppContext } from "~/server/load-context";
import { getViewer, type Viewer } from "~/server/identity/session.server";
import { businesses, deliveryOutlines, matchCandidates, matchRequests, users } from "~db/schema";
import type { MatchCategory, MemberTier, ThreadParty } from "~db/enums";

/**
 * Who takes part in a thread (issue #39 item 1, docs/decisions/072). A thread is a match
 * candidacy: the engagement managers read and write in every thread; the consultant in their own
 * candidacies' threads; the business (its members, by role) once the consultant said yes. A
 * closed thread (declined, withdrawn, rejected) stays readable to who saw it and takes no message.
 * Anyone else reads it as not found.
 */

/** The facts of a thread the pages and the checks read, from its candidacy and the rows around it. */
export type ThreadRow = ThreadFacts & {
  id: string;
  businessId: string;
  consultantId: string;
  matchRequestId: string;
  category: MatchCategory;
  assignedManagerId: string | null;
  businessName: string;
  /** The business's plan, whose storage a message's files take. */
  businessTier: MemberTier;
  consultantFirstName: string;
  consultantLastName: string;
  /** The engagement (plan) of this match with this consultant, once there is one. */
  outlineId: string | null;
  /** Whether the business has signed a version of that plan. */
  planSigned: boolean;
};

/** The select of a thread's facts (one row per candidacy); callers add their own where. */
export function threadRowQuery(app: AppContext) {
  return app.db
    .select({
      id: matchCandidates.id,
      businessId: matchCandidates.businessId,
      consultantId: matchCandidates.consultantId,
      matchRequestId: matchCandidates.matchRequestId,
      status: matchCandidates.status,
      businessDecisionStatus: matchCandidates.businessDecisionStatus,
      consultantRespondedAt: matchCandidates.consultantRespondedAt,
      category: matchRequests.category,
      assignedManagerId: matchRequests.assignedManagerId,
      businessName: businesses.name,
      businessTier: businesses.memberTier,
      consultantFirstName: users.firstName,
      consultantLastName: users.lastName,
      // Aliased: D1's batch answers rows by column name, and a second `id` would overwrite the first.
      outlineId: sql<string | null>`${deliveryOutlines.id}`.as("outline_id"),
      planSigned: sql<boolean>`${deliveryOutlines.signedVersion} IS NOT NULL`.mapWith(Boolean),
    })
    .from(matchCandidates)
    .innerJoin(matchRequests, eq(matchRequests.id, matchCandidates.matchRequestId))
    .innerJoin(businesses, eq(businesses.id, matchCandidates.businessId))
    .innerJoin(users, eq(users.id, matchCandidates.consultantId))
    .leftJoin(
      deliveryOutlines,
      and(
        eq(deliveryOutlines.matchRequestId, matchCandidates.matchRequestId),
        eq(deliveryOutlines.consultantId, matchCandidates.consultantId),
      ),
    );
}

/** One thread's facts, unrun (for a page's batch). */
export function threadRowById(app: AppContext, threadId: string) {
  return threadRowQuery(app).where(eq(matchCandidates.id, threadId)).limit(1);
}

/** What the viewer may do in a thread they take part in. */
export type ThreadAccess = {
  threadId: string;
  /** The business of the match, and its plan (whose storage a message's files take). */
  businessId: string;
  businessTier: MemberTier;
  userId: string;
  party: ThreadParty;
  closed: boolean;
  /** Whether the viewer may write now: the thread is open, and a business member's role writes. */
  canWrite: boolean;
  /** A business member whose role only reads (a viewer): the page says so where the form would be. */
  readOnlyRole: boolean;
};

/** The viewer's part in the thread `row`, or null when they take no part (they read it as not found). */
export function accessOf(viewer: Viewer, row: ThreadRow | undefined): ThreadAccess | null {
  if (!row) return null;
  const party = partyOfRole(viewer.user.role);
  const closed = threadClosed(row);
  const base = {
    threadId: row.id,
    businessId: row.businessId,
    businessTier: row.businessTier,
    userId: viewer.user.id,
    closed,
  };
  if (party === "manager") return { ...base, party, canWrite: !closed, readOnlyRole: false };
  if (party === "consultant") {
    return row.consultantId === viewer.user.id ? { ...base, party, canWrite: !closed, readOnlyRole: false } : null;
  }
  if (party === "business" && viewer.business?.id === row.businessId && viewer.member && businessSeesThread(row)) {
    const writes = can(viewer.member.role, "writeMessages");
    return { ...base, party, canWrite: !closed && writes, readOnlyRole: !writes };
  }
  return null;
}

/** The viewer's part in a thread, read from D1 (one round trip). */
export async function threadAccess(app: AppContext, viewer: Viewer, threadId: string): Promise<ThreadAccess | null> {
  const [row] = await threadRowById(app, threadId);
  return accessOf(viewer, row);
}

export type ThreadReader = { userId: string; threadId: string };

/**
 * The signed-in person who may read this thread (the session, their role and their part
 * checked), or null: the live socket's check (docs/decisions/073). Two round trips.
 */
export async function threadReaderFromRequest(
  app: AppContext,
  request: Request,
  threadId: string,
): Promise<ThreadReader | null> {
  const viewer = await getViewer(app, request);
  if (!viewer) return null;
  const access = await threadAccess(app, viewer, threadId);
  return access ? { userId: access.userId, threadId: access.threadId } : null;
}

/**
 * The threads business `businessId` takes part in, as a subquery of their ids: SQL of
 * thread-rules.ts businessSeesThread (the consultant said yes), for the reads of other domains (the
 * Documents Hub, the export) that must not show the business a thread it cannot open.
 */
export const threadsSeenBy = (businessId: string | SQLWrapper) =>
  sql`(SELECT c.id FROM match_candidates c WHERE c.business_id = ${businessId} AND (c.status = 'accepted' OR (c.status = 'withdrawn' AND c.consultant_responded_at IS NOT NULL)))`;

/** The candidacy is still open: SQL over match_candidates (thread-rules.ts threadClosed, negated). */
export const candidacyOpen = (threadId: string) =>
  sql`EXISTS (SELECT 1 FROM match_candidates c WHERE c.id = ${threadId}
    AND c.status NOT IN ('declined', 'withdrawn') AND c.business_decision_status != 'rejected')`;

/** A write refused to someone who takes part in the thread: it is closed, or their role only reads. */
export type ThreadWriteRefusal = { ok: false; status: 403 | 409; msg: string };

/** Why the viewer may not write in a thread they take part in, or null when they may. */
export function writeRefusal(access: ThreadAccess): ThreadWriteRefusal | null {
  if (access.closed) return { ok: false, status: 409, msg: THREAD_CLOSED_MESSAGE };
  if (!access.canWrite) return { ok: false, status: 403, msg: ROLE_FORBIDDEN_MESSAGE };
  return null;
}

/**
 * What a keyed insert (a message, a call: the form's one-time key is the row's id) that added
 * nothing comes to, from the row that holds the key, if any: the same person's earlier submit in
 * this thread ("done"), someone else's key ("not-found"), or the candidacy closed between the
 * check and the write ("closed").
 */
export function keyedReplay(
  existing: { ownerId: string | null; threadId: string } | undefined,
  userId: string,
  threadId: string,
): "done" | "not-found" | "closed" {
  if (!existing) return "closed";
  return existing.ownerId === userId && existing.threadId === threadId ? "done" : "not-found";
}
