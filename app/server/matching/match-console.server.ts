import { and, asc, count, desc, eq, inArray, sql, type AnyColumn } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  businesses,
  consultantProfiles,
  matchCandidates,
  matchRequests,
  matchSuggestions,
  users,
  type MatchRequestStatus,
} from "~db/schema";
import type { BusinessDecisionStatus, CandidateStatus, SuggestionStatus } from "~db/enums";
import {
  ALREADY_CANDIDATE_MESSAGE,
  BUSINESS_DECISION_LABELS,
  candidacyPath,
  CANDIDATE_PROPOSED_ACTION,
  CANDIDATE_PROPOSED_FOOTER,
  CANDIDATE_PROPOSED_TITLE,
  candidateProposedBody,
  CANDIDATE_STATUS_LABELS,
  CONSULTANT_AWAY_MESSAGE,
  CONSULTANT_PAUSED_MESSAGE,
  CONSULTANT_NOT_VETTED_MESSAGE,
  CONSULTANT_UNAVAILABLE_MESSAGE,
  engagementTypeLabel,
  MATCH_CLOSED_MESSAGE,
  MATCH_FACTOR_LABELS,
  MATCH_OPEN_STATUSES,
  MATCH_SOURCE_LABELS,
  MATCH_STATUS_LABELS,
  MATCH_TO_DO_STATUSES,
  MATCH_WAITING_STATUSES,
  matchAreaLabel,
  type MatchQueueFilter,
  SUGGESTION_ALREADY_PROPOSED_MESSAGE,
  SUGGESTION_NOT_ON_SHORTLIST_MESSAGE,
  SUGGESTION_SKIPPED_REFUSED_MESSAGE,
  SUGGESTION_STATUS_LABELS,
} from "~/lib/matching/match-console-schemas";
import { matchStatusText } from "~/lib/matching/match-status";
import { formatDate } from "~/lib/shared/dates";
import { fullName, planLabel } from "~/lib/shared/format";
import type { AppContext } from "~/server/load-context";
import { findNaics } from "~/server/business/naics.server";
import {
  consultantEligible,
  ineligibility,
  type EligibilityFacts,
  type Ineligibility,
} from "~/server/consultants/eligibility.server";
import { notify } from "~/server/notifications/notify.server";
import { runMatching } from "~/server/matching/run-matching.server";

/**
 * The engagement manager console's match requests (`/manage/matches`): the queue of requests that
 * need a manager, one request with the engine's shortlist and its candidates, and the manager's
 * moves: assign to me, propose a shortlisted consultant (who is then asked to accept), skip one,
 * run matching again. Every write is one batch of conditional statements, so a double click or
 * two managers at once change things once.
 */

export type Manager = { id: string };

export type ActionFailure = { ok: false; status: 404 | 409; msg: string };

const manager = alias(users, "manager");

const OPEN = MATCH_OPEN_STATUSES as readonly MatchRequestStatus[];
const TO_DO = MATCH_TO_DO_STATUSES as readonly MatchRequestStatus[];
const WAITING = MATCH_WAITING_STATUSES as readonly MatchRequestStatus[];

const isOpen = (status: MatchRequestStatus) => OPEN.includes(status);

const personName = (row: { firstName: string | null; lastName: string | null; email: string | null }) =>
  fullName(row.firstName, row.lastName) || row.email || "";

// --- the queue ------------------------------------------------------------------------------

export type MatchQueueRow = {
  id: string;
  company: string;
  area: string;
  type: string;
  source: string;
  created: string;
  status: MatchRequestStatus;
  statusLabel: string;
  assignedTo: string;
  /** Shortlisted consultants nobody has proposed or skipped yet. */
  pendingSuggestions: number;
  /** After a rejection or a decline: the date promised to the business. */
  nextCandidateBy: string | null;
  /** The promised date has passed while the request waits for the manager. */
  overdue: boolean;
};

export type MatchQueueCounts = {
  todo: number;
  waiting: number;
  all: number;
  mine: { todo: number; waiting: number; all: number };
};

export type MatchQueue = { rows: MatchQueueRow[]; counts: MatchQueueCounts };

/** A to-do request whose promised next-candidate date has passed (SQL, for ordering). */
const overdueSql = (nowMs: number) =>
  sql`(${matchRequests.status} IN ('submitted', 'matching') AND ${matchRequests.nextCandidateBy} IS NOT NULL AND ${matchRequests.nextCandidateBy} < ${nowMs})`;

