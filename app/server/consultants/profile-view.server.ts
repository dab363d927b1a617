import { and, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import {
  businesses,
  consultantExperiences,
  consultantProfiles,
  matchRequests,
  users,
  type ConsultantAvailability,
  type ConsultantProfile,
  type EngagementType,
} from "~db/schema";
import {
  CONSULTANT_AVAILABILITY_LABELS,
  consultantPhotoPath,
  rateText,
  TIME_ZONES,
  type RateUnit,
} from "~/lib/consultants/profile";
import { candidacyAreaLabel, candidacyTypeLabel, employeeBandLabel } from "~/lib/matching/candidacy-state";
import { ENGAGEMENT_TYPE_LABELS } from "~/lib/matching/match-console-schemas";
import { areaLabel } from "~/lib/matching/match-schemas";
import type { ConsultantInfo } from "~/lib/matching/match-view";
import { naicsTitle } from "~/server/business/naics.server";
import type { AppContext } from "~/server/load-context";

/**
 * A consultant's profile as a business reads it before deciding, and as the manager vets it
 * (issue #36 item 19): one builder, fed by one set of reads, for the business's candidate panel
 * and `GET consultant-info`, the manager's consultant page and the profile review. Beside the
 * spec's fields: areas, engagement types, industries and specialties, company sizes and
 * availability in words; past clients as the profile states them; the engagements completed
 * through Partwise (no client named: the area, type, the client's industry and size, and its
 * rating) and the average and count of those ratings. Nothing private: no email, phone, payout
 * details, manager's notes, or another business's name or words.
 */

/** The columns of a published profile and its person, for a select (each name once: D1's batch keys rows by name). */
export const profileColumns = {
  consultantId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  headline: consultantProfiles.headline,
  location: consultantProfiles.location,
  yearsOfExperience: consultantProfiles.yearsOfExperience,
  education: consultantProfiles.education,
  missionStatement: consultantProfiles.missionStatement,
  bio: consultantProfiles.bio,
  photoKey: consultantProfiles.photoKey,
  linkedinUrl: consultantProfiles.linkedinUrl,
  rateUnit: consultantProfiles.rateUnit,
  rateCents: consultantProfiles.rateCents,
  businessAreas: consultantProfiles.businessAreas,
  engagementTypes: consultantProfiles.engagementTypes,
  industries: consultantProfiles.industries,
  industryCodes: consultantProfiles.industryCodes,
  companySizes: consultantProfiles.companySizes,
  availability: consultantProfiles.availability,
  hoursPerWeek: consultantProfiles.hoursPerWeek,
  awayUntil: consultantProfiles.awayUntil,
  timeZone: consultantProfiles.timeZone,
};

/** What the builder reads a profile from: a published row, or a draft merged over it (the review). */
export type ProfileSource = {
  consultantId: string;
  firstName: string;
  lastName: string;
  headline: string;
  location: string;
  yearsOfExperience: number;
  education: string;
  missionStatement: string;
  bio: string;
  photoUrl: string | null;
  linkedinUrl: string | null;
  rateUnit: RateUnit | null;
  rateCents: number | null;
  businessAreas: readonly string[];
  engagementTypes: readonly EngagementType[];
  industries: readonly string[];
  industryCodes: readonly string[];
  companySizes: readonly string[];
  availability: ConsultantAvailability;
  hoursPerWeek: number;
  /** A Date (published) or YYYY-MM-DD (a draft); null when not away. */
  awayUntil: Date | string | null;
  timeZone: string;
};

/** A row selected with profileColumns. */
type ProfileRow = { consultantId: string; firstName: string; lastName: string } & Pick<
  ConsultantProfile,
  | "headline"
  | "location"
  | "yearsOfExperience"
  | "education"
  | "missionStatement"
  | "bio"
  | "photoKey"
  | "linkedinUrl"
  | "rateUnit"
  | "rateCents"
  | "businessAreas"
  | "engagementTypes"
  | "industries"
  | "industryCodes"
  | "companySizes"
  | "availability"
  | "hoursPerWeek"
  | "awayUntil"
  | "timeZone"
>;

/** A published row as the builder's source. */
export function publishedSource(row: ProfileRow): ProfileSource {
  const { photoKey, ...rest } = row;
  return { ...rest, photoUrl: photoKey ? consultantPhotoPath(row.consultantId) : null };
}

/**
 * The reads of what a profile adds to its own row, for the caller's batch: the past clients the
 * profile states and the engagements completed through Partwise, of the consultants `ids` names
 * (an SQL list or subquery of user ids).
 */
export function hiringFactReads(app: AppContext, ids: SQL) {
  return [
    app.db
      .select({
        consultantId: consultantExperiences.consultantId,
        description: consultantExperiences.clientDescription,
        naicsCode: consultantExperiences.naicsCode,
        employeeBand: consultantExperiences.employeeBand,
        years: consultantExperiences.years,
      })
      .from(consultantExperiences)
      .where(sql`${consultantExperiences.consultantId} IN ${ids}`)
      .orderBy(consultantExperiences.createdAt, consultantExperiences.id),
    app.db
      .select({
        matchedConsultantId: matchRequests.matchedConsultantId,
        category: matchRequests.category,
        consultingType: matchRequests.consultingType,
        clientSatisfaction: matchRequests.clientSatisfaction,
        naics: businesses.naics,
        employeeBand: businesses.employeeBand,
      })
      .from(matchRequests)
      .innerJoin(businesses, eq(businesses.id, matchRequests.businessId))
      .where(
        and(
          isNotNull(matchRequests.matchedConsultantId),
          sql`${matchRequests.matchedConsultantId} IN ${ids}`,
          eq(matchRequests.status, "completed"),
        ),
      )
      .orderBy(desc(matchRequests.updatedAt), desc(matchRequests.id)),
  ] as const;
}

export type HiringFacts = {
  experiences: Awaited<ReturnType<typeof hiringFactReads>[0]>;
  engagements: Awaited<ReturnType<typeof hiringFactReads>[1]>;
};

const industryName = (code: string) => naicsTitle(code) ?? code;

/** The profile in words, with the facts of this consultant picked from `facts` (which may hold several consultants'). */
export function consultantInfo(source: ProfileSource, facts: HiringFacts, now: Date): ConsultantInfo {
  const id = source.consultantId;
  const completed = facts.engagements.filter((row) => row.matchedConsultantId === id);
  const rated = completed.flatMap((row) => (row.clientSatisfaction === null ? [] : [row.clientSatisfaction]));
  const away = source.awayUntil === null ? null : new Date(source.awayUntil);
  return {
    consultantId: id,
    firstName: source.firstName,
    lastName: source.lastName,
    headline: source.headline,
    location: source.location,
    yearsOfExperience: source.yearsOfExperience,
    education: source.education,
    missionStatement: source.missionStatement,
    bio: source.bio,
    photoUrl: source.photoUrl,
    linkedinUrl: source.linkedinUrl,
    rate:
      source.rateUnit && source.rateCents && source.rateCents > 0
        ? rateText({ rateUnit: source.rateUnit, rateCents: source.rateCents })
        : null,
    businessAreas: source.businessAreas.map((area) => areaLabel(area)),
    engagementTypes: source.engagementTypes.map((type) => ENGAGEMENT_TYPE_LABELS[type]),
    industries: source.industries.map(industryName),
    industrySpecialties: source.industryCodes.map(industryName),
    companySizes: source.companySizes.map(employeeBandLabel),
    availability: {
      status: CONSULTANT_AVAILABILITY_LABELS[source.availability],
      hoursPerWeek: source.hoursPerWeek,
      timeZone: TIME_ZONES.find((zone) => zone.value === source.timeZone)?.label ?? source.timeZone,
      awayUntil: away && away.getTime() > now.getTime() ? away.toISOString().slice(0, 10) : null,
    },
    pastClients: facts.experiences
      .filter((row) => row.consultantId === id)
      .map((row) => ({
        description: row.description,
        industry: industryName(row.naicsCode),
        size: employeeBandLabel(row.employeeBand),
        years: row.years,
      })),
    completedEngagements: completed.map((row) => ({
      area: candidacyAreaLabel(row.category),
      type: candidacyTypeLabel(row.consultingType),
      industry: industryName(row.naics),
      size: employeeBandLabel(row.employeeBand),
      rating: row.clientSatisfaction,
    })),
    rating:
      rated.length > 0
        ? {
            average: Math.round((rated.reduce((sum, value) => sum + value, 0) / rated.length) * 10) / 10,
            count: rated.length,
          }
        : null,
  };
}

/**
 * One consultant's profile in words when their published profile meets `condition` (who may read
 * it: a business they were proposed to, the public), else null. One round trip (one batch).
 */
export async function loadConsultantInfoWhere(
  app: AppContext,
  consultantId: string,
  condition: SQL,
): Promise<ConsultantInfo | null> {
  const [experienceReads, engagementReads] = hiringFactReads(app, sql`(${consultantId})`);
  const [rows, experiences, engagements] = await app.db.batch([
    app.db
      .select(profileColumns)
      .from(users)
      .innerJoin(consultantProfiles, eq(consultantProfiles.userId, users.id))
      .where(and(eq(users.id, consultantId), eq(users.role, "consultant"), condition))
      .limit(1),
    experienceReads,
    engagementReads,
  ]);
  const row = rows[0];
  return row ? consultantInfo(publishedSource(row), { experiences, engagements }, app.now()) : null;
}
