import { and, eq, ne, or, sql } from "drizzle-orm";
import { matchCandidates, matchRequests, users } from "~db/schema";
import {
  CANDIDACY_CLOSED_NOTICE,
  CANDIDATE_NOT_FOUND_MESSAGE,
  CANDIDATE_NOT_OPEN_MESSAGE,
  CANDIDATE_REJECTED_NOTICE,
  CANDIDATE_WITHDRAWN_MESSAGE,
  CONSULTANT_MATCHED_NOTICE,
  MATCH_NOT_FOUND_MESSAGE,
  NEXT_CANDIDATE_BUSINESS_DAYS,
  addBusinessDays,
  candidateAcceptedMessage,
  candidateRejectedMessage,
} from "~/lib/matching/match-copy";
import type { BusinessDecisionInput } from "~/lib/matching/match-view";
import { categoryLabel, fullName } from "~/lib/shared/format";
import { managerIds, notify, type Notice } from "~/server/notifications/notify.server";
import type { AppContext } from "~/server/load-context";
import type { ClientViewer } from "~/server/identity/session.server";
import { afterCandidateLeft } from "./request-after-candidate.server";
import { runMatching } from "./run-matching.server";
import { CANDIDACIES_PATH } from "~/lib/consultants/portal";
import { actorOf, auditStatementWhen } from "~/server/audit/audit.server";

export type DecisionResult = { ok: true; msg: string } | { ok: false; status: 404 | 409; msg: string };

type State = {
  match: {
    id: string;
    status: string;
    category: string;
    nextCandidateBy: Date | null;
    assignedManagerId: string | null;
  } | null;
  candidate: {
    id: string;
    consultantId: string;
    status: string;
    businessDecisionStatus: string;
    decidedAt: Date | null;
    withdrawalReason: string | null;
    firstName: string;
    lastName: string;
  } | null;
};

/**
 * The business accepts or rejects a suggested candidate (spec §4 "Candidate decision"; the status
 * table of the matching plan). Only a candidate who accepted the candidacy and is still waiting
 * for the business can be decided, and only while the request awaits a decision. Every move is a
 * conditional UPDATE inside ONE db.batch, each later write guarded by the earlier one's exact
 * mark (the decision's time), so a repeat or a race changes nothing and answers the outcome that
 * stands: the same decision again is the same success, another decision a 409.
 */
