import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { membersWhoMayColumn } from "~/server/business/members.server";
import type { BatchResponse } from "drizzle-orm/batch";
import { businesses, matchCandidates, matchRequests, users } from "~db/schema";
import type { MatchRequestStatus } from "~db/enums";
import { CANDIDACIES_PATH } from "~/lib/consultants/portal";
import { OPEN_MATCH_STATUSES } from "~/lib/matching/candidacy-state";
import { addBusinessDays, CANDIDATE_WITHDRAWN_NOTICE, NEXT_CANDIDATE_BUSINESS_DAYS } from "~/lib/matching/match-copy";
import { categoryLabel, fullName } from "~/lib/shared/format";
import { discardUnsignedPlans } from "~/server/engagements/plan-withdrawal.server";
import type { AppContext } from "~/server/load-context";
import { managerIds, notify, noticesTo, type Notice } from "~/server/notifications/notify.server";
import { afterCandidateLeft } from "./request-after-candidate.server";
import { runMatching } from "./run-matching.server";

/**
 * Withdrawing a consultant's open candidacies when an engagement manager unvets or pauses them
 * (issue #36 item 4, ADR 024). Matching owns match requests and candidacies, so the consultants
 * domain calls these two functions: `candidacyWithdrawal` returns the statements for the caller's
 * own batch (the vetting flip and the withdrawal land together, or not at all), and
 * `afterCandidacyWithdrawal` reads their results and tells people, then ranks again.
 *
 * Open means not yet turned into a signed engagement:
 * - proposed, on a request still looking (the business never saw the consultant);
 * - accepted by the consultant, the business not decided yet;
 * - accepted by the business, the plan not signed yet (consultant_matched, outline_draft,
 *   outline_proposed): the match goes back to smart matching and the unsigned plan is withdrawn
 *   with its consultant (engagements' `discardUnsignedPlans`).
 * A signed engagement (engagement_active, completed) goes on; the manager handles it with the
 * business. Every write is conditional on the consultant being out of the pool at that moment
 * (`outOfPool`, the caller's condition on its own table), so a repeat changes nothing and a vet
 * that landed first withdraws nothing.
 */

export type WithdrawalReason = "unvetted" | "paused";

/** The request statuses at which a business has accepted its consultant but signed no plan yet. */
const UNSIGNED_MATCH_STATUSES: readonly MatchRequestStatus[] = [
  "consultant_matched",
  "outline_draft",
  "outline_proposed",
];

const list = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * The statements of the withdrawal, for the caller's db.batch (after its own writes, in this
 * order). `outOfPool` is true while the consultant is unvetted or paused.
 */
export function candidacyWithdrawal(
  app: AppContext,
  consultantId: string,
  reason: WithdrawalReason,
  now: Date,
  outOfPool: SQL,
) {
  const { db } = app;
  const nowMs = now.getTime();
  const nextBy = addBusinessDays(now, NEXT_CANDIDATE_BUSINESS_DAYS);
  const requestOpen = sql`EXISTS (SELECT 1 FROM match_requests AS mr WHERE mr.id = ${matchCandidates.matchRequestId}
    AND mr.status IN (${list(OPEN_MATCH_STATUSES)}))`;
  const matchedUnsigned = sql`EXISTS (SELECT 1 FROM match_requests AS mr WHERE mr.id = ${matchCandidates.matchRequestId}
    AND mr.matched_consultant_id = ${consultantId} AND mr.status IN (${list(UNSIGNED_MATCH_STATUSES)}))`;
  const withdraw = { status: "withdrawn" as const, withdrawalReason: reason, withdrawnAt: now, updatedAt: now };
  // The requests whose candidacy of this consultant this very batch withdrew (its reason and instant).
  const withdrawnHere = (decision: "pending" | "accepted") =>
    sql`(SELECT c.match_request_id FROM match_candidates AS c WHERE c.consultant_id = ${consultantId}
      AND c.status = 'withdrawn' AND c.withdrawal_reason = ${reason} AND c.withdrawn_at = ${nowMs}
      AND c.business_decision_status = ${decision})`;

  return [
    // Proposed only: the business never saw them.
    db
      .update(matchCandidates)
      .set(withdraw)
      .where(
        and(
          eq(matchCandidates.consultantId, consultantId),
          eq(matchCandidates.status, "proposed"),
          eq(matchCandidates.businessDecisionStatus, "pending"),
          requestOpen,
          outOfPool,
        ),
      )
      .returning({ id: matchCandidates.id }),
    // Accepted by the consultant: the business saw them, waiting for its decision or having chosen them.
    db
      .update(matchCandidates)
      .set(withdraw)
      .where(
        and(
          eq(matchCandidates.consultantId, consultantId),
          eq(matchCandidates.status, "accepted"),
          sql`((${matchCandidates.businessDecisionStatus} = 'pending' AND ${requestOpen})
            OR (${matchCandidates.businessDecisionStatus} = 'accepted' AND ${matchedUnsigned}))`,
          outOfPool,
        ),
      )
      .returning({ id: matchCandidates.id }),
    // The unsigned plan goes with its consultant (one plan per match: the next consultant drafts theirs).
    discardUnsignedPlans(app, consultantId, withdrawnHere("accepted")),
    // A match the business had made goes back to smart matching, with the promised date.
    db
      .update(matchRequests)
      .set({
        status: "matching",
        nextCandidateBy: nextBy,
        matchedConsultantId: null,
        matchedAt: null,
        updatedAt: now,
      })
      .where(
        and(
          sql`${matchRequests.id} IN ${withdrawnHere("accepted")}`,
          eq(matchRequests.matchedConsultantId, consultantId),
          inArray(matchRequests.status, [...UNSIGNED_MATCH_STATUSES]),
        ),
      )
      .returning({ id: matchRequests.id }),
    // A request still looking: another candidate waiting for the business, else one asked, else
    // matching (the same reading as after a rejection).
    db
      .update(matchRequests)
      .set({ ...afterCandidateLeft(matchRequests.id, nextBy), updatedAt: now })
      .where(
        and(
          sql`${matchRequests.id} IN ${withdrawnHere("pending")}`,
          inArray(matchRequests.status, ["candidates_proposed", "awaiting_decision"]),
        ),
      )
      .returning({ id: matchRequests.id }),
    // What the notices need, read after the writes. Each name once: D1's batch keys rows by name.
    db
      .select({
        candidacyId: matchCandidates.id,
        matchRequestId: matchCandidates.matchRequestId,
        businessId: matchCandidates.businessId,
        decision: matchCandidates.businessDecisionStatus,
        category: matchRequests.category,
        // The request's status once this batch ran: 'matching' when no candidate is left on it.
        requestStatus: sql<MatchRequestStatus>`${matchRequests.status}`.as("request_status"),
        assignedManagerId: matchRequests.assignedManagerId,
        business: businesses.name,
        deciderIds: membersWhoMayColumn(businesses.id, "decideCandidates", "decider_ids"),
      })
      .from(matchCandidates)
      .innerJoin(matchRequests, eq(matchRequests.id, matchCandidates.matchRequestId))
      .innerJoin(businesses, eq(businesses.id, matchCandidates.businessId))
      .where(
        and(
          eq(matchCandidates.consultantId, consultantId),
          eq(matchCandidates.status, "withdrawn"),
          eq(matchCandidates.withdrawalReason, reason),
          eq(matchCandidates.withdrawnAt, now),
        ),
      ),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, consultantId)),
  ] as const;
}

