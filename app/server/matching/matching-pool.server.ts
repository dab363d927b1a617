import { and, eq, inArray, isNotNull } from "drizzle-orm";
import {
  businesses,
  consultantExperiences,
  consultantProfiles,
  financeReports,
  matchCandidates,
  matchRequests,
  matchSuggestions,
  users,
  type EngagementType,
  type MatchRequestStatus,
  type SuggestionStatus,
} from "~db/schema";
import { MATCHED_STATUSES } from "~/lib/matching/match-status";
import { naicsTitle } from "~/server/business/naics.server";
import { eligibleConsultant } from "~/server/consultants/eligibility.server";
import {
  booksSignals,
  HOURS_NEEDED,
  HOURS_NEEDED_UNKNOWN_TYPE,
  type MatchInput,
  type PastClient,
  type PoolConsultant,
} from "~/server/matching/engine";
import type { AppContext } from "~/server/load-context";

/** Matched statuses whose engagement still takes the consultant's hours. */
const CURRENT_STATUSES: readonly MatchRequestStatus[] = MATCHED_STATUSES.filter((status) => status !== "completed");

/**
 * The weekly hours a matched request takes from its consultant: its engagement type's hours while
 * the engagement is current, none once completed or before it is matched. A consultant's load is
 * the sum over their matches.
 */
export function engagementHours(status: MatchRequestStatus, consultingType: EngagementType | null): number {
  if (!CURRENT_STATUSES.includes(status)) return 0;
  return consultingType ? HOURS_NEEDED[consultingType] : HOURS_NEEDED_UNKNOWN_TYPE;
}

export type MatchingPool = {
  request: {
    id: string;
    businessId: string;
    businessName: string;
    category: MatchInput["request"]["category"];
    consultingType: MatchInput["request"]["consultingType"];
    status: MatchRequestStatus;
    rankedAt: Date | null;
    assignedManagerId: string | null;
  };
  /** What the engine ranks: the request, the pool, and who is excluded. */
  input: MatchInput;
  /** The request's shortlist as it stands: consultant id → suggestion status. */
  suggestions: Map<string, SuggestionStatus>;
};

/**
 * Everything the engine needs for a match request, in one D1 round trip (one db.batch): the
 * request and its business, the business's finance report (for the books signals), every consultant
 * in the pool (the consultants domain's `eligibleConsultant`) with their past clients,
 * their Partwise matches (ratings, current engagements' hours, the businesses they worked with),
 * the consultants already
 * candidates on the request and its shortlist. Consultants already candidates (whatever their
 * answer or the business's decision) and those the manager skipped are excluded. Null when the
 * request does not exist.
 */
