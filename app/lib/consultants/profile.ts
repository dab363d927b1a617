/**
 * A consultant's profile as its owner edits it: the fields, the editor's sections and their
 * validation, what counts as complete, and the texts. Pure, shared by the portal's editor, the
 * console's review and the server.
 *
 * Two kinds of field:
 * - what businesses see (photo, headline, bio, ..., rate): edits wait in the consultant's draft
 *   until an engagement manager approves them, so clients never see unreviewed words;
 * - availability (availability, hours per week, away until, time zone): operational, read by the
 *   matching engine, applied at once once a profile is published.
 * Before the first approval everything lives in the draft.
 */
import * as z from "zod";
import {
  BUSINESS_AREAS,
  CONSULTANT_AVAILABILITY,
  EMPLOYEE_BANDS,
  ENGAGEMENT_TYPES,
  NAICS_SECTORS,
  PROFILE_DRAFT_STATUSES,
  RATE_UNITS,
  type BusinessArea,
  type ConsultantAvailability,
  type EmployeeBand,
  type EngagementType,
  type NaicsSector,
} from "~db/enums";
import { formatMoney } from "~/lib/shared/numbers";

export const PROFILE_PATH = "/consultant/profile";
/** The manager's review of a consultant's waiting profile changes. */
export const profileReviewPath = (userId: string) => `/manage/consultants/${encodeURIComponent(userId)}/review`;
/** The published (or, with ?draft, the waiting) photo of a consultant. */
export const consultantPhotoPath = (userId: string, version?: "draft") =>
  `/consultant-photos/${encodeURIComponent(userId)}${version ? "?version=draft" : ""}`;

/** What businesses see, reviewed by a manager before it is published. */
export type ProfileContent = {
  /** R2 key of the photo, e.g. 'consultants/<userId>/photo-<uuid>.jpg'. */
  photoKey: string;
  headline: string;
  bio: string;
  missionStatement: string;
  education: string;
  yearsOfExperience: number;
  /** 'City, ST'. */
  location: string;
  /** https://www.linkedin.com/in/…, or null when the consultant has none. */
  linkedinUrl: string | null;
  businessAreas: BusinessArea[];
  engagementTypes: EngagementType[];
  /** NAICS sector codes (2 digits). */
  industries: NaicsSector[];
  /** NAICS subsector codes (3 digits), each inside one of `industries`. */
  industryCodes: string[];
  companySizes: EmployeeBand[];
  rateUnit: RateUnit;
  /** Per `rateUnit`, in cents. */
  rateCents: number;
};

/** Read by the engine and applied without review once the profile is published. */
export type AvailabilityContent = {
  availability: ConsultantAvailability;
  hoursPerWeek: number;
  /** ISO date (YYYY-MM-DD) the consultant is away until, or null. */
  awayUntil: string | null;
  /** IANA time zone, one of TIME_ZONES. */
  timeZone: string;
};

/** The consultant's unpublished edits: any subset of the fields. */
export type ProfileDraftFields = Partial<ProfileContent & AvailabilityContent>;

export const REVIEWED_FIELDS = [
  "photoKey",
  "headline",
  "bio",
  "missionStatement",
  "education",
  "yearsOfExperience",
  "location",
  "linkedinUrl",
  "businessAreas",
  "engagementTypes",
  "industries",
  "industryCodes",
  "companySizes",
  "rateUnit",
  "rateCents",
] as const satisfies readonly (keyof ProfileContent)[];

export const AVAILABILITY_FIELDS = [
  "availability",
  "hoursPerWeek",
  "awayUntil",
  "timeZone",
] as const satisfies readonly (keyof AvailabilityContent)[];

/** The labels of the fields, as the editor and the review's list of changes name them. */
export const PROFILE_FIELD_LABELS: Record<keyof ProfileContent | keyof AvailabilityContent, string> = {
  photoKey: "Photo",
  headline: "Headline",
  bio: "Bio",
  missionStatement: "Mission statement",
  education: "Education",
  yearsOfExperience: "Years of experience",
  location: "Location",
  linkedinUrl: "LinkedIn profile",
  businessAreas: "Business areas",
  engagementTypes: "Engagement types",
  industries: "Industries",
  industryCodes: "Industry specialties",
  companySizes: "Company sizes",
  rateUnit: "Rate unit",
  rateCents: "Rate",
  availability: "Availability",
  hoursPerWeek: "Hours per week",
  awayUntil: "Away until",
  timeZone: "Time zone",
};

export { PROFILE_DRAFT_STATUSES, RATE_UNITS };
export type ProfileDraftStatus = (typeof PROFILE_DRAFT_STATUSES)[number];

