import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { membersWhoMayColumn } from "~/server/business/members.server";
import { businesses, files, matchCandidates, matchRequests, users } from "~db/schema";
import type {
  BusinessDecisionStatus,
  CandidacyWithdrawalReason,
  CandidateStatus,
  EngagementType,
  MatchRequestStatus,
} from "~db/enums";
import {
  CANDIDACY_STATE_LABELS,
  CANDIDACY_STATES,
  candidacyAreaLabel,
  candidacyNextStep,
  candidacyState,
  candidacyTypeLabel,
  employeeBandLabel,
  OPEN_MATCH_STATUSES,
  type CandidacyFacts,
  type CandidacyState,
} from "~/lib/matching/candidacy-state";
import {
  addBusinessDays,
  CANDIDACY_ALREADY_ACCEPTED_MESSAGE,
  CANDIDACY_ALREADY_DECLINED_MESSAGE,
  CANDIDACY_DECLINED_TITLE,
  CANDIDACY_NOT_FOUND_MESSAGE,
  CANDIDACY_WITHDRAWN_MESSAGE,
  candidacyDeclinedBody,
  CANDIDATE_READY_TITLE,
  candidateReadyBody,
  NEXT_CANDIDATE_BUSINESS_DAYS,
  VIEW_CANDIDATE_LABEL,
} from "~/lib/matching/match-copy";
import { formatDate } from "~/lib/shared/dates";
import { fullName } from "~/lib/shared/format";
import type { NoticeKey } from "~/lib/shared/notices";
import { findNaics } from "~/server/business/naics.server";
import type { AppContext } from "~/server/load-context";
import { managerIds, notify, noticesTo, type Notice } from "~/server/notifications/notify.server";
import { runMatching } from "./run-matching.server";
import { listedFile, type ListedFile } from "~/lib/files/listed-file";
import { requestFiles } from "~/server/files/files.server";

/**
 * The consultant's side of matching (/consultant): the candidacies an engagement manager proposed
 * them for, one candidacy with what the business shared, and their answer. Every read and write
 * is scoped by the session's consultant id: another consultant's candidacy reads as not found.
 */