export async function decideCandidate(
  app: AppContext,
  viewer: ClientViewer,
  matchRequestId: string,
  input: BusinessDecisionInput,
  origin: string,
): Promise<DecisionResult> {
  const businessId = viewer.business.id;
  const { consultantId, decision } = input;
  const now = app.now();
  const nowMs = now.getTime();

  const decidable = and(
    eq(matchCandidates.matchRequestId, matchRequestId),
    eq(matchCandidates.businessId, businessId),
    eq(matchCandidates.consultantId, consultantId),
    eq(matchCandidates.status, "accepted"),
    eq(matchCandidates.businessDecisionStatus, "pending"),
    sql`EXISTS (SELECT 1 FROM match_requests AS m WHERE m.id = ${matchRequestId}
      AND m.business_id = ${businessId} AND m.status = 'awaiting_decision')`,
  );
  // Before the decision, on its own condition (the batch runs alone, so the decision follows):
  // a repeat or a race finds it decided and records nothing.
  const audit = auditStatementWhen(
    app,
    {
      actor: actorOf(viewer),
      action: decision === "accepted" ? "candidate.accepted" : "candidate.rejected",
      businessId,
      subject: { type: "consultant", id: consultantId },
      detail: sql`json_object('consultant', (SELECT trim(u.first_name || ' ' || u.last_name) FROM users AS u WHERE u.id = ${consultantId}))`,
    },
    { from: matchCandidates, where: decidable },
  );
  const decide = app.db
    .update(matchCandidates)
    .set({ businessDecisionStatus: decision, decidedAt: now, updatedAt: now })
    .where(decidable)
    .returning({ id: matchCandidates.id });
  // Written by this very batch: the candidate carries this decision with this batch's time.
  const decidedNow = sql`EXISTS (SELECT 1 FROM match_candidates AS c WHERE c.match_request_id = ${matchRequestId}
    AND c.consultant_id = ${consultantId} AND c.business_decision_status = ${decision} AND c.decided_at = ${nowMs})`;
  const ownAwaiting = and(
    eq(matchRequests.id, matchRequestId),
    eq(matchRequests.businessId, businessId),
    eq(matchRequests.status, "awaiting_decision"),
  );
  const readMatch = app.db
    .select({
      id: matchRequests.id,
      status: matchRequests.status,
      category: matchRequests.category,
      nextCandidateBy: matchRequests.nextCandidateBy,
      assignedManagerId: matchRequests.assignedManagerId,
    })
    .from(matchRequests)
    .where(and(eq(matchRequests.id, matchRequestId), eq(matchRequests.businessId, businessId)))
    .limit(1);
  const readCandidate = app.db
    .select({
      id: matchCandidates.id,
      consultantId: matchCandidates.consultantId,
      status: matchCandidates.status,
      businessDecisionStatus: matchCandidates.businessDecisionStatus,
      decidedAt: matchCandidates.decidedAt,
      withdrawalReason: matchCandidates.withdrawalReason,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(matchCandidates)
    .innerJoin(users, eq(users.id, matchCandidates.consultantId))
    .where(
      and(
        eq(matchCandidates.matchRequestId, matchRequestId),
        eq(matchCandidates.businessId, businessId),
        eq(matchCandidates.consultantId, consultantId),
      ),
    )
    .limit(1);

  if (decision === "accepted") {
    const [, decided, , withdrawn, matchRows, candidateRows] = await app.db.batch([
      audit,
      decide,
      app.db
        .update(matchRequests)
        .set({
          status: "consultant_matched",
          matchedConsultantId: consultantId,
          matchedAt: now,
          nextCandidateBy: null,
          updatedAt: now,
        })
        .where(and(ownAwaiting, decidedNow)),
      // Everyone else still in the running is told the position is filled.
      app.db
        .update(matchCandidates)
        .set({ status: "withdrawn", withdrawalReason: "matched_elsewhere", withdrawnAt: now, updatedAt: now })
        .where(
          and(
            eq(matchCandidates.matchRequestId, matchRequestId),
            eq(matchCandidates.businessId, businessId),
            ne(matchCandidates.consultantId, consultantId),
            or(
              eq(matchCandidates.status, "proposed"),
              and(eq(matchCandidates.status, "accepted"), eq(matchCandidates.businessDecisionStatus, "pending")),
            ),
            sql`EXISTS (SELECT 1 FROM match_requests AS m WHERE m.id = ${matchRequestId}
              AND m.matched_consultant_id = ${consultantId} AND m.matched_at = ${nowMs})`,
          ),
        )
        .returning({ consultantId: matchCandidates.consultantId }),
      readMatch,
      readCandidate,
    ]);
    const state: State = { match: matchRows[0] ?? null, candidate: candidateRows[0] ?? null };
    if (decided.length === 0) return settled(state, decision);
    const candidate = state.candidate!;
    const name = fullName(candidate.firstName, candidate.lastName);
    await tell(app, origin, [
      {
        userId: consultantId,
        businessId,
        kind: "consultant_matched",
        title: CONSULTANT_MATCHED_NOTICE.consultantTitle,
        body: CONSULTANT_MATCHED_NOTICE.consultantBody(viewer.business.name),
        link: `/consultant/candidacies/${candidate.id}`,
        action: "Open the candidacy",
        fields: [{ label: "Business area", value: categoryLabel(state.match!.category) }],
        footer: "You get this email because you accepted a candidacy on Partwise.",
      },
      ...(await managersOf(app, state.match!.assignedManagerId)).map((userId): Notice => ({
        userId,
        businessId,
        kind: "consultant_matched",
        title: CONSULTANT_MATCHED_NOTICE.managerTitle,
        body: CONSULTANT_MATCHED_NOTICE.managerBody(viewer.business.name, name),
        link: `/manage/matches/${matchRequestId}`,
        action: "Open the match",
        footer: "You get this email because you are an engagement manager on Partwise.",
      })),
      ...withdrawn.map((row): Notice => ({
        userId: row.consultantId,
        businessId,
        kind: "candidacy_withdrawn",
        title: CANDIDACY_CLOSED_NOTICE.withdrawnTitle,
        body: CANDIDACY_CLOSED_NOTICE.withdrawnBody(viewer.business.name),
        link: CANDIDACIES_PATH,
        action: "Open your candidacies",
        footer: "You get this email because you were a candidate on Partwise.",
      })),
    ]);
    return { ok: true, msg: candidateAcceptedMessage(name) };
  }

  const nextBy = addBusinessDays(now, NEXT_CANDIDATE_BUSINESS_DAYS);
  // After the rejection: another candidate waiting for the business, else one waiting for the
  // consultant's answer, else back to the engine and the manager with a promised date.
  const [, decided, , matchRows, candidateRows] = await app.db.batch([
    audit,
    decide,
    app.db
      .update(matchRequests)
      .set({ ...afterCandidateLeft(matchRequestId, nextBy), updatedAt: now })
      .where(and(ownAwaiting, decidedNow)),
    readMatch,
    readCandidate,
  ]);
  const state: State = { match: matchRows[0] ?? null, candidate: candidateRows[0] ?? null };
  if (decided.length === 0) return settled(state, decision);
  const candidate = state.candidate!;
  try {
    await runMatching(app, matchRequestId, origin, { tellManagers: false });
  } catch (error) {
    // The rejection stands; the manager's console can re-run the ranking.
    console.error(`Matching could not re-run for match request ${matchRequestId}:`, error);
  }
  const name = fullName(candidate.firstName, candidate.lastName);
  await tell(app, origin, [
    ...(await managersOf(app, state.match!.assignedManagerId)).map((userId): Notice => ({
      userId,
      businessId,
      kind: "candidate_rejected",
      title: CANDIDATE_REJECTED_NOTICE.title,
      body: CANDIDATE_REJECTED_NOTICE.body(viewer.business.name, name),
      link: `/manage/matches/${matchRequestId}`,
      action: "Open the match",
      footer: "You get this email because you are an engagement manager on Partwise.",
    })),
    {
      userId: consultantId,
      businessId,
      kind: "candidacy_withdrawn",
      title: CANDIDACY_CLOSED_NOTICE.notChosenTitle,
      body: CANDIDACY_CLOSED_NOTICE.notChosenBody(viewer.business.name),
      link: CANDIDACIES_PATH,
      action: "Open your candidacies",
      footer: "You get this email because you were a candidate on Partwise.",
    },
  ]);
  return { ok: true, msg: candidateRejectedMessage(promisedBy(state, now)) };
}

/**
 * The answer when this call changed nothing: the request or candidate does not exist for this
 * business (404), the same decision already stands (the same success again), the candidate was
 * withdrawn by an engagement manager (409 that says so), or the candidate is not open to this
 * decision (409).
 */
function settled(state: State, decision: BusinessDecisionInput["decision"]): DecisionResult {
  if (!state.match) return { ok: false, status: 404, msg: MATCH_NOT_FOUND_MESSAGE };
  const candidate = state.candidate;
  if (!candidate) return { ok: false, status: 404, msg: CANDIDATE_NOT_FOUND_MESSAGE };
  if (candidate.status === "accepted" && candidate.businessDecisionStatus === decision) {
    return decision === "accepted"
      ? { ok: true, msg: candidateAcceptedMessage(fullName(candidate.firstName, candidate.lastName)) }
      : { ok: true, msg: candidateRejectedMessage(promisedBy(state, candidate.decidedAt ?? new Date(0))) };
  }
  // Unvetted or paused while the business was deciding (or before its stale Accept arrived).
  if (candidate.status === "withdrawn" && ["unvetted", "paused"].includes(candidate.withdrawalReason ?? "")) {
    return { ok: false, status: 409, msg: CANDIDATE_WITHDRAWN_MESSAGE };
  }
  return { ok: false, status: 409, msg: CANDIDATE_NOT_OPEN_MESSAGE };
}

/**
 * The date a rejection's answer promises the next candidate by: the stored promise when the
 * request went back to matching, else (another candidate is already on the way) the usual
 * two business days from the decision.
 */
function promisedBy(state: State, decidedAt: Date): Date {
  return state.match?.nextCandidateBy ?? addBusinessDays(decidedAt, NEXT_CANDIDATE_BUSINESS_DAYS);
}

/** The request's engagement manager, or every manager while nobody has taken it. */
async function managersOf(app: AppContext, assignedManagerId: string | null): Promise<string[]> {
  return assignedManagerId ? [assignedManagerId] : managerIds(app);
}

/** The decision has been saved: a notice that cannot be written is logged, never undoes it. */
async function tell(app: AppContext, origin: string, notices: Notice[]): Promise<void> {
  try {
    await notify(app, origin, notices);
  } catch (error) {
    console.error("The notices of a business decision could not be written:", error);
  }
}