/** What the caller's batch answered for the withdrawal's statements, in their order. */
type Results = BatchResponse<ReturnType<typeof candidacyWithdrawal>>;

/** How many candidacies were withdrawn, and how many of their matches are back in smart matching. */
export type WithdrawnCandidacies = { count: number; backInMatching: number };

/**
 * After the caller's batch ran the withdrawal's statements: tells the businesses that had seen the
 * consultant (in the app and by email, through notify), the request's engagement manager (or every
 * manager but the one who acted) and the consultant once, then ranks each request again. These
 * follow a withdrawal that already stands: a failure is logged, never undoes it.
 */
export async function afterCandidacyWithdrawal(
  app: AppContext,
  results: Results,
  context: { consultantId: string; reason: WithdrawalReason; actorId: string; origin: string },
): Promise<WithdrawnCandidacies> {
  const [unseen, seen, discarded, , , rows, people] = results;
  const count = unseen.length + seen.length;
  if (count === 0) return { count, backInMatching: 0 };
  const backInMatching = rows.filter((row) => row.requestStatus === "matching").length;
  const person = people[0];
  const name = person ? fullName(person.firstName, person.lastName) || person.email : "A consultant";
  const seenIds = new Set(seen.map((row) => row.id));
  const planWithdrawn = new Set(discarded.map((row) => row.matchRequestId));
  const areaOf = (category: string) => (category === "unknown" ? null : categoryLabel(category));
  const everyManager = rows.some((row) => row.assignedManagerId === null) ? await managerIds(app) : [];

  const notices: Notice[] = [];
  for (const row of rows) {
    if (seenIds.has(row.candidacyId)) {
      notices.push(
        ...noticesTo(row.deciderIds, {
          businessId: row.businessId,
          kind: "candidate_withdrawn",
          title: CANDIDATE_WITHDRAWN_NOTICE.businessTitle,
          body: CANDIDATE_WITHDRAWN_NOTICE.businessBody(
            name,
            areaOf(row.category),
            row.decision === "accepted",
            planWithdrawn.has(row.matchRequestId),
            row.requestStatus === "matching",
          ),
          link: `/features?matchId=${encodeURIComponent(row.matchRequestId)}`,
          action: "Open the match request",
          footer: "You get this email because your business asked Partwise for a consultant.",
        }),
      );
    }
    const managers = row.assignedManagerId ? [row.assignedManagerId] : everyManager;
    for (const userId of managers.filter((id) => id !== context.actorId)) {
      notices.push({
        userId,
        businessId: row.businessId,
        kind: "candidate_withdrawn",
        title: CANDIDATE_WITHDRAWN_NOTICE.managerTitle,
        body: CANDIDATE_WITHDRAWN_NOTICE.managerBody(name, row.business, areaOf(row.category), context.reason),
        link: `/manage/matches/${encodeURIComponent(row.matchRequestId)}`,
        action: "Open the match request",
        footer: "You get this email because you are an engagement manager on Partwise.",
      });
    }
  }
  notices.push({
    userId: context.consultantId,
    kind: "candidacy_withdrawn",
    title: CANDIDATE_WITHDRAWN_NOTICE.consultantTitle,
    body: CANDIDATE_WITHDRAWN_NOTICE.consultantBody(count, context.reason),
    link: CANDIDACIES_PATH,
    action: "Open your candidacies",
    footer: "You get this email because you were a candidate on Partwise.",
  });
  try {
    await notify(app, context.origin, notices);
  } catch (error) {
    console.error("The notices of a candidacy withdrawal could not be written:", error);
  }
  // Back into smart matching: the engine ranks each request again (the managers were told above).
  for (const matchRequestId of new Set(rows.map((row) => row.matchRequestId))) {
    try {
      await runMatching(app, matchRequestId, context.origin, { tellManagers: false });
    } catch (error) {
      console.error(`Matching after a withdrawn candidacy on ${matchRequestId} failed:`, error);
    }
  }
  return { count, backInMatching };
}
