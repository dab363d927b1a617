import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  businesses,
  consultantInvitations,
  consultantProfileDrafts,
  consultantProfiles,
  consultantVettings,
  matchCandidates,
  matchRequests,
  users,
  type BusinessArea,
  type ConsultantVettingDecision,
} from "~db/schema";
import {
  alreadyPausedMessage,
  alreadyUnpausedMessage,
  alreadyUnvettedMessage,
  alreadyVettedMessage,
  NO_PROFILE_MESSAGE,
  NO_PROFILE_TO_PAUSE_MESSAGE,
  pausedMessage,
  unpausedMessage,
  ROSTER_STATUS_LABELS,
  unvettedMessage,
  vettedMessage,
  type RosterFilter,
  type RosterStatus,
  type VettingAction,
} from "~/lib/consultants/roster";
import type { ConsultantInfo } from "~/lib/matching/match-view";
import { candidaciesWithdrawnSummary } from "~/lib/matching/match-copy";
import {
  BUSINESS_DECISION_LABELS,
  CANDIDATE_STATUS_LABELS,
  MATCH_STATUS_LABELS,
  matchAreaLabel,
} from "~/lib/matching/match-console-schemas";
import { areaLabel } from "~/lib/matching/match-schemas";
import { formatDate, formatDateTime } from "~/lib/shared/dates";
import { fullName } from "~/lib/shared/format";
import type { AppContext } from "~/server/load-context";
import { engagementHours } from "~/server/matching/matching-pool.server";
import {
  afterCandidacyWithdrawal,
  candidacyWithdrawal,
  type WithdrawnCandidacies,
} from "~/server/matching/candidacy-withdrawal.server";
import { consultantOutOfPoolByManager, rosterStatus } from "./eligibility.server";
import { consultantInfo, hiringFactReads, profileColumns, publishedSource } from "./profile-view.server";

export type RosterRow = {
  id: string;
  name: string;
  email: string;
  headline: string;
  status: RosterStatus;
  statusLabel: string;
  areas: string[];
  hoursPerWeek: number | null;
  committedHours: number;
  rating: { average: number; count: number } | null;
  openCandidacies: number;
  /** The consultant sent profile changes (or a first profile) for review. */
  reviewWaiting: boolean;
  /** For an open invitation (status invited, no account yet): the day it was sent. */
  invitedOn: string | null;
};

/** A candidacy still waiting: for the consultant's answer, or (accepted) for the business's decision. */
const isOpenCandidacy = (status: string, businessDecisionStatus: string) =>
  status === "proposed" || (status === "accepted" && businessDecisionStatus === "pending");

/**
 * Every consultant account with its status, areas, capacity, current load (the engine's
 * committed hours), rating and open candidacies, in one D1 round trip; search (name, email,
 * headline) and filters (status, area) apply to the loaded rows, since the status is derived.
 */