export type RateUnit = (typeof RATE_UNITS)[number];
export const RATE_UNIT_LABELS: Record<RateUnit, string> = { hour: "Hourly rate", day: "Day rate" };
/** A working day, for comparing day rates with hourly ones. */
export const HOURS_PER_DAY = 8;

/** The rate per hour, in cents, whatever unit the consultant quotes: the one figure to compare. */
export function hourlyRateCents(rate: { rateUnit: RateUnit; rateCents: number }): number {
  return rate.rateUnit === "day" ? Math.round(rate.rateCents / HOURS_PER_DAY) : rate.rateCents;
}

/** "$150.00 per hour", "$1,200.00 per day": a price, so with cents (ADR 052). */
export function rateText(rate: { rateUnit: RateUnit; rateCents: number }): string {
  return `${formatMoney(rate.rateCents)} per ${rate.rateUnit}`;
}

/** The time zones offered (US and the zones our consultants work from), as IANA names. */
export const TIME_ZONES = [
  { value: "America/New_York", label: "Eastern Time (New York)" },
  { value: "America/Chicago", label: "Central Time (Chicago)" },
  { value: "America/Denver", label: "Mountain Time (Denver)" },
  { value: "America/Phoenix", label: "Mountain Time without DST (Phoenix)" },
  { value: "America/Los_Angeles", label: "Pacific Time (Los Angeles)" },
  { value: "America/Anchorage", label: "Alaska Time (Anchorage)" },
  { value: "Pacific/Honolulu", label: "Hawaii Time (Honolulu)" },
  { value: "America/Toronto", label: "Eastern Time (Toronto)" },
  { value: "America/Vancouver", label: "Pacific Time (Vancouver)" },
  { value: "Europe/London", label: "UK Time (London)" },
  { value: "UTC", label: "Coordinated Universal Time (UTC)" },
] as const;
export type TimeZone = (typeof TIME_ZONES)[number]["value"];
const TIME_ZONE_VALUES = TIME_ZONES.map((zone) => zone.value) as [TimeZone, ...TimeZone[]];

export const CONSULTANT_AVAILABILITY_LABELS: Record<ConsultantAvailability, string> = {
  available: "Available for new work",
  limited: "Limited: a small engagement at most",
  unavailable: "Not taking new work",
};

/** Photos: PNG or JPEG (checked by their bytes), at most this size. */
export const PHOTO_MAX_BYTES = 2_000_000;
export const PHOTO_CONTENT_TYPES = { png: "image/png", jpg: "image/jpeg" } as const;

export const LIMITS = {
  headline: 120,
  bio: 2000,
  missionStatement: 600,
  education: 300,
  location: 100,
  linkedinUrl: 200,
  yearsOfExperience: 60,
  hoursPerWeek: 60,
  /** $5,000 per hour or day, in cents. */
  rateCents: 500_000,
} as const;

export const PROFILE_TEXTS = {
  photoRequired: "Choose a photo to upload.",
  photoType: "Upload your photo as a .png or .jpg image.",
  photoTooLarge: "This photo is too large. Maximum photo size is 2 MB.",
  photoSaved: "Your photo has been added!",
  headlineRequired: "Write a headline.",
  headlineTooLong: `Keep the headline to ${LIMITS.headline} characters or fewer.`,
  bioRequired: "Write a short bio.",
  bioTooLong: "Keep the bio to 2,000 characters or fewer.",
  missionRequired: "Write your mission statement.",
  missionTooLong: `Keep the mission statement to ${LIMITS.missionStatement} characters or fewer.`,
  educationRequired: "Tell businesses about your education.",
  educationTooLong: `Keep education to ${LIMITS.education} characters or fewer.`,
  yearsInvalid: `Enter your years of experience as a whole number from 0 to ${LIMITS.yearsOfExperience}.`,
  locationRequired: "Enter your city and state, e.g. Denver, CO.",
  locationTooLong: `Keep the location to ${LIMITS.location} characters or fewer.`,
  linkedinInvalid: "Enter your LinkedIn profile's address, e.g. https://www.linkedin.com/in/your-name.",
  areasRequired: "Choose at least one business area.",
  typesRequired: "Choose at least one engagement type.",
  industriesRequired: "Choose at least one industry.",
  industryCodeUnknown: "Choose industry specialties from the list.",
  sizesRequired: "Choose at least one company size.",
  rateUnitRequired: "Choose an hourly or a day rate.",
  rateInvalid: "Enter your rate in dollars, e.g. 150.",
  rateTooHigh: "Enter a rate of $5,000 or less.",
  availabilityRequired: "Choose your availability.",
  hoursInvalid: `Enter the hours you can work each week, a whole number from 1 to ${LIMITS.hoursPerWeek}.`,
  awayUntilInvalid: "Enter a date from tomorrow on, or leave it empty.",
  timeZoneRequired: "Choose your time zone.",
  saved: "Your changes are saved.",
  availabilitySaved: "Your availability is updated.",
  incomplete: "Complete every section before sending your profile for review.",
  submitted: "Your profile has been sent for review. An Engagement Manager will look at it shortly.",
  alreadySubmitted: "Your profile is already waiting for review.",
  nothingToSubmit: "There are no changes to send for review.",
  waitingForReview:
    "Your changes are waiting for an Engagement Manager's review. Businesses see your published profile until then.",
  changesRequested: "An Engagement Manager asked for changes:",
  lockedWhileSubmitted: "Your profile is waiting for review. You can edit it again once the review is done.",
  approved: "Your profile changes are approved and published.",
  unknownIntent: "Choose a section to save.",
} as const;