/** SQL list of the statuses at which a request still takes a consultant's answer. */
const openStatuses = sql.join(
  OPEN_MATCH_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

function industryTitle(naics: string): string {
  return findNaics(naics)?.title ?? naics;
}

// --- the inbox ---------------------------------------------------------------------------------

export type CandidacyInboxItem = {
  id: string;
  state: CandidacyState;
  area: string;
  type: string;
  /** The match request's date. */
  created: string;
  /** Null once an engagement manager withdrew the candidacy: the business is no longer shown. */
  business: { name: string; industry: string; size: string; city: string } | null;
};

export type CandidacyInbox = {
  /** Every group in CANDIDACY_STATES order, empty ones included. */
  groups: { state: CandidacyState; label: string; items: CandidacyInboxItem[] }[];
  toAnswer: number;
  total: number;
};

/** The consultant's candidacies grouped by where they stand, newest request first. One query. */
export async function loadCandidacyInbox(app: AppContext, consultantId: string): Promise<CandidacyInbox> {
  const rows = await app.db
    .select({
      id: matchCandidates.id,
      status: matchCandidates.status,
      businessDecisionStatus: matchCandidates.businessDecisionStatus,
      withdrawalReason: matchCandidates.withdrawalReason,
      requestStatus: matchRequests.status,
      matchedConsultantId: matchRequests.matchedConsultantId,
      category: matchRequests.category,
      consultingType: matchRequests.consultingType,
      requestCreatedAt: matchRequests.createdAt,
      businessName: businesses.name,
      naics: businesses.naics,
      employeeBand: businesses.employeeBand,
      city: businesses.city,
      state: businesses.state,
    })
    .from(matchCandidates)
    .innerJoin(matchRequests, eq(matchRequests.id, matchCandidates.matchRequestId))
    .innerJoin(businesses, eq(businesses.id, matchRequests.businessId))
    .where(eq(matchCandidates.consultantId, consultantId))
    .orderBy(desc(matchRequests.createdAt), desc(matchCandidates.createdAt), matchCandidates.id);

  const groups = CANDIDACY_STATES.map((state) => ({
    state,
    label: CANDIDACY_STATE_LABELS[state],
    items: [] as CandidacyInboxItem[],
  }));
  for (const row of rows) {
    const state = candidacyState({ ...row, consultantId });
    groups
      .find((group) => group.state === state)!
      .items.push({
        id: row.id,
        state,
        area: candidacyAreaLabel(row.category),
        type: candidacyTypeLabel(row.consultingType),
        created: formatDate(row.requestCreatedAt),
        business:
          state === "withdrawn"
            ? null
            : {
                name: row.businessName,
                industry: industryTitle(row.naics),
                size: employeeBandLabel(row.employeeBand),
                city: `${row.city}, ${row.state}`,
              },
      });
  }
  return { groups, toAnswer: groups[0]!.items.length, total: rows.length };
}

/** How many candidacies wait for the consultant's answer (the portal navigation's count). One query. */
export async function countCandidaciesToAnswer(app: AppContext, consultantId: string): Promise<number> {
  const [row] = await app.db
    .select({ count: sql<number>`count(*)` })
    .from(matchCandidates)
    .innerJoin(matchRequests, eq(matchRequests.id, matchCandidates.matchRequestId))
    .where(
      and(
        eq(matchCandidates.consultantId, consultantId),
        eq(matchCandidates.status, "proposed"),
        eq(matchCandidates.businessDecisionStatus, "pending"),
        inArray(matchRequests.status, OPEN_MATCH_STATUSES),
      ),
    );
  return Number(row?.count ?? 0);
}

// --- one candidacy -----------------------------------------------------------------------------

export type CandidacyDetail = {
  id: string;
  state: CandidacyState;
  stateLabel: string;
  nextStep: string;
  /** Accept and Decline are offered. */
  canAnswer: boolean;
  proposed: string;
  responded: string | null;
  declineReason: string | null;
  /** The problem statement is null, and the business null, once an engagement manager withdrew the candidacy. */
  request: { area: string; type: string; problemStatement: string | null; created: string };
  business: { name: string; industry: string; size: string; location: string } | null;
  /** The request's files while the consultant may download them, null once they may not. */
  files: ListedFile[] | null;
};

/**
 * The statements that read one candidacy of the consultant and its request, business and files,
 * each from one table (a D1 batch keys result columns by name, so joined same-named columns would
 * merge). A candidacy of another consultant matches none of them.
 */
function candidacyReads(app: AppContext, consultantId: string, candidateId: string) {
  const mine = and(eq(matchCandidates.id, candidateId), eq(matchCandidates.consultantId, consultantId));
  const requestId = sql`(SELECT match_request_id FROM match_candidates WHERE id = ${candidateId} AND consultant_id = ${consultantId})`;
  const businessId = sql`(SELECT business_id FROM match_candidates WHERE id = ${candidateId} AND consultant_id = ${consultantId})`;
  return {
    candidate: app.db
      .select({
        id: matchCandidates.id,
        matchRequestId: matchCandidates.matchRequestId,
        businessId: matchCandidates.businessId,
        status: matchCandidates.status,
        businessDecisionStatus: matchCandidates.businessDecisionStatus,
        consultantRespondedAt: matchCandidates.consultantRespondedAt,
        declineReason: matchCandidates.declineReason,
        withdrawalReason: matchCandidates.withdrawalReason,
        withdrawnAt: matchCandidates.withdrawnAt,
        createdAt: matchCandidates.createdAt,
      })
      .from(matchCandidates)
      .where(mine),
    request: app.db
      .select({
        id: matchRequests.id,
        category: matchRequests.category,
        consultingType: matchRequests.consultingType,
        problemStatement: matchRequests.problemStatement,
        status: matchRequests.status,
        matchedConsultantId: matchRequests.matchedConsultantId,
        assignedManagerId: matchRequests.assignedManagerId,
        createdAt: matchRequests.createdAt,
      })
      .from(matchRequests)
      .where(eq(matchRequests.id, requestId)),
    business: app.db
      .select({
        name: businesses.name,
        deciderIds: membersWhoMayColumn(businesses.id, "decideCandidates", "decider_ids"),
        naics: businesses.naics,
        employeeBand: businesses.employeeBand,
        city: businesses.city,
        state: businesses.state,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
    files: requestFiles(app, and(eq(files.matchRequestId, requestId), eq(files.businessId, businessId))),
  };
}

type CandidateRead = {
  id: string;
  matchRequestId: string;
  status: CandidateStatus;
  businessDecisionStatus: BusinessDecisionStatus;
  consultantRespondedAt: Date | null;
  declineReason: string | null;
  withdrawalReason: CandidacyWithdrawalReason | null;
  withdrawnAt: Date | null;
  createdAt: Date;
};
type RequestRead = {
  id: string;
  category: string;
  consultingType: EngagementType | null;
  problemStatement: string;
  status: MatchRequestStatus;
  matchedConsultantId: string | null;
  assignedManagerId: string | null;
  createdAt: Date;
};

function factsOf(consultantId: string, candidate: CandidateRead, request: RequestRead): CandidacyFacts {
  return {
    consultantId,
    status: candidate.status,
    businessDecisionStatus: candidate.businessDecisionStatus,
    requestStatus: request.status,
    matchedConsultantId: request.matchedConsultantId,
    withdrawalReason: candidate.withdrawalReason,
    withdrawnAt: candidate.withdrawnAt,
  };
}

/** A consultant downloads a request's files while a candidate on it, or once matched (as getCandidateFile). */
function seesFiles(state: CandidacyState): boolean {
  return state === "to_answer" || state === "accepted" || state === "matched";
}

/** One candidacy of the consultant, or null (unknown, or another consultant's). One D1 round trip. */
export async function loadCandidacy(
  app: AppContext,
  consultantId: string,
  candidateId: string,
): Promise<CandidacyDetail | null> {
  const reads = candidacyReads(app, consultantId, candidateId);
  const [[candidate], [request], [business], fileRows] = await app.db.batch([
    reads.candidate,
    reads.request,
    reads.business,
    reads.files,
  ]);
  if (!candidate || !request || !business) return null;
  const facts = factsOf(consultantId, candidate, request);
  const state = candidacyState(facts);
  // Withdrawn by a manager (unvetted or paused): what the business shared is no longer theirs to read.
  const hidden = state === "withdrawn";
  return {
    id: candidate.id,
    state,
    stateLabel: CANDIDACY_STATE_LABELS[state],
    nextStep: candidacyNextStep(facts, candidate.consultantRespondedAt),
    canAnswer: state === "to_answer",
    proposed: formatDate(candidate.createdAt),
    responded: candidate.consultantRespondedAt ? formatDate(candidate.consultantRespondedAt) : null,
    declineReason: candidate.declineReason,
    request: {
      area: candidacyAreaLabel(request.category),
      type: candidacyTypeLabel(request.consultingType),
      problemStatement: hidden ? null : request.problemStatement,
      created: formatDate(request.createdAt),
    },
    business: hidden
      ? null
      : {
          name: business.name,
          industry: industryTitle(business.naics),
          size: employeeBandLabel(business.employeeBand),
          location: `${business.city}, ${business.state}`,
        },
    files: seesFiles(state) ? fileRows.map(listedFile) : null,
  };
}

// --- the answer --------------------------------------------------------------------------------

export type CandidacyAnswer = { response: "accept" | "decline"; reason?: string | null };

export type CandidacyAnswerResult =
  { ok: true; state: "accepted" | "declined"; notice: NoticeKey } | { ok: false; status: 404 | 409; msg: string };

/**
 * The consultant accepts or declines a candidacy (the status table of matching): every move is a
 * conditional UPDATE in one db.batch with the reads that follow it, so a repeated answer or two at
 * once change nothing more and answer the same outcome.
 *
 * - accept: proposed → accepted, and the request (matching or candidates_proposed) →
 *   awaiting_decision; the business owner is told a candidate is ready.
 * - decline: proposed → declined with the reason; when no other candidacy on the request is still
 *   open, the request → matching with the date of the next candidate, and the engine runs again;
 *   the engagement managers are told.
 * A candidacy no longer proposed, or whose request was matched or cancelled, answers 409.
 */
export async function respondToCandidacy(
  app: AppContext,
  consultantId: string,
  candidateId: string,
  answer: CandidacyAnswer,
  origin: string,
): Promise<CandidacyAnswerResult> {
  const now = app.now();
  const mine = and(eq(matchCandidates.id, candidateId), eq(matchCandidates.consultantId, consultantId));
  const requestId = sql`(SELECT match_request_id FROM match_candidates WHERE id = ${candidateId} AND consultant_id = ${consultantId})`;
  const requestOpen = sql`EXISTS (SELECT 1 FROM match_requests AS mr
    WHERE mr.id = match_candidates.match_request_id AND mr.status IN (${openStatuses}))`;
  // The request moves only after this answer landed: the candidate as this call left it.
  const answeredNow = (status: "accepted" | "declined") => sql`EXISTS (SELECT 1 FROM match_candidates AS c
    WHERE c.id = ${candidateId} AND c.consultant_id = ${consultantId} AND c.status = ${status}
      AND c.business_decision_status = 'pending' AND c.consultant_responded_at = ${now.getTime()})`;
  const reads = candidacyReads(app, consultantId, candidateId);
  const consultant = app.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, consultantId));

  const accepting = answer.response === "accept";
  const answerCandidate = app.db
    .update(matchCandidates)
    .set(
      accepting
        ? { status: "accepted", consultantRespondedAt: now, updatedAt: now }
        : {
            status: "declined",
            declineReason: answer.reason?.trim() ? answer.reason.trim() : null,
            consultantRespondedAt: now,
            updatedAt: now,
          },
    )
    .where(
      and(
        mine,
        eq(matchCandidates.status, "proposed"),
        eq(matchCandidates.businessDecisionStatus, "pending"),
        requestOpen,
      ),
    )
    .returning({ id: matchCandidates.id });
  const nextCandidateBy = addBusinessDays(now, NEXT_CANDIDATE_BUSINESS_DAYS);
  const moveRequest = accepting
    ? app.db
        .update(matchRequests)
        .set({ status: "awaiting_decision", updatedAt: now })
        .where(
          and(
            eq(matchRequests.id, requestId),
            inArray(matchRequests.status, ["candidates_proposed", "matching"]),
            answeredNow("accepted"),
          ),
        )
        .returning({ id: matchRequests.id })
    : app.db
        .update(matchRequests)
        .set({
          status: "matching",
          nextCandidateBy,
          updatedAt: now,
        })
        .where(
          and(
            eq(matchRequests.id, requestId),
            eq(matchRequests.status, "candidates_proposed"),
            answeredNow("declined"),
            sql`NOT EXISTS (SELECT 1 FROM match_candidates AS oc
              WHERE oc.match_request_id = match_requests.id
                AND (oc.status = 'proposed' OR (oc.status = 'accepted' AND oc.business_decision_status = 'pending')))`,
          ),
        )
        .returning({ id: matchRequests.id });

  const [answered, moved, [candidate], [request], [business], [person]] = await app.db.batch([
    answerCandidate,
    moveRequest,
    reads.candidate,
    reads.request,
    reads.business,
    consultant,
  ]);
  if (!candidate || !request || !business) return { ok: false, status: 404, msg: CANDIDACY_NOT_FOUND_MESSAGE };

  const state = candidacyState(factsOf(consultantId, candidate, request));
  if (answered.length === 0) {
    // A repeat (or the other tab's same answer) is the same outcome; anything else is a conflict.
    if (accepting && (state === "accepted" || state === "matched")) {
      return { ok: true, state: "accepted", notice: "candidacy-accepted" };
    }
    if (!accepting && state === "declined") return { ok: true, state: "declined", notice: "candidacy-declined" };
    if (state === "accepted" || state === "matched") {
      return { ok: false, status: 409, msg: CANDIDACY_ALREADY_ACCEPTED_MESSAGE };
    }
    if (state === "declined") return { ok: false, status: 409, msg: CANDIDACY_ALREADY_DECLINED_MESSAGE };
    return { ok: false, status: 409, msg: CANDIDACY_WITHDRAWN_MESSAGE };
  }

  const area = candidacyAreaLabel(request.category);
  // A request sent without a business area reads "your match request", not "your Not sure yet …".
  const namedArea = request.category === "unknown" ? null : area;
  if (accepting) {
    await notify(
      app,
      origin,
      noticesTo(business.deciderIds, {
        businessId: candidate.businessId,
        kind: "candidate_ready",
        title: CANDIDATE_READY_TITLE,
        body: candidateReadyBody(namedArea),
        link: `/features?matchId=${encodeURIComponent(request.id)}&viewCandidate=${encodeURIComponent(consultantId)}`,
        action: VIEW_CANDIDATE_LABEL,
        fields: [
          { label: "Business area", value: area },
          { label: "Engagement type", value: candidacyTypeLabel(request.consultingType) },
        ],
        footer: "You received this email because your business asked Partwise for a consultant.",
      }),
    );
    return { ok: true, state: "accepted", notice: "candidacy-accepted" };
  }

  if (moved.length > 0) {
    try {
      await runMatching(app, request.id, origin, { tellManagers: false });
    } catch (error) {
      // The decline stands; the managers can run the matching again from the console.
      console.error(`Matching after a declined candidacy on ${request.id} failed:`, error);
    }
  }
  const consultantName = person ? fullName(person.firstName, person.lastName) || person.email : "A consultant";
  const recipients = request.assignedManagerId ? [request.assignedManagerId] : await managerIds(app);
  await notify(
    app,
    origin,
    recipients.map((userId): Notice => ({
      userId,
      businessId: candidate.businessId,
      kind: "candidacy_declined",
      title: CANDIDACY_DECLINED_TITLE,
      body: candidacyDeclinedBody(consultantName, business.name, namedArea),
      link: `/manage/matches/${encodeURIComponent(request.id)}`,
      action: "Open the match request",
      fields: candidate.declineReason ? [{ label: "Their reason", value: candidate.declineReason }] : [],
      footer: "You received this email because you are an engagement manager at Partwise.",
    })),
  );
  return { ok: true, state: "declined", notice: "candidacy-declined" };
}