// Every query here selects each column name once: D1's batch answers rows keyed by column name,
// so two columns of the same name (users.id, consultant_profiles.id) would overwrite each other.
export async function listRoster(app: AppContext, filter: RosterFilter): Promise<RosterRow[]> {
  const { db } = app;
  const now = app.now();
  const [people, matches, candidacies, drafts, invitations] = await db.batch([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        profileUserId: consultantProfiles.userId,
        headline: consultantProfiles.headline,
        businessAreas: consultantProfiles.businessAreas,
        hoursPerWeek: consultantProfiles.hoursPerWeek,
        vetted: consultantProfiles.vetted,
        availability: consultantProfiles.availability,
        awayUntil: consultantProfiles.awayUntil,
        pausedAt: consultantProfiles.pausedAt,
      })
      .from(users)
      .leftJoin(consultantProfiles, eq(consultantProfiles.userId, users.id))
      .where(eq(users.role, "consultant"))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    db
      .select({
        consultantId: matchRequests.matchedConsultantId,
        status: matchRequests.status,
        consultingType: matchRequests.consultingType,
        satisfaction: matchRequests.clientSatisfaction,
      })
      .from(matchRequests)
      .where(isNotNull(matchRequests.matchedConsultantId)),
    db
      .select({
        consultantId: matchCandidates.consultantId,
        status: matchCandidates.status,
        businessDecisionStatus: matchCandidates.businessDecisionStatus,
      })
      .from(matchCandidates),
    db
      .select({ userId: consultantProfileDrafts.userId })
      .from(consultantProfileDrafts)
      .where(eq(consultantProfileDrafts.status, "submitted")),
    db
      .select({
        invitationId: consultantInvitations.id,
        invitedEmail: consultantInvitations.email,
        invitedFirstName: consultantInvitations.firstName,
        invitedLastName: consultantInvitations.lastName,
        invitedAt: consultantInvitations.createdAt,
      })
      .from(consultantInvitations)
      .where(
        and(
          isNull(consultantInvitations.acceptedAt),
          isNull(consultantInvitations.revokedAt),
          gt(consultantInvitations.expiresAt, now),
        ),
      )
      .orderBy(desc(consultantInvitations.createdAt)),
  ]);
  const waiting = new Set(drafts.map((row) => row.userId));

  const load = new Map<string, number>();
  const ratings = new Map<string, { count: number; sum: number }>();
  for (const row of matches) {
    if (!row.consultantId) continue;
    load.set(row.consultantId, (load.get(row.consultantId) ?? 0) + engagementHours(row.status, row.consultingType));
    if (row.satisfaction !== null) {
      const rated = ratings.get(row.consultantId) ?? { count: 0, sum: 0 };
      rated.count++;
      rated.sum += row.satisfaction;
      ratings.set(row.consultantId, rated);
    }
  }
  const open = new Map<string, number>();
  for (const row of candidacies) {
    if (isOpenCandidacy(row.status, row.businessDecisionStatus)) {
      open.set(row.consultantId, (open.get(row.consultantId) ?? 0) + 1);
    }
  }

  const q = filter.q.toLowerCase();
  const invited = invitations.map((row): RosterRow & { areaKeys: BusinessArea[] } => ({
    id: row.invitationId,
    name: fullName(row.invitedFirstName, row.invitedLastName) || row.invitedEmail,
    email: row.invitedEmail,
    headline: "",
    status: "invited",
    statusLabel: ROSTER_STATUS_LABELS.invited,
    areas: [],
    areaKeys: [],
    hoursPerWeek: null,
    committedHours: 0,
    rating: null,
    openCandidacies: 0,
    reviewWaiting: false,
    invitedOn: formatDate(row.invitedAt),
  }));
  return [
    ...invited,
    ...people.map((person): RosterRow & { areaKeys: BusinessArea[] } => {
      const profile =
        person.profileUserId !== null
          ? {
              vetted: person.vetted ?? false,
              availability: person.availability ?? "available",
              awayUntil: person.awayUntil,
              pausedAt: person.pausedAt,
            }
          : null;
      const status = rosterStatus(profile, now);
      const rated = ratings.get(person.id);
      const areaKeys = person.businessAreas ?? [];
      return {
        id: person.id,
        name: fullName(person.firstName, person.lastName) || person.email,
        email: person.email,
        headline: person.headline ?? "",
        status,
        statusLabel: ROSTER_STATUS_LABELS[status],
        areas: areaKeys.map((area) => areaLabel(area)),
        areaKeys,
        hoursPerWeek: person.hoursPerWeek,
        committedHours: load.get(person.id) ?? 0,
        rating: rated ? { count: rated.count, average: Math.round((rated.sum / rated.count) * 10) / 10 } : null,
        openCandidacies: open.get(person.id) ?? 0,
        reviewWaiting: waiting.has(person.id),
        invitedOn: null,
      };
    }),
  ]
    .filter(
      (row) =>
        (!q || [row.name, row.email, row.headline].some((text) => text.toLowerCase().includes(q))) &&
        (!filter.status || row.status === filter.status) &&
        (!filter.area || row.areaKeys.includes(filter.area)),
    )
    .map(({ areaKeys: _areaKeys, ...row }) => row);
}