/** The review's texts (the console). */
export const REVIEW_TEXTS = {
  approveFirst: "Approve and vet",
  approve: "Approve changes",
  requestChanges: "Request changes",
  notesRequired: "Say what the consultant should change.",
  notesTooLong: "Keep the notes to 2,000 characters or fewer.",
  nothingWaiting: "This consultant has no profile changes waiting for review.",
  unknownAction: "Choose Approve or Request changes.",
} as const;
export const approvedMessage = (name: string) => `${name}'s profile changes are published.`;
export const approvedAndVettedMessage = (name: string) =>
  `${name}'s profile is published and vetted. Matching can now propose them.`;
export const changesRequestedMessage = (name: string) => `${name} was asked for changes.`;

const trimmed = z.string().trim();
const required = (missing: string, max: number, tooLong: string) => trimmed.min(1, missing).max(max, tooLong);
/** A checkbox group: one value (string) or several (array) from a form; nothing is an empty list. */
const many = <T extends string>(values: readonly [T, ...T[]], missing: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(values, { error: missing })).min(1, missing),
  );
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: message })
      .regex(/^\d{1,6}$/, message)
      .transform(Number)
      .pipe(z.number().int().min(min, message).max(max, message)),
  );

export const AboutSectionSchema = z.object({
  intent: z.literal("about"),
  headline: required(PROFILE_TEXTS.headlineRequired, LIMITS.headline, PROFILE_TEXTS.headlineTooLong),
  bio: required(PROFILE_TEXTS.bioRequired, LIMITS.bio, PROFILE_TEXTS.bioTooLong),
  missionStatement: required(PROFILE_TEXTS.missionRequired, LIMITS.missionStatement, PROFILE_TEXTS.missionTooLong),
});

export const LINKEDIN_URL = /^https:\/\/(www\.)?linkedin\.com\/in\/[A-Za-z0-9\-_%.]{2,100}\/?$/;

export const BackgroundSectionSchema = z.object({
  intent: z.literal("background"),
  education: required(PROFILE_TEXTS.educationRequired, LIMITS.education, PROFILE_TEXTS.educationTooLong),
  yearsOfExperience: wholeNumber(0, LIMITS.yearsOfExperience, PROFILE_TEXTS.yearsInvalid),
  location: required(PROFILE_TEXTS.locationRequired, LIMITS.location, PROFILE_TEXTS.locationTooLong),
  linkedinUrl: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    trimmed
      .max(LIMITS.linkedinUrl, PROFILE_TEXTS.linkedinInvalid)
      .regex(LINKEDIN_URL, PROFILE_TEXTS.linkedinInvalid)
      .optional()
      .transform((value) => value ?? null),
  ),
});

/** Three digits inside a NAICS sector; that it is a real subsector is checked against the NAICS data. */
const SUBSECTOR = /^\d{3}$/;

