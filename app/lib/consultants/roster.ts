import * as z from "zod";
import { BUSINESS_AREAS, type BusinessArea } from "~db/enums";
import {
  approvedAndVettedMessage,
  approvedMessage,
  changesRequestedMessage,
  REVIEW_TEXTS,
} from "~/lib/consultants/profile";

/** Where a consultant stands, as the roster shows it (from the pool rule: `rosterStatus` in app/server/consultants/eligibility.server.ts). */
export const ROSTER_STATUSES = ["invited", "onboarding", "not_vetted", "vetted", "paused"] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

export const ROSTER_STATUS_LABELS: Record<RosterStatus, string> = {
  invited: "Invited",
  onboarding: "Onboarding",
  not_vetted: "Not vetted",
  vetted: "Vetted",
  paused: "Paused",
};

export type RosterFilter = { q: string; status: RosterStatus | null; area: BusinessArea | null };

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The roster's search and filters from the page's query string; anything unknown is ignored. */
export function rosterFilterFrom(params: URLSearchParams): RosterFilter {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: pick(ROSTER_STATUSES, params.get("status")),
    area: pick(BUSINESS_AREAS, params.get("area")),
  };
}

export const ROSTER_PATH = "/manage/consultants";
export const INVITATIONS_PATH = "/manage/consultants/invitations";
export const consultantConsolePath = (userId: string) => `${ROSTER_PATH}/${encodeURIComponent(userId)}`;

export const ROSTER_EMPTY_MESSAGE = "No consultant matches this search.";
export const VETTING_HISTORY_EMPTY_MESSAGE = "Nobody has vetted this consultant yet.";
export const NO_PROFILE_MESSAGE = "This consultant has not written a profile yet, so there is nothing to vet.";
export const UNVET_NOTES_REQUIRED_MESSAGE = "Say why you unvet this consultant.";
export const VETTING_NOTES_TOO_LONG_MESSAGE = "Keep the notes to 2,000 characters or fewer.";
export const UNKNOWN_VETTING_ACTION_MESSAGE = "Choose Vet or Unvet.";

export const vettedMessage = (name: string) => `${name} is vetted. Matching can now propose them.`;
export const unvettedMessage = (name: string) => `${name} is no longer vetted. Matching will not propose them.`;
export const alreadyVettedMessage = (name: string) => `${name} is already vetted. Nothing new was recorded.`;
export const alreadyUnvettedMessage = (name: string) => `${name} is already not vetted. Nothing new was recorded.`;

const notes = z.string().trim().max(2000, VETTING_NOTES_TOO_LONG_MESSAGE);

/** The consultant page's forms: Vet (notes optional), Unvet (notes required), Pause and Unpause. */
export const VettingActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("vet"), notes: notes.optional().default("") }),
    z.object({ intent: z.literal("unvet"), notes: notes.min(1, UNVET_NOTES_REQUIRED_MESSAGE) }),
    z.object({ intent: z.literal("pause") }),
    z.object({ intent: z.literal("unpause") }),
  ],
  { error: UNKNOWN_VETTING_ACTION_MESSAGE },
);
export type ConsultantPageAction = z.infer<typeof VettingActionSchema>;
export type VettingAction = Extract<ConsultantPageAction, { intent: "vet" | "unvet" }>;

export const NO_PROFILE_TO_PAUSE_MESSAGE =
  "This consultant has no published profile yet, so there is nothing to pause.";
export const pausedMessage = (name: string) =>
  `${name} is paused. Matching will not propose them until you unpause them.`;
export const unpausedMessage = (name: string) => `${name} is unpaused.`;
export const alreadyPausedMessage = (name: string) => `${name} is already paused. Nothing changed.`;
export const alreadyUnpausedMessage = (name: string) => `${name} is not paused. Nothing changed.`;
export const pausedSinceText = (date: string) => `Paused since ${date}: matching does not propose this consultant.`;
export const PROFILE_WAITING_TITLE = "Profile changes waiting for review";
export const PROFILE_WAITING_LABEL = "Profile waiting for review";
export const REVIEW_PROFILE_LINK = "Review profile";
export const INCOMPLETE_REVIEW_TEXT =
  "Some sections of this profile are still empty, so it cannot be approved yet. Ask the consultant for the missing parts.";

const reviewNotes = z.string().trim().max(2000, REVIEW_TEXTS.notesTooLong);

/** The review's forms: Approve (notes optional) and Request changes (notes required). */
export const ProfileReviewActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), notes: reviewNotes.optional().default("") }),
    z.object({ intent: z.literal("request_changes"), notes: reviewNotes.min(1, REVIEW_TEXTS.notesRequired) }),
  ],
  { error: REVIEW_TEXTS.unknownAction },
);
export type ProfileReviewAction = z.infer<typeof ProfileReviewActionSchema>;

/**
 * After a review the manager lands on the consultant's page with `?reviewed=<key>`; only these
 * keys render, so a crafted link cannot put arbitrary text on the page.
 */
export const REVIEW_OUTCOMES = {
  vetted: approvedAndVettedMessage,
  published: approvedMessage,
  changes: changesRequestedMessage,
} as const;
export type ReviewOutcome = keyof typeof REVIEW_OUTCOMES;
export const reviewOutcomeText = (key: string | null, name: string): string | null =>
  key !== null && Object.hasOwn(REVIEW_OUTCOMES, key) ? REVIEW_OUTCOMES[key as ReviewOutcome](name) : null;