export type ConsultantPage = {
  id: string;
  name: string;
  email: string;
  status: RosterStatus;
  statusLabel: string;
  vetted: boolean;
  awayUntil: string | null;
  /** The date a manager paused the consultant, or null. */
  pausedAt: string | null;
  /** Profile changes the consultant sent for review. */
  reviewWaiting: boolean;
  /** The profile exactly as a business sees it on a candidate, or null while onboarding. */
  profile: ConsultantInfo | null;
  vettings: { id: string; decision: ConsultantVettingDecision; decidedBy: string; when: string; notes: string }[];
  candidacies: { id: string; matchRequestId: string; business: string; area: string; status: string }[];
  matches: { id: string; business: string; area: string; status: string }[];
};

const decider = alias(users, "decider");

/** A left-joined row whose profile exists, as the profile builder's source. */
function publishedOf(row: {
  [K in keyof typeof profileColumns]: K extends "consultantId" | "firstName" | "lastName"
    ? string
    : Parameters<typeof publishedSource>[0][K] | null;
}) {
  return publishedSource({
    ...row,
    headline: row.headline ?? "",
    location: row.location ?? "",
    yearsOfExperience: row.yearsOfExperience ?? 0,
    education: row.education ?? "",
    missionStatement: row.missionStatement ?? "",
    bio: row.bio ?? "",
    rateUnit: row.rateUnit ?? "hour",
    rateCents: row.rateCents ?? 0,
    businessAreas: row.businessAreas ?? [],
    engagementTypes: row.engagementTypes ?? [],
    industries: row.industries ?? [],
    industryCodes: row.industryCodes ?? [],
    companySizes: row.companySizes ?? [],
    availability: row.availability ?? "available",
    hoursPerWeek: row.hoursPerWeek ?? 0,
    timeZone: row.timeZone ?? "America/New_York",
  });
}