/**
 * The queue in one round trip (one batch): the requests of the filter — overdue promises first
 * (the earliest first), then the newest — with company, manager and open shortlist entries, and
 * the counts per filter for the whole console and for this manager.
 */
export async function listMatchQueue(app: AppContext, viewer: Manager, filter: MatchQueueFilter): Promise<MatchQueue> {
  const now = app.now();
  const nowMs = now.getTime();
  const statuses = filter.show === "todo" ? TO_DO : filter.show === "waiting" ? WAITING : OPEN;
  const where = and(
    inArray(matchRequests.status, [...statuses]),
    filter.mine ? eq(matchRequests.assignedManagerId, viewer.id) : undefined,
  );
  // Each column name appears once per statement: D1's batch answers rows keyed by column name.
  const [rows, grouped] = await app.db.batch([
    app.db
      .select({
        id: matchRequests.id,
        category: matchRequests.category,
        consultingType: matchRequests.consultingType,
        source: matchRequests.source,
        status: matchRequests.status,
        createdAt: matchRequests.createdAt,
        nextCandidateBy: matchRequests.nextCandidateBy,
        company: businesses.name,
        managerFirstName: manager.firstName,
        managerLastName: manager.lastName,
        managerEmail: manager.email,
        pendingSuggestions: sql<number>`(SELECT count(*) FROM match_suggestions s WHERE s.match_request_id = ${matchRequests.id} AND s.status = 'pending')`,
      })
      .from(matchRequests)
      .innerJoin(businesses, eq(businesses.id, matchRequests.businessId))
      .leftJoin(manager, eq(manager.id, matchRequests.assignedManagerId))
      .where(where)
      .orderBy(
        desc(overdueSql(nowMs)),
        sql`CASE WHEN ${overdueSql(nowMs)} THEN ${matchRequests.nextCandidateBy} END`,
        desc(matchRequests.createdAt),
        desc(matchRequests.id),
      )
      .limit(200),
    app.db
      .select({
        status: matchRequests.status,
        total: count(),
        mine: sql<number>`sum(CASE WHEN ${matchRequests.assignedManagerId} = ${viewer.id} THEN 1 ELSE 0 END)`,
      })
      .from(matchRequests)
      .where(inArray(matchRequests.status, [...OPEN]))
      .groupBy(matchRequests.status),
  ]);
  const counts: MatchQueueCounts = { todo: 0, waiting: 0, all: 0, mine: { todo: 0, waiting: 0, all: 0 } };
  for (const row of grouped) {
    const key = TO_DO.includes(row.status) ? "todo" : "waiting";
    counts[key] += row.total;
    counts.all += row.total;
    counts.mine[key] += Number(row.mine ?? 0);
    counts.mine.all += Number(row.mine ?? 0);
  }
  return {
    counts,
    rows: rows.map((row) => {
      const overdue =
        TO_DO.includes(row.status) && row.nextCandidateBy !== null && row.nextCandidateBy.getTime() < nowMs;
      return {
        id: row.id,
        company: row.company,
        area: matchAreaLabel(row.category),
        type: engagementTypeLabel(row.consultingType),
        source: MATCH_SOURCE_LABELS[row.source],
        created: formatDate(row.createdAt),
        status: row.status,
        statusLabel: MATCH_STATUS_LABELS[row.status],
        assignedTo: row.managerEmail
          ? personName({ firstName: row.managerFirstName, lastName: row.managerLastName, email: row.managerEmail })
          : "Unassigned",
        pendingSuggestions: Number(row.pendingSuggestions),
        nextCandidateBy: row.nextCandidateBy ? formatDate(row.nextCandidateBy) : null,
        overdue,
      };
    }),
  };
}

/** The console navigation's count: requests waiting for a manager's proposal (one query). */
export async function matchRequestsToDo(app: AppContext): Promise<number> {
  const [row] = await app.db
    .select({ value: count() })
    .from(matchRequests)
    .where(inArray(matchRequests.status, [...TO_DO]));
  return row?.value ?? 0;
}

// --- one request ----------------------------------------------------------------------------

/**
 * A request with everything its page and the actions decide on, in ONE batch: the request and
 * its business, the assigned manager, the shortlist (with each consultant's name,
 * headline and pool state) and the candidates.
 */