export const ExpertiseSectionSchema = z
  .object({
    intent: z.literal("expertise"),
    businessAreas: many(BUSINESS_AREAS, PROFILE_TEXTS.areasRequired),
    engagementTypes: many(ENGAGEMENT_TYPES, PROFILE_TEXTS.typesRequired),
    industries: many(NAICS_SECTORS, PROFILE_TEXTS.industriesRequired),
    industryCodes: z.preprocess(
      (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(z.string().regex(SUBSECTOR, PROFILE_TEXTS.industryCodeUnknown))
        .max(60, PROFILE_TEXTS.industryCodeUnknown),
    ),
    companySizes: many(EMPLOYEE_BANDS, PROFILE_TEXTS.sizesRequired),
  })
  .transform((section) => ({
    ...section,
    // A specialty implies its sector; specialties of a sector left unchosen are dropped.
    industryCodes: [...new Set(section.industryCodes)].filter((code) =>
      section.industries.some((sector) => sectorContains(sector, code)),
    ),
  }));

export const RateSectionSchema = z.object({
  intent: z.literal("rate"),
  rateUnit: z.enum(RATE_UNITS, { error: PROFILE_TEXTS.rateUnitRequired }),
  rate: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().replace(/^\$/, "").replace(/,/g, "") : value),
    z
      .string({ error: PROFILE_TEXTS.rateInvalid })
      .regex(/^\d{1,6}(\.\d{1,2})?$/, PROFILE_TEXTS.rateInvalid)
      .transform((dollars) => Math.round(Number(dollars) * 100))
      .pipe(z.number().int().min(100, PROFILE_TEXTS.rateInvalid).max(LIMITS.rateCents, PROFILE_TEXTS.rateTooHigh)),
  ),
});

/** `today` is the consultant's current date (YYYY-MM-DD): away-until must be after it. */
export const availabilitySectionSchema = (today: string) =>
  z.object({
    intent: z.literal("availability"),
    availability: z.enum(CONSULTANT_AVAILABILITY, { error: PROFILE_TEXTS.availabilityRequired }),
    hoursPerWeek: wholeNumber(1, LIMITS.hoursPerWeek, PROFILE_TEXTS.hoursInvalid),
    awayUntil: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string({ error: PROFILE_TEXTS.awayUntilInvalid })
        // Abort here so a malformed date is reported once, not again by the check below.
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: PROFILE_TEXTS.awayUntilInvalid, abort: true })
        .refine(
          (date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && date > today,
          PROFILE_TEXTS.awayUntilInvalid,
        )
        .optional()
        .transform((value) => value ?? null),
    ),
    timeZone: z.enum(TIME_ZONE_VALUES, { error: PROFILE_TEXTS.timeZoneRequired }),
  });

/** Is the 3-digit subsector inside the sector? (31-33, 44-45 and 48-49 span several prefixes.) */
export function sectorContains(sector: NaicsSector, code: string): boolean {
  const prefix = code.slice(0, 2);
  if (sector === "31-33") return ["31", "32", "33"].includes(prefix);
  if (sector === "44-45") return ["44", "45"].includes(prefix);
  if (sector === "48-49") return ["48", "49"].includes(prefix);
  return prefix === sector;
}

/** The editor's sections, in order, with the fields each must have for the profile to be complete. */
export const PROFILE_SECTIONS = [
  { key: "photo", label: "Photo", fields: ["photoKey"] },
  { key: "about", label: "About you", fields: ["headline", "bio", "missionStatement"] },
  { key: "background", label: "Background", fields: ["education", "yearsOfExperience", "location"] },
  { key: "expertise", label: "Expertise", fields: ["businessAreas", "engagementTypes", "industries", "companySizes"] },
  { key: "rate", label: "Rate", fields: ["rateUnit", "rateCents"] },
  { key: "availability", label: "Availability", fields: ["availability", "hoursPerWeek", "timeZone"] },
] as const satisfies readonly {
  key: string;
  label: string;
  fields: readonly (keyof ProfileContent | keyof AvailabilityContent)[];
}[];
export type ProfileSectionKey = (typeof PROFILE_SECTIONS)[number]["key"];

const filled = (value: unknown) =>
  value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);

/** Which sections are complete in the profile as it would read (published overlaid by the draft). */
export function profileProgress(fields: ProfileDraftFields): {
  sections: { key: ProfileSectionKey; label: string; done: boolean }[];
  done: number;
  total: number;
  complete: boolean;
} {
  const sections = PROFILE_SECTIONS.map((section) => ({
    key: section.key,
    label: section.label,
    done: section.fields.every((field) => filled(fields[field])),
  }));
  const done = sections.filter((section) => section.done).length;
  return { sections, done, total: sections.length, complete: done === sections.length };
}

/** "4 of 6 sections complete". */
export const progressText = (done: number, total: number) => `${done} of ${total} sections complete`;

/** The reviewed fields whose draft value differs from the published one (all of them for a first profile). */
export function changedFields(
  published: Partial<ProfileContent> | null,
  draft: ProfileDraftFields,
): (keyof ProfileContent)[] {
  return REVIEWED_FIELDS.filter(
    (field) => draft[field] !== undefined && JSON.stringify(draft[field]) !== JSON.stringify(published?.[field]),
  );
}