/** One consultant for the console (one D1 round trip); null for an unknown id or a non-consultant. */
export async function getConsultantPage(app: AppContext, userId: string): Promise<ConsultantPage | null> {
  const { db } = app;
  const [experienceReads, engagementReads] = hiringFactReads(app, sql`(${userId})`);
  const [people, vettings, candidacies, matches, drafts, experiences, engagements] = await db.batch([
    db
      .select({
        ...profileColumns,
        email: users.email,
        profileUserId: consultantProfiles.userId,
        vetted: consultantProfiles.vetted,
        pausedAt: consultantProfiles.pausedAt,
      })
      .from(users)
      .leftJoin(consultantProfiles, eq(consultantProfiles.userId, users.id))
      .where(and(eq(users.id, userId), eq(users.role, "consultant")))
      .limit(1),
    db
      .select({
        id: consultantVettings.id,
        decision: consultantVettings.decision,
        notes: consultantVettings.notes,
        createdAt: consultantVettings.createdAt,
        firstName: decider.firstName,
        lastName: decider.lastName,
        email: decider.email,
      })
      .from(consultantVettings)
      .leftJoin(decider, eq(decider.id, consultantVettings.decidedById))
      .where(eq(consultantVettings.consultantId, userId))
      .orderBy(desc(consultantVettings.createdAt), desc(consultantVettings.id)),
    db
      .select({
        id: matchCandidates.id,
        matchRequestId: matchCandidates.matchRequestId,
        status: matchCandidates.status,
        businessDecisionStatus: matchCandidates.businessDecisionStatus,
        category: matchRequests.category,
        business: businesses.name,
      })
      .from(matchCandidates)
      .innerJoin(matchRequests, eq(matchRequests.id, matchCandidates.matchRequestId))
      .innerJoin(businesses, eq(businesses.id, matchCandidates.businessId))
      .where(eq(matchCandidates.consultantId, userId))
      .orderBy(desc(matchCandidates.createdAt), desc(matchCandidates.id)),
    db
      .select({
        id: matchRequests.id,
        status: matchRequests.status,
        category: matchRequests.category,
        business: businesses.name,
      })
      .from(matchRequests)
      .innerJoin(businesses, eq(businesses.id, matchRequests.businessId))
      .where(eq(matchRequests.matchedConsultantId, userId))
      .orderBy(desc(matchRequests.createdAt), desc(matchRequests.id)),
    db
      .select({ status: consultantProfileDrafts.status })
      .from(consultantProfileDrafts)
      .where(eq(consultantProfileDrafts.userId, userId)),
    experienceReads,
    engagementReads,
  ]);
  const person = people[0];
  if (!person) return null;
  const hasProfile = person.profileUserId !== null;
  const published = hasProfile ? publishedOf(person) : null;
  const status = rosterStatus(
    hasProfile
      ? {
          vetted: person.vetted ?? false,
          availability: person.availability ?? "available",
          awayUntil: person.awayUntil,
          pausedAt: person.pausedAt,
        }
      : null,
    app.now(),
  );
  return {
    id: person.consultantId,
    name: fullName(person.firstName, person.lastName) || person.email,
    email: person.email,
    status,
    statusLabel: ROSTER_STATUS_LABELS[status],
    vetted: person.vetted ?? false,
    awayUntil: person.awayUntil && person.awayUntil > app.now() ? formatDate(person.awayUntil) : null,
    pausedAt: person.pausedAt ? formatDate(person.pausedAt) : null,
    reviewWaiting: drafts[0]?.status === "submitted",
    // The same profile a business reads on a candidate (issue #36 item 19).
    profile: published ? consultantInfo(published, { experiences, engagements }, app.now()) : null,
    vettings: vettings.map((row) => ({
      id: row.id,
      decision: row.decision,
      decidedBy: row.email ? fullName(row.firstName, row.lastName) || row.email : "A former manager",
      when: formatDateTime(row.createdAt),
      notes: row.notes,
    })),
    candidacies: candidacies.map((row) => ({
      id: row.id,
      matchRequestId: row.matchRequestId,
      business: row.business,
      area: matchAreaLabel(row.category),
      status:
        row.status === "accepted"
          ? `${CANDIDATE_STATUS_LABELS.accepted}, ${BUSINESS_DECISION_LABELS[row.businessDecisionStatus].toLowerCase()}`
          : CANDIDATE_STATUS_LABELS[row.status],
    })),
    matches: matches.map((row) => ({
      id: row.id,
      business: row.business,
      area: matchAreaLabel(row.category),
      status: MATCH_STATUS_LABELS[row.status],
    })),
  };
}

export type VettingResult =
  { ok: true; changed: boolean; message: string } | { ok: false; status: 404 | 409; msg: string };

/** The manager's message, with what the withdrawal did (issue #36 item 4). */
const withWithdrawn = (message: string, withdrawn: WithdrawnCandidacies) =>
  [message, candidaciesWithdrawnSummary(withdrawn.count, withdrawn.backInMatching)].filter(Boolean).join(" ");

const NOTHING_WITHDRAWN: WithdrawnCandidacies = { count: 0, backInMatching: 0 };

/**
 * Vet or unvet a consultant: ONE batch whose history row is written only while the profile is
 * still in the other state, then the profile flipped, so a repeat (or a race with another
 * manager) records nothing new and says so. Unvetting withdraws, in that same batch, every
 * candidacy of theirs not yet turned into a signed engagement (matching's candidacyWithdrawal,
 * ADR 024); the businesses that saw them are told and the matches go back to smart matching.
 */