export async function loadMatchingPool(app: AppContext, matchRequestId: string): Promise<MatchingPool | null> {
  const { db } = app;
  const businessOfRequest = db
    .select({ id: matchRequests.businessId })
    .from(matchRequests)
    .where(eq(matchRequests.id, matchRequestId));
  // The consultants domain's one eligibility rule (vetted, available or limited, not away, not paused).
  const inPool = eligibleConsultant(app.now());
  const [requestRows, reportRows, profiles, experiences, matches, candidates, suggestions] = await db.batch([
    db
      .select({
        id: matchRequests.id,
        businessId: matchRequests.businessId,
        category: matchRequests.category,
        consultingType: matchRequests.consultingType,
        status: matchRequests.status,
        rankedAt: matchRequests.rankedAt,
        assignedManagerId: matchRequests.assignedManagerId,
        requestedConsultantId: matchRequests.requestedConsultantId,
        businessName: businesses.name,
        naics: businesses.naics,
        employeeBand: businesses.employeeBand,
      })
      .from(matchRequests)
      .innerJoin(businesses, eq(businesses.id, matchRequests.businessId))
      .where(eq(matchRequests.id, matchRequestId)),
    db
      .select({ profitAndLoss: financeReports.profitAndLoss, periodEnd: financeReports.periodEnd })
      .from(financeReports)
      .where(inArray(financeReports.businessId, businessOfRequest)),
    db
      .select({
        id: consultantProfiles.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        businessAreas: consultantProfiles.businessAreas,
        engagementTypes: consultantProfiles.engagementTypes,
        industries: consultantProfiles.industries,
        industryCodes: consultantProfiles.industryCodes,
        companySizes: consultantProfiles.companySizes,
        yearsOfExperience: consultantProfiles.yearsOfExperience,
        hoursPerWeek: consultantProfiles.hoursPerWeek,
      })
      .from(consultantProfiles)
      .innerJoin(users, eq(users.id, consultantProfiles.userId))
      .where(inPool),
    db
      .select({
        consultantId: consultantExperiences.consultantId,
        naicsCode: consultantExperiences.naicsCode,
        employeeBand: consultantExperiences.employeeBand,
        years: consultantExperiences.years,
        description: consultantExperiences.clientDescription,
      })
      .from(consultantExperiences)
      .innerJoin(consultantProfiles, eq(consultantProfiles.userId, consultantExperiences.consultantId))
      .where(inPool),
    db
      .select({
        consultantId: matchRequests.matchedConsultantId,
        status: matchRequests.status,
        consultingType: matchRequests.consultingType,
        satisfaction: matchRequests.clientSatisfaction,
        naics: businesses.naics,
        employeeBand: businesses.employeeBand,
        businessName: businesses.name,
      })
      .from(matchRequests)
      .innerJoin(businesses, eq(businesses.id, matchRequests.businessId))
      .where(and(isNotNull(matchRequests.matchedConsultantId), inArray(matchRequests.status, [...MATCHED_STATUSES]))),
    db
      .select({ consultantId: matchCandidates.consultantId })
      .from(matchCandidates)
      .where(eq(matchCandidates.matchRequestId, matchRequestId)),
    db
      .select({ consultantId: matchSuggestions.consultantId, status: matchSuggestions.status })
      .from(matchSuggestions)
      .where(eq(matchSuggestions.matchRequestId, matchRequestId)),
  ]);

  const request = requestRows[0];
  if (!request) return null;

  const pastClients = new Map<string, PastClient[]>();
  const committed = new Map<string, number>();
  const ratings = new Map<string, { count: number; sum: number }>();
  const clientsOf = (id: string) => {
    let list = pastClients.get(id);
    if (!list) pastClients.set(id, (list = []));
    return list;
  };
  for (const row of experiences) {
    clientsOf(row.consultantId).push({
      naicsCode: row.naicsCode,
      employeeBand: row.employeeBand,
      years: row.years,
      description: row.description,
    });
  }
  for (const row of matches) {
    const id = row.consultantId;
    if (!id) continue;
    clientsOf(id).push({
      naicsCode: row.naics,
      employeeBand: row.employeeBand,
      years: null,
      description: row.businessName,
    });
    const hours = engagementHours(row.status, row.consultingType);
    if (hours > 0) committed.set(id, (committed.get(id) ?? 0) + hours);
    if (row.satisfaction !== null) {
      const rated = ratings.get(id) ?? { count: 0, sum: 0 };
      rated.count++;
      rated.sum += row.satisfaction;
      ratings.set(id, rated);
    }
  }

  const consultants: PoolConsultant[] = profiles.map((profile) => {
    const rated = ratings.get(profile.id);
    return {
      id: profile.id,
      name: `${profile.firstName} ${profile.lastName}`.trim(),
      businessAreas: profile.businessAreas,
      engagementTypes: profile.engagementTypes,
      industries: profile.industries,
      industryCodes: profile.industryCodes,
      companySizes: profile.companySizes,
      yearsOfExperience: profile.yearsOfExperience,
      hoursPerWeek: profile.hoursPerWeek,
      committedHours: committed.get(profile.id) ?? 0,
      pastClients: pastClients.get(profile.id) ?? [],
      ratings: rated ? { count: rated.count, average: rated.sum / rated.count } : { count: 0, average: 0 },
    };
  });

  const suggestionStatus = new Map(suggestions.map((row) => [row.consultantId, row.status]));
  const exclude = new Set(candidates.map((row) => row.consultantId));
  for (const [consultantId, status] of suggestionStatus) if (status === "skipped") exclude.add(consultantId);

  const report = reportRows[0];
  return {
    request: {
      id: request.id,
      businessId: request.businessId,
      businessName: request.businessName,
      category: request.category,
      consultingType: request.consultingType,
      status: request.status,
      rankedAt: request.rankedAt,
      assignedManagerId: request.assignedManagerId,
    },
    input: {
      request: {
        category: request.category,
        consultingType: request.consultingType,
        naics: request.naics,
        employeeBand: request.employeeBand,
        books: report ? booksSignals(report.profitAndLoss, report.periodEnd) : null,
      },
      consultants,
      exclude,
      naicsTitle,
      requested: request.requestedConsultantId,
    },
    suggestions: suggestionStatus,
  };
}
