import * as z from "zod";
import type { ConsultantInfo } from "~/lib/matching/match-view";
import { formatDate } from "~/lib/shared/dates";
import { fullName } from "~/lib/shared/format";

/**
 * Consultants' public profiles (issue #42 item 2, ADR 090): what a visitor reads of a vetted
 * consultant who chose to be shown, and the words of the listing and of "Request this
 * consultant". Pure and isomorphic.
 *
 * A public profile is the profile businesses read before deciding (ConsultantInfo) with what is
 * not for the public taken out: no rate, no LinkedIn or other contact, no past client in the
 * consultant's own words (a client's name could be in them) and no engagement's own rating; the
 * average rating only once PUBLIC_RATINGS_MIN engagements are rated.
 */

/** Ratings are shown in public from this many rated engagements: one or two would single out a client. */
export const PUBLIC_RATINGS_MIN = 3;

/** The address of a consultant's public profile. */
export const publicProfilePath = (consultantId: string) => `/consultants/${encodeURIComponent(consultantId)}`;

/** The address of "Request this consultant". */
export const consultantRequestPath = (consultantId: string) => `${publicProfilePath(consultantId)}/request`;

/** /consultants/<id>: the ids are users' ids (a UUID, or a seeded word id such as "demo-user-consultant-02"). */
export const PUBLIC_PROFILE_ID = /^[A-Za-z0-9-]{1,64}$/;

export type PublicConsultantProfile = Pick<
  ConsultantInfo,
  | "consultantId"
  | "photoUrl"
  | "headline"
  | "location"
  | "yearsOfExperience"
  | "education"
  | "missionStatement"
  | "bio"
  | "businessAreas"
  | "engagementTypes"
  | "industries"
  | "industrySpecialties"
  | "companySizes"
  | "rating"
> & {
  name: string;
  /** "Available for new work", …, or "Not taking new work until Jan 15, 2027" while away (no hours, no time zone). */
  availability: string;
  /** The kinds of company the consultant has worked with: industry, size, years; no description. */
  companiesWorkedWith: Omit<ConsultantInfo["pastClients"][number], "description">[];
  /** Engagements completed through Partwise: area, type, the client's industry and size; no rating each. */
  outcomes: Omit<ConsultantInfo["completedEngagements"][number], "rating">[];
};

/** The public profile of what businesses read (see the module's note for what is left out). */
export function toPublicProfile(info: ConsultantInfo): PublicConsultantProfile {
  return {
    consultantId: info.consultantId,
    name: fullName(info.firstName, info.lastName),
    photoUrl: info.photoUrl,
    headline: info.headline,
    location: info.location,
    yearsOfExperience: info.yearsOfExperience,
    education: info.education,
    missionStatement: info.missionStatement,
    bio: info.bio,
    businessAreas: info.businessAreas,
    engagementTypes: info.engagementTypes,
    industries: info.industries,
    industrySpecialties: info.industrySpecialties,
    companySizes: info.companySizes,
    availability: info.availability.awayUntil
      ? `Not taking new work until ${formatDate(`${info.availability.awayUntil}T00:00:00Z`)}`
      : info.availability.status,
    companiesWorkedWith: info.pastClients.map(({ industry, size, years }) => ({ industry, size, years })),
    outcomes: info.completedEngagements.map(({ area, type, industry, size }) => ({ area, type, industry, size })),
    // The average and count, once PUBLIC_RATINGS_MIN engagements are rated.
    rating: info.rating && info.rating.count >= PUBLIC_RATINGS_MIN ? info.rating : null,
  };
}

/** A consultant on the list of /consultants; `initials` mark the card without a photo. */
export type PublicConsultantCard = Pick<
  PublicConsultantProfile,
  "consultantId" | "name" | "photoUrl" | "headline" | "location" | "yearsOfExperience" | "businessAreas" | "industries"
> & { initials: string };

export const PUBLIC_PROFILE_TEXTS = {
  // The consultant's portal.
  listingTitle: "Public profile",
  listingLead:
    "Show your published profile on Partwise's public pages, where business owners browse consultants and can ask for you by name. Your headline, bio and mission statement are shown as they are: name no client there who has not agreed. Your rate, LinkedIn profile, contact details and your past clients' descriptions are never shown, nor the rating of any one engagement: your average shows once three engagements are rated.",
  listed: "Your profile is public.",
  notListed: "Your profile is not public.",
  list: "Show my profile in public",
  unlist: "Stop showing my profile",
  listedSaved: "Your profile is now public.",
  listedWhilePaused: "Saved: your profile is shown once the pause ends.",
  unlistedSaved: "Your profile is no longer public.",
  needsVetting: "Your profile can be public once an engagement manager has vetted it.",
  paused: "Your profile is not shown while an engagement manager has paused you.",
  unknownListing: "Choose whether to show your profile in public.",
  viewPublic: "See your public profile",
  // The public pages.
  indexTitle: "Vetted consultants",
  indexLead:
    "Fractional consultants that Partwise's engagement managers vetted, who chose to show their profiles. Ask for one by name, or let matching find the right one for you.",
  noneListed: "No consultant is shown here yet. Sign up and matching finds one for you.",
  noneInArea: "No consultant shown here works in that area yet.",
  request: "Request this consultant",
  companiesWorkedWith: "Companies worked with",
  outcomes: "Engagements completed through Partwise",
  noOutcomes: "No engagement completed through Partwise yet.",
  ratingsTooFew: "Not enough rated engagements to show a rating yet.",
  // "Request this consultant".
  requestTitle: (name: string) => `Request ${name}`,
  requestSignUpLead:
    "Tell us what you need and your engagement manager proposes them to you, if they are a fit and free. A business account takes two minutes.",
  requestSignUp: "Create a business account",
  requestLogIn: "Log in",
  requestLater:
    "Once you are signed in, your dashboard reminds you to finish this request. It is kept on this device for 30 days.",
  requestLead: (name: string) =>
    `Tell us what you need. Your engagement manager sees that you asked for ${name}, and proposes them to you if they are a fit and free.`,
  notTakingWork: (name: string) =>
    `${name} is not taking new work right now. You can still send your request: your engagement manager sees that you asked for them, and matching looks for consultants like them meanwhile.`,
  sent: (name: string) =>
    `Your request is in. Your engagement manager sees that you asked for ${name} and proposes them if they are a fit.`,
  pendingBanner: "You chose a consultant from their public profile.",
  pendingAction: "Finish the request",
  pendingForget: "Forget this consultant",
  notABusiness: "Only a business account can request a consultant.",
} as const;

/** The portal's "Public profile" buttons: show (yes) or stop (no). */
export const ListingSchema = z.object({ show: z.enum(["yes", "no"]) });

/** The cookie that keeps a visitor's "Request this consultant" through sign-up or login (30 days). */
export const REQUESTED_CONSULTANT_COOKIE = "partwise_requested_consultant";
export const REQUESTED_CONSULTANT_MAX_AGE = 30 * 24 * 60 * 60;