export async function decideVetting(
  app: AppContext,
  manager: { id: string },
  userId: string,
  action: VettingAction,
  origin: string,
): Promise<VettingResult> {
  const page = await getConsultantPage(app, userId);
  if (!page) return { ok: false, status: 404, msg: "Not found" };
  if (!page.profile) return { ok: false, status: 409, msg: NO_PROFILE_MESSAGE };
  const vet = action.intent === "vet";
  const decision: ConsultantVettingDecision = vet ? "vetted" : "unvetted";
  const now = app.now();
  const nowMs = now.getTime();
  const { db } = app;
  const record = db
    .insert(consultantVettings)
    .select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as("id"),
          consultantId: consultantProfiles.userId,
          decision: sql<string>`${decision}`.as("decision"),
          notes: sql<string>`${action.notes}`.as("notes"),
          decidedById: sql<string>`${manager.id}`.as("decided_by_id"),
          createdAt: sql<number>`${nowMs}`.as("created_at"),
        })
        .from(consultantProfiles)
        .where(and(eq(consultantProfiles.userId, userId), eq(consultantProfiles.vetted, !vet))),
    )
    .returning({ id: consultantVettings.id });
  const flip = db
    .update(consultantProfiles)
    .set({ vetted: vet, updatedAt: now })
    .where(and(eq(consultantProfiles.userId, userId), eq(consultantProfiles.vetted, !vet)));
  let recorded: { id: string }[];
  let withdrawn = NOTHING_WITHDRAWN;
  if (vet) {
    [recorded] = await db.batch([record, flip]);
  } else {
    // A repeat withdraws what is still open too: the statements run while the consultant is out of the pool.
    const [inserted, , ...results] = await db.batch([
      record,
      flip,
      ...candidacyWithdrawal(app, userId, "unvetted", now, consultantOutOfPoolByManager(userId, now)),
    ]);
    recorded = inserted;
    withdrawn = await afterCandidacyWithdrawal(app, results, {
      consultantId: userId,
      reason: "unvetted",
      actorId: manager.id,
      origin,
    });
  }
  if (recorded.length === 0) {
    return {
      ok: true,
      changed: false,
      message: withWithdrawn(vet ? alreadyVettedMessage(page.name) : alreadyUnvettedMessage(page.name), withdrawn),
    };
  }
  return {
    ok: true,
    changed: true,
    message: withWithdrawn(vet ? vettedMessage(page.name) : unvettedMessage(page.name), withdrawn),
  };
}

/**
 * Pause (out of the pool whatever the availability) or unpause a consultant. The write is guarded
 * by the current state, so a repeat changes nothing and says so. Pausing withdraws, in the same
 * batch, every candidacy of theirs not yet turned into a signed engagement, as unvetting does;
 * unpausing gives none back (the engine may rank them again for requests to come).
 */
export async function setPaused(
  app: AppContext,
  manager: { id: string },
  userId: string,
  pause: boolean,
  origin: string,
): Promise<VettingResult> {
  const page = await getConsultantPage(app, userId);
  if (!page) return { ok: false, status: 404, msg: "Not found" };
  if (!page.profile) return { ok: false, status: 409, msg: NO_PROFILE_TO_PAUSE_MESSAGE };
  const now = app.now();
  const flip = app.db
    .update(consultantProfiles)
    .set({ pausedAt: pause ? now : null, updatedAt: now })
    .where(
      and(
        eq(consultantProfiles.userId, userId),
        pause ? isNull(consultantProfiles.pausedAt) : isNotNull(consultantProfiles.pausedAt),
      ),
    )
    .returning({ id: consultantProfiles.id });
  let changed: { id: string }[];
  let withdrawn = NOTHING_WITHDRAWN;
  if (pause) {
    const [flipped, ...results] = await app.db.batch([
      flip,
      ...candidacyWithdrawal(app, userId, "paused", now, consultantOutOfPoolByManager(userId, now)),
    ]);
    changed = flipped;
    withdrawn = await afterCandidacyWithdrawal(app, results, {
      consultantId: userId,
      reason: "paused",
      actorId: manager.id,
      origin,
    });
  } else {
    changed = await flip;
  }
  if (changed.length === 0) {
    return {
      ok: true,
      changed: false,
      message: withWithdrawn(pause ? alreadyPausedMessage(page.name) : alreadyUnpausedMessage(page.name), withdrawn),
    };
  }
  return {
    ok: true,
    changed: true,
    message: withWithdrawn(pause ? pausedMessage(page.name) : unpausedMessage(page.name), withdrawn),
  };
}