/** The person a column of the request names (its manager, the consultant asked for), by name; no row when none. */
function personOfRequest(app: AppContext, id: string, column: AnyColumn) {
  return app.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(matchRequests)
    .innerJoin(users, eq(users.id, column))
    .where(eq(matchRequests.id, id))
    .limit(1);
}

async function loadMatch(app: AppContext, id: string) {
  const [requestRows, managerRows, suggestionRows, candidateRows, requestedRows] = await app.db.batch([
    app.db
      .select({
        id: matchRequests.id,
        businessId: matchRequests.businessId,
        category: matchRequests.category,
        consultingType: matchRequests.consultingType,
        problemStatement: matchRequests.problemStatement,
        status: matchRequests.status,
        source: matchRequests.source,
        assignedManagerId: matchRequests.assignedManagerId,
        requestedConsultantId: matchRequests.requestedConsultantId,
        rankedAt: matchRequests.rankedAt,
        nextCandidateBy: matchRequests.nextCandidateBy,
        matchedAt: matchRequests.matchedAt,
        createdAt: matchRequests.createdAt,
        businessName: businesses.name,
        city: businesses.city,
        state: businesses.state,
        naics: businesses.naics,
        employeeBand: businesses.employeeBand,
        memberTier: businesses.memberTier,
      })
      .from(matchRequests)
      .innerJoin(businesses, eq(businesses.id, matchRequests.businessId))
      .where(eq(matchRequests.id, id))
      .limit(1),
    personOfRequest(app, id, matchRequests.assignedManagerId),
    app.db
      .select({
        id: matchSuggestions.id,
        consultantId: matchSuggestions.consultantId,
        rank: matchSuggestions.rank,
        score: matchSuggestions.score,
        factors: matchSuggestions.factors,
        summary: matchSuggestions.summary,
        status: matchSuggestions.status,
        decidedAt: matchSuggestions.decidedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        headline: consultantProfiles.headline,
        location: consultantProfiles.location,
        vetted: consultantProfiles.vetted,
        availability: consultantProfiles.availability,
        awayUntil: consultantProfiles.awayUntil,
        pausedAt: consultantProfiles.pausedAt,
      })
      .from(matchSuggestions)
      .innerJoin(users, eq(users.id, matchSuggestions.consultantId))
      .leftJoin(consultantProfiles, eq(consultantProfiles.userId, matchSuggestions.consultantId))
      .where(eq(matchSuggestions.matchRequestId, id))
      .orderBy(asc(matchSuggestions.rank), asc(matchSuggestions.id)),
    app.db
      .select({
        id: matchCandidates.id,
        consultantId: matchCandidates.consultantId,
        status: matchCandidates.status,
        businessDecisionStatus: matchCandidates.businessDecisionStatus,
        declineReason: matchCandidates.declineReason,
        consultantRespondedAt: matchCandidates.consultantRespondedAt,
        decidedAt: matchCandidates.decidedAt,
        createdAt: matchCandidates.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(matchCandidates)
      .innerJoin(users, eq(users.id, matchCandidates.consultantId))
      .where(eq(matchCandidates.matchRequestId, id))
      .orderBy(asc(matchCandidates.createdAt), asc(matchCandidates.id)),
    personOfRequest(app, id, matchRequests.requestedConsultantId),
  ]);
  const request = requestRows[0];
  if (!request) return null;
  return {
    request,
    manager: managerRows[0] ?? null,
    requested: requestedRows[0] ?? null,
    suggestions: suggestionRows,
    candidates: candidateRows,
  };
}

type LoadedMatch = NonNullable<Awaited<ReturnType<typeof loadMatch>>>;
type LoadedSuggestion = LoadedMatch["suggestions"][number];

/** Why a shortlisted consultant cannot be proposed now, or null when they can. */
function proposalBlocker(loaded: LoadedMatch, suggestion: LoadedSuggestion, now: Date): string | null {
  if (!isOpen(loaded.request.status)) return MATCH_CLOSED_MESSAGE;
  if (suggestion.status === "proposed") return SUGGESTION_ALREADY_PROPOSED_MESSAGE;
  if (suggestion.status === "skipped") return SUGGESTION_SKIPPED_REFUSED_MESSAGE;
  if (loaded.candidates.some((candidate) => candidate.consultantId === suggestion.consultantId)) {
    return ALREADY_CANDIDATE_MESSAGE;
  }
  const reason = ineligibility(eligibilityFacts(suggestion), now);
  return reason ? INELIGIBLE_MESSAGES[reason] : null;
}

/** What Propose says when the consultant is out of the pool (no published profile: never vetted). */
const INELIGIBLE_MESSAGES: Record<Ineligibility, string> = {
  no_profile: CONSULTANT_NOT_VETTED_MESSAGE,
  not_vetted: CONSULTANT_NOT_VETTED_MESSAGE,
  unavailable: CONSULTANT_UNAVAILABLE_MESSAGE,
  away: CONSULTANT_AWAY_MESSAGE,
  paused: CONSULTANT_PAUSED_MESSAGE,
};

/** The shortlisted consultant's profile as the rule reads it (left-joined: null columns when none is published). */
function eligibilityFacts(suggestion: LoadedSuggestion): EligibilityFacts | null {
  const { vetted, availability } = suggestion;
  if (vetted === null || availability === null) return null;
  return { vetted, availability, awayUntil: suggestion.awayUntil, pausedAt: suggestion.pausedAt };
}

export type ShortlistEntry = {
  id: string;
  rank: number;
  score: number;
  consultant: string;
  headline: string;
  location: string;
  summary: string;
  factors: { label: string; points: number; max: number; explanation: string }[];
  status: SuggestionStatus;
  statusLabel: string;
  decided: string | null;
  /** Propose and Skip are offered (the entry is pending on an open request). */
  decidable: boolean;
  /** Why a pending entry cannot be proposed (not vetted, unavailable, already a candidate), or null. */
  blocker: string | null;
  /** The business asked for this consultant by name (from their public profile). */
  requested: boolean;
};

export type CandidateEntry = {
  id: string;
  consultant: string;
  status: CandidateStatus;
  statusLabel: string;
  businessDecision: BusinessDecisionStatus;
  businessDecisionLabel: string;
  declineReason: string | null;
  proposed: string;
  responded: string | null;
  decided: string | null;
};

export type MatchRequestDetail = {
  id: string;
  status: MatchRequestStatus;
  statusLabel: string;
  /** The sentence the business reads (the spec's `value`). */
  statusText: string;
  open: boolean;
  area: string;
  type: string;
  problemStatement: string;
  source: string;
  created: string;
  ranked: string | null;
  nextCandidateBy: string | null;
  overdue: boolean;
  assignedToMe: boolean;
  assignedTo: string | null;
  /** The consultant the business asked for from their public profile, by name; null when none. */
  requestedConsultant: string | null;
  business: {
    name: string;
    location: string;
    naics: string;
    naicsTitle: string | null;
    employeeBand: string;
    plan: string;
  };
  shortlist: ShortlistEntry[];
  candidates: CandidateEntry[];
  /** What happened so far, oldest first. */
  timeline: { date: string; at: number; text: string }[];
};

function timelineOf(loaded: LoadedMatch): MatchRequestDetail["timeline"] {
  const events: { at: number; text: string }[] = [
    {
      at: loaded.request.createdAt.getTime(),
      text: loaded.requested ? `Requested, asking for ${personName(loaded.requested)}` : "Requested",
    },
  ];
  if (loaded.request.rankedAt) {
    events.push({ at: loaded.request.rankedAt.getTime(), text: "Consultants ranked by the matching engine" });
  }
  for (const candidate of loaded.candidates) {
    const name = personName(candidate);
    events.push({ at: candidate.createdAt.getTime(), text: `${name} proposed` });
    if (candidate.consultantRespondedAt) {
      const answer = candidate.status === "declined" ? "declined" : "accepted";
      events.push({ at: candidate.consultantRespondedAt.getTime(), text: `${name} ${answer} the candidacy` });
    }
    if (candidate.decidedAt && candidate.businessDecisionStatus !== "pending") {
      events.push({
        at: candidate.decidedAt.getTime(),
        text: `The business ${candidate.businessDecisionStatus} ${name}`,
      });
    }
  }
  if (loaded.request.matchedAt) events.push({ at: loaded.request.matchedAt.getTime(), text: "Matched" });
  return events.sort((a, b) => a.at - b.at).map((event) => ({ ...event, date: formatDate(event.at) }));
}

/** The request page, or null for an unknown id. */
export async function getMatchRequestDetail(
  app: AppContext,
  viewer: Manager,
  id: string,
): Promise<MatchRequestDetail | null> {
  const loaded = await loadMatch(app, id);
  if (!loaded) return null;
  const { request } = loaded;
  const assignedToMe = request.assignedManagerId === viewer.id;
  const open = isOpen(request.status);
  return {
    id: request.id,
    status: request.status,
    statusLabel: MATCH_STATUS_LABELS[request.status],
    statusText: matchStatusText(request),
    open,
    area: matchAreaLabel(request.category),
    type: engagementTypeLabel(request.consultingType),
    problemStatement: request.problemStatement.trim() || "Not given",
    source: MATCH_SOURCE_LABELS[request.source],
    created: formatDate(request.createdAt),
    ranked: request.rankedAt ? formatDate(request.rankedAt) : null,
    nextCandidateBy: request.nextCandidateBy ? formatDate(request.nextCandidateBy) : null,
    overdue:
      TO_DO.includes(request.status) &&
      request.nextCandidateBy !== null &&
      request.nextCandidateBy.getTime() < app.now().getTime(),
    assignedToMe,
    assignedTo: loaded.manager ? personName(loaded.manager) : null,
    requestedConsultant: loaded.requested ? personName(loaded.requested) : null,
    business: {
      name: request.businessName,
      location: `${request.city}, ${request.state}`,
      naics: request.naics,
      naicsTitle: findNaics(request.naics)?.title ?? null,
      employeeBand: request.employeeBand,
      plan: planLabel(request.memberTier),
    },
    shortlist: loaded.suggestions.map((suggestion) => {
      const blocker = proposalBlocker(loaded, suggestion, app.now());
      const decidable = open && suggestion.status === "pending";
      return {
        id: suggestion.id,
        rank: suggestion.rank,
        score: suggestion.score,
        consultant: personName(suggestion),
        headline: suggestion.headline ?? "",
        location: suggestion.location ?? "",
        summary: suggestion.summary,
        factors: suggestion.factors.map((factor) => ({
          label: MATCH_FACTOR_LABELS[factor.factor] ?? factor.factor,
          points: factor.points,
          max: factor.max,
          explanation: factor.explanation,
        })),
        status: suggestion.status,
        statusLabel: SUGGESTION_STATUS_LABELS[suggestion.status],
        decided: suggestion.decidedAt ? formatDate(suggestion.decidedAt) : null,
        decidable,
        blocker: decidable ? blocker : null,
        requested: suggestion.consultantId === request.requestedConsultantId,
      };
    }),
    candidates: loaded.candidates.map((candidate) => ({
      id: candidate.id,
      consultant: personName(candidate),
      status: candidate.status,
      statusLabel: CANDIDATE_STATUS_LABELS[candidate.status],
      businessDecision: candidate.businessDecisionStatus,
      businessDecisionLabel: BUSINESS_DECISION_LABELS[candidate.businessDecisionStatus],
      declineReason: candidate.declineReason?.trim() || null,
      proposed: formatDate(candidate.createdAt),
      responded: candidate.consultantRespondedAt ? formatDate(candidate.consultantRespondedAt) : null,
      decided: candidate.decidedAt ? formatDate(candidate.decidedAt) : null,
    })),
    timeline: timelineOf(loaded),
  };
}

// --- the manager's moves --------------------------------------------------------------------

const notFoundResult: ActionFailure = { ok: false, status: 404, msg: "Not Found" };
const refused = (msg: string): ActionFailure => ({ ok: false, status: 409, msg });

/** Assign to me: the request becomes this manager's (taking it over from another); repeats change nothing. */
export async function assignMatch(app: AppContext, viewer: Manager, id: string): Promise<{ ok: true } | ActionFailure> {
  const updated = await app.db
    .update(matchRequests)
    .set({ assignedManagerId: viewer.id, updatedAt: app.now() })
    .where(eq(matchRequests.id, id))
    .returning({ id: matchRequests.id });
  return updated.length > 0 ? { ok: true } : notFoundResult;
}

/** The request and one of its shortlist entries, with the reason it cannot be proposed, if any. */
async function proposalCheck(
  app: AppContext,
  matchRequestId: string,
  suggestionId: string,
): Promise<
  | { loaded: null; suggestion: null; blocker: ActionFailure }
  | { loaded: LoadedMatch; suggestion: null; blocker: ActionFailure }
  | { loaded: LoadedMatch; suggestion: LoadedSuggestion; blocker: ActionFailure | null }
> {
  const loaded = await loadMatch(app, matchRequestId);
  if (!loaded) return { loaded: null, suggestion: null, blocker: notFoundResult };
  const suggestion = loaded.suggestions.find((row) => row.id === suggestionId) ?? null;
  if (!suggestion) return { loaded, suggestion: null, blocker: refused(SUGGESTION_NOT_ON_SHORTLIST_MESSAGE) };
  const reason = proposalBlocker(loaded, suggestion, app.now());
  return { loaded, suggestion, blocker: reason ? refused(reason) : null };
}

/** The shortlist entry is still pending and its request still open: what propose and skip change. */
function pendingOnOpenRequest(matchRequestId: string, suggestionId: string) {
  const openList = sql.join(
    OPEN.map((status) => sql`${status}`),
    sql`, `,
  );
  return and(
    eq(matchSuggestions.id, suggestionId),
    eq(matchSuggestions.matchRequestId, matchRequestId),
    eq(matchSuggestions.status, "pending"),
    sql`EXISTS (SELECT 1 FROM match_requests r WHERE r.id = ${matchRequestId} AND r.status IN (${openList}))`,
  );
}

/**
 * Proposes a shortlisted consultant: the entry must be pending on this request, the consultant
 * still vetted, not unavailable, not away and not already a candidate. ONE batch of statements that all
 * hinge on the first one having won: the entry → proposed (by this manager, now), the candidacy
 * (proposed, the business's decision pending; the unique pair keeps it single), the request
 * submitted|matching → candidates_proposed (a request awaiting the business's decision keeps its
 * status: a second candidate may be proposed meanwhile), and the request assigned to this
 * manager if nobody has it. Then the consultant is notified in the app and by email.
 */
export async function proposeCandidate(
  app: AppContext,
  viewer: Manager,
  matchRequestId: string,
  suggestionId: string,
  origin: string,
): Promise<{ ok: true; consultant: string; candidateId: string } | ActionFailure> {
  const check = await proposalCheck(app, matchRequestId, suggestionId);
  if (check.blocker || !check.suggestion) return check.blocker ?? notFoundResult;
  const { loaded, suggestion } = check;

  const now = app.now();
  const nowMs = now.getTime();
  const candidateId = crypto.randomUUID();
  const won = sql`EXISTS (SELECT 1 FROM match_suggestions w WHERE w.id = ${suggestionId}
    AND w.match_request_id = ${matchRequestId} AND w.status = 'proposed'
    AND w.decided_by_id = ${viewer.id} AND w.decided_at = ${nowMs})`;
  const [proposed, inserted] = await app.db.batch([
    app.db
      .update(matchSuggestions)
      .set({ status: "proposed", decidedById: viewer.id, decidedAt: now, updatedAt: now })
      .where(
        and(
          pendingOnOpenRequest(matchRequestId, suggestionId),
          consultantEligible(matchSuggestions.consultantId, now),
          sql`NOT EXISTS (SELECT 1 FROM match_candidates c WHERE c.match_request_id = ${matchRequestId}
            AND c.consultant_id = match_suggestions.consultant_id)`,
        ),
      )
      .returning({ id: matchSuggestions.id }),
    // INSERT … SELECT with every column named: drizzle checks the keys against the table's
    // columns, so a new column can never shift values into its neighbour.
    app.db
      .insert(matchCandidates)
      .select(
        app.db
          .select({
            id: sql<string>`${candidateId}`.as("id"),
            matchRequestId: matchSuggestions.matchRequestId,
            businessId: matchSuggestions.businessId,
            consultantId: matchSuggestions.consultantId,
            status: sql<string>`'proposed'`.as("status"),
            businessDecisionStatus: sql<string>`'pending'`.as("business_decision_status"),
            proposedById: sql<string>`${viewer.id}`.as("proposed_by_id"),
            consultantRespondedAt: sql<null>`NULL`.as("consultant_responded_at"),
            declineReason: sql<null>`NULL`.as("decline_reason"),
            decidedAt: sql<null>`NULL`.as("decided_at"),
            withdrawalReason: sql<null>`NULL`.as("withdrawal_reason"),
            withdrawnAt: sql<null>`NULL`.as("withdrawn_at"),
            createdAt: sql<number>`${nowMs}`.as("created_at"),
            updatedAt: sql<number>`${nowMs}`.as("updated_at"),
          })
          .from(matchSuggestions)
          .where(
            and(
              eq(matchSuggestions.id, suggestionId),
              eq(matchSuggestions.matchRequestId, matchRequestId),
              eq(matchSuggestions.status, "proposed"),
              eq(matchSuggestions.decidedById, viewer.id),
              sql`${matchSuggestions.decidedAt} = ${nowMs}`,
            ),
          ),
      )
      .onConflictDoNothing({ target: [matchCandidates.matchRequestId, matchCandidates.consultantId] })
      .returning({ id: matchCandidates.id }),
    app.db
      .update(matchRequests)
      .set({ status: "candidates_proposed", updatedAt: now })
      .where(and(eq(matchRequests.id, matchRequestId), inArray(matchRequests.status, [...TO_DO]), won)),
    app.db
      .update(matchRequests)
      .set({ assignedManagerId: viewer.id, updatedAt: now })
      .where(and(eq(matchRequests.id, matchRequestId), sql`${matchRequests.assignedManagerId} IS NULL`, won)),
  ]);
  if (proposed.length === 0 || inserted.length === 0) {
    // Someone (or an earlier click) changed the entry between the check and the write.
    const again = await proposalCheck(app, matchRequestId, suggestionId);
    return again.blocker ?? refused(SUGGESTION_ALREADY_PROPOSED_MESSAGE);
  }

  const consultant = personName(suggestion);
  const { request } = loaded;
  await notify(app, origin, [
    {
      userId: suggestion.consultantId,
      businessId: request.businessId,
      kind: "candidate_proposed",
      title: CANDIDATE_PROPOSED_TITLE,
      body: candidateProposedBody(request.category, request.consultingType),
      link: candidacyPath(candidateId),
      action: CANDIDATE_PROPOSED_ACTION,
      fields: [
        { label: "Business area", value: matchAreaLabel(request.category) },
        { label: "Engagement type", value: engagementTypeLabel(request.consultingType) },
      ],
      footer: CANDIDATE_PROPOSED_FOOTER,
    },
  ]);
  return { ok: true, consultant, candidateId };
}

/**
 * Skips a shortlisted consultant (pending → skipped, by this manager, now) on an open request.
 * Skipping a skipped entry again changes nothing and succeeds; a proposed one cannot be skipped.
 */
export async function skipSuggestion(
  app: AppContext,
  viewer: Manager,
  matchRequestId: string,
  suggestionId: string,
): Promise<{ ok: true } | ActionFailure> {
  const now = app.now();
  const skipped = await app.db
    .update(matchSuggestions)
    .set({ status: "skipped", decidedById: viewer.id, decidedAt: now, updatedAt: now })
    .where(pendingOnOpenRequest(matchRequestId, suggestionId))
    .returning({ id: matchSuggestions.id });
  if (skipped.length > 0) return { ok: true };
  const check = await proposalCheck(app, matchRequestId, suggestionId);
  if (!check.loaded) return notFoundResult;
  if (!check.suggestion) return refused(SUGGESTION_NOT_ON_SHORTLIST_MESSAGE);
  if (!isOpen(check.loaded.request.status)) return refused(MATCH_CLOSED_MESSAGE);
  if (check.suggestion.status === "skipped") return { ok: true };
  return refused(SUGGESTION_ALREADY_PROPOSED_MESSAGE);
}

/**
 * Runs the matching engine again for an open request (new consultants join the shortlist;
 * proposed and skipped entries keep their decision).
 */
export async function rerunMatching(
  app: AppContext,
  id: string,
  origin: string,
): Promise<{ ok: true } | ActionFailure> {
  const [row] = await app.db
    .select({ status: matchRequests.status })
    .from(matchRequests)
    .where(eq(matchRequests.id, id))
    .limit(1);
  if (!row) return notFoundResult;
  if (!isOpen(row.status)) return refused(MATCH_CLOSED_MESSAGE);
  await runMatching(app, id, origin, { tellManagers: false });
  return { ok: true };
}
