import type { ConsultantInfo } from "~/lib/matching/match-view";
import { formatDate } from "~/lib/shared/dates";

/**
 * The words of a consultant's profile as a business reads it before deciding, and as the manager
 * vets it (issue #36 item 19): the section titles, and the lines the profile component shows.
 * Pure and isomorphic.
 */

export const PROFILE_VIEW_TEXTS = {
  availability: "Availability",
  ratings: "Ratings",
  businessAreas: "Business areas",
  engagementTypes: "Engagement types",
  industries: "Industries",
  industrySpecialties: "Industry specialties",
  companySizes: "Company sizes",
  pastClients: "Past clients",
  noPastClients: "No past clients listed yet.",
  engagements: "Engagements through Partwise",
  noEngagements: "No engagement completed through Partwise yet.",
  noRatings: "No ratings yet: none of their engagements through Partwise is completed and rated.",
  none: "None listed",
} as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "4.5 of 5 from 2 completed engagements", or the text for none yet. */
export function ratingSummary(rating: ConsultantInfo["rating"]): string {
  if (!rating) return PROFILE_VIEW_TEXTS.noRatings;
  return `${rating.average.toFixed(1)} of 5 from ${plural(rating.count, "completed engagement", "completed engagements")}`;
}

/** "Limited: a small engagement at most · 12 hours a week · Central Time (Chicago)". */
export function availabilityLine(availability: ConsultantInfo["availability"]): string {
  return [
    availability.status,
    `${plural(availability.hoursPerWeek, "hour", "hours")} a week`,
    availability.timeZone,
  ].join(" · ");
}

/** "Away until Jan 15, 2030", or null when not away. */
export function awayLine(availability: ConsultantInfo["availability"]): string | null {
  return availability.awayUntil ? `Away until ${formatDate(`${availability.awayUntil}T00:00:00Z`)}` : null;
}

/** "Sporting Goods Retailers · 25-50 employees · 3 years". */
export function pastClientLine(client: Omit<ConsultantInfo["pastClients"][number], "description">): string {
  return [client.industry, client.size, plural(client.years, "year", "years")].join(" · ");
}

/** "Finance · Project engagement", then "Industrial Supplies Merchant Wholesalers · 25-50 employees · Rated 5 of 5". */
export function engagementLines(engagement: ConsultantInfo["completedEngagements"][number]): [string, string] {
  const rating = engagement.rating === null ? "Not rated" : `Rated ${engagement.rating} of 5`;
  return [
    `${engagement.area} · ${engagement.type} engagement`,
    [engagement.industry, engagement.size, rating].join(" · "),
  ];
}

/**
 * A profile's facts as [label, value] rows, in the order every view of a profile shows them (the
 * business's and manager's, and the public page); `ratings` is the ratings line in words.
 */
export function profileFactRows(
  profile: Pick<
    ConsultantInfo,
    | "yearsOfExperience"
    | "education"
    | "businessAreas"
    | "engagementTypes"
    | "industries"
    | "industrySpecialties"
    | "companySizes"
  >,
  ratings: string,
): [string, string][] {
  return [
    ["Years of experience", String(profile.yearsOfExperience)],
    ["Education", profile.education],
    [PROFILE_VIEW_TEXTS.ratings, ratings],
    [PROFILE_VIEW_TEXTS.businessAreas, listText(profile.businessAreas)],
    [PROFILE_VIEW_TEXTS.engagementTypes, listText(profile.engagementTypes)],
    [PROFILE_VIEW_TEXTS.industries, listText(profile.industries)],
    [PROFILE_VIEW_TEXTS.industrySpecialties, listText(profile.industrySpecialties)],
    [PROFILE_VIEW_TEXTS.companySizes, listText(profile.companySizes)],
  ];
}

/** A list in words: "Finance, Operations", or "None listed". */
export function listText(values: readonly string[]): string {
  return values.length > 0 ? values.join(", ") : PROFILE_VIEW_TEXTS.none;
}
