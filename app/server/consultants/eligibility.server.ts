/**
 * Which consultants may be matched: shortlisted by smart matching and proposed to a business. The
 * ONE rule, owned by the consultants domain (issue #37 item 2): matching's pool, the manager's
 * Propose (its check and its guarded write) and the roster's status all read it from here.
 *
 * A consultant is in the pool when they have a published profile (a consultant_profiles row: the
 * first approved review creates it) and every condition below holds. Each condition is written
 * once, as a SQL condition on consultant_profiles and as a test of a row already loaded; the
 * integration test `tests/integration/consultants/eligibility.test.ts` runs both over the same rows
 * and holds them to the same answer.
 */
import { and, eq, inArray, isNull, lte, not, or, sql, type SQL } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";
import { CONSULTANT_AVAILABILITY, type ConsultantAvailability } from "~db/enums";
import { consultantProfiles } from "~db/schema";
import type { RosterStatus } from "~/lib/consultants/roster";

/** The profile columns the rule reads. */
export type EligibilityFacts = {
  vetted: boolean;
  availability: ConsultantAvailability;
  awayUntil: Date | null;
  pausedAt: Date | null;
};

/** Why a consultant is out of the pool, first failing condition first. */
export type Ineligibility = "no_profile" | "not_vetted" | "unavailable" | "away" | "paused";

/** Availabilities that take new work (the consultant_profiles_pool_idx index: vetted, availability). */
const POOL_AVAILABILITY: readonly ConsultantAvailability[] = CONSULTANT_AVAILABILITY.filter(
  (availability) => availability !== "unavailable",
);

type Condition = {
  /** What fails when the condition does not hold. */
  reason: Exclude<Ineligibility, "no_profile">;
  /**
   * Set by an engagement manager (vetting, pause): losing it withdraws the consultant's open
   * candidacies (ADR 024). The consultant's own availability and leave do not.
   */
  managerSet: boolean;
  holds: (profile: EligibilityFacts, now: Date) => boolean;
  sql: (now: Date) => SQL;
};

const CONDITIONS: readonly Condition[] = [
  {
    reason: "not_vetted",
    managerSet: true,
    holds: (profile) => profile.vetted,
    sql: () => eq(consultantProfiles.vetted, true),
  },
  {
    reason: "unavailable",
    managerSet: false,
    holds: (profile) => POOL_AVAILABILITY.includes(profile.availability),
    sql: () => inArray(consultantProfiles.availability, [...POOL_AVAILABILITY]),
  },
  {
    // Away (on leave, fully booked) until a moment still to come.
    reason: "away",
    managerSet: false,
    holds: (profile, now) => profile.awayUntil === null || profile.awayUntil.getTime() <= now.getTime(),
    sql: (now) => or(isNull(consultantProfiles.awayUntil), lte(consultantProfiles.awayUntil, now)) as SQL,
  },
  {
    // A paused consultant stays vetted (pausing is reversible) but takes no new work.
    reason: "paused",
    managerSet: true,
    holds: (profile) => profile.pausedAt === null,
    sql: () => isNull(consultantProfiles.pausedAt),
  },
];

/** The rule as a condition on consultant_profiles rows, for a query's WHERE. */
export function eligibleConsultant(now: Date): SQL {
  return and(...CONDITIONS.map((condition) => condition.sql(now))) as SQL;
}

/**
 * The rule for one consultant, as a SQL condition any statement can carry (a guarded write): true
 * while `consultantId` (a column of the statement's own table, or an id) has a profile in the pool.
 */
export function consultantEligible(consultantId: AnyColumn | SQL | string, now: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM ${consultantProfiles} WHERE ${consultantProfiles.userId} = ${consultantId}
    AND ${eligibleConsultant(now)})`;
}

/**
 * True while the consultant (an id or a column) has a profile and lost a manager-set condition (unvetted or
 * paused): the condition the withdrawal of their open candidacies runs under, in the same batch as
 * the flip that put them out.
 */
export function consultantOutOfPoolByManager(consultantId: AnyColumn | SQL | string, now: Date): SQL {
  const kept = CONDITIONS.filter((condition) => condition.managerSet).map((condition) => condition.sql(now));
  return sql`EXISTS (SELECT 1 FROM ${consultantProfiles} WHERE ${consultantProfiles.userId} = ${consultantId}
    AND ${not(and(...kept) as SQL)})`;
}

/** Why a loaded consultant is out of the pool, or null when they are in it. Null profile: none published. */
export function ineligibility(profile: EligibilityFacts | null, now: Date): Ineligibility | null {
  if (!profile) return "no_profile";
  return CONDITIONS.find((condition) => !condition.holds(profile, now))?.reason ?? null;
}

/**
 * Where a consultant stands on the roster, read from the rule. Onboarding: no profile yet. Not
 * vetted: a profile no manager has vetted (or one unvetted since). Paused: vetted, but paused by a
 * manager, unavailable or away, so out of the pool for now. Vetted: in the pool.
 */
export function rosterStatus(profile: EligibilityFacts | null, now: Date): Exclude<RosterStatus, "invited"> {
  const reason = ineligibility(profile, now);
  if (reason === "no_profile") return "onboarding";
  if (reason === "not_vetted") return "not_vetted";
  return reason === null ? "vetted" : "paused";
}
