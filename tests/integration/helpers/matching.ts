import {
  consultantExperiences,
  consultantProfiles,
  matchCandidates,
  matchRequests,
  matchSuggestions,
} from "~db/schema";
import type { NewConsultantProfile, NewMatchCandidate, NewMatchRequest } from "~db/schema";
import { createUser, db, uniqueId } from "./session";

/**
 * The rows matching tests start from: a consultant with a vetted profile, a match request at a
 * given status, its shortlist and its candidates. Each returns what it inserted.
 */

/** A consultant user with a vetted, available profile (overridable), optionally signed in by the caller. */
export async function createConsultant(
  profile: Partial<Omit<NewConsultantProfile, "userId">> = {},
  options: { email?: string; firstName?: string; lastName?: string } = {},
) {
  const { user } = await createUser({ role: "consultant", email: options.email });
  if (options.firstName || options.lastName) {
    user.firstName = options.firstName ?? user.firstName;
    user.lastName = options.lastName ?? user.lastName;
  }
  const row = {
    id: uniqueId("profile"),
    userId: user.id,
    headline: "Fractional CFO for growing retailers",
    businessAreas: ["finance", "operations"] as NewConsultantProfile["businessAreas"],
    engagementTypes: ["fractional", "project"] as NewConsultantProfile["engagementTypes"],
    industries: ["44-45", "42"] as NewConsultantProfile["industries"],
    industryCodes: ["423", "459"],
    companySizes: ["25-50", "50-100"] as NewConsultantProfile["companySizes"],
    yearsOfExperience: 12,
    education: "MBA, University of Maine",
    missionStatement: "Clear numbers, calm decisions.",
    bio: "Twelve years as a finance lead in wholesale and retail.",
    availability: "available" as const,
    hoursPerWeek: 30,
    hourlyRateCents: 15_000,
    rateUnit: "hour" as const,
    rateCents: 15_000,
    timeZone: "America/New_York",
    location: "Portland, ME",
    vetted: true,
    ...profile,
  };
  await db().insert(consultantProfiles).values(row);
  return { user, profile: row };
}

/** A past client on a consultant's profile. */
export async function addConsultantExperience(
  consultantId: string,
  experience: {
    clientDescription?: string;
    naicsCode: string;
    employeeBand: "0-25" | "25-50" | "50-100" | "100-150" | "150+";
    years: number;
  },
) {
  const row = {
    id: uniqueId("experience"),
    consultantId,
    clientDescription: experience.clientDescription ?? "Regional wholesaler",
    naicsCode: experience.naicsCode,
    employeeBand: experience.employeeBand,
    years: experience.years,
  };
  await db().insert(consultantExperiences).values(row);
  return row;
}

/** A match request of the business at `status` (default submitted) with that status's sentence. */
export async function createMatchRequestRow(
  businessId: string,
  overrides: Partial<Omit<NewMatchRequest, "businessId">> = {},
) {
  const status = overrides.status ?? "submitted";
  const row = {
    id: uniqueId("match"),
    businessId,
    category: "finance" as const,
    consultingType: "fractional" as const,
    problemStatement: "Our margins fell this year and we do not know why.",
    status,
    source: "direct" as const,
    ...overrides,
  };
  await db().insert(matchRequests).values(row);
  return row;
}

/** A consultant on the engine's shortlist of a match request. */
export async function createSuggestionRow(
  matchRequestId: string,
  businessId: string,
  consultantId: string,
  overrides: { rank?: number; score?: number; status?: "pending" | "proposed" | "skipped"; summary?: string } = {},
) {
  const row = {
    id: uniqueId("suggestion"),
    matchRequestId,
    businessId,
    consultantId,
    rank: overrides.rank ?? 1,
    score: overrides.score ?? 80,
    factors: [
      {
        factor: "business_area" as const,
        points: 30,
        max: 30,
        explanation: "Works in finance",
      },
    ],
    summary: overrides.summary ?? "Works in finance",
    status: overrides.status ?? ("pending" as const),
  };
  await db().insert(matchSuggestions).values(row);
  return row;
}

/** A candidacy on a match request (default: proposed, business decision pending). */
export async function createCandidateRow(
  matchRequestId: string,
  businessId: string,
  consultantId: string,
  overrides: Partial<Pick<NewMatchCandidate, "status" | "businessDecisionStatus" | "proposedById">> = {},
) {
  const row = {
    id: uniqueId("candidate"),
    matchRequestId,
    businessId,
    consultantId,
    status: "proposed" as const,
    businessDecisionStatus: "pending" as const,
    ...overrides,
  };
  await db().insert(matchCandidates).values(row);
  return row;
}
