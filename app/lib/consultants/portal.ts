import { ITEM_STATUS_LABELS } from "~/lib/engagements/engagement-copy";
/** The consultant portal's paths and the home's texts. */
export const PORTAL_HOME_PATH = "/consultant";
export const CANDIDACIES_PATH = "/consultant/candidacies";
export const candidacyPath = (id: string) => `${CANDIDACIES_PATH}/${encodeURIComponent(id)}`;

export const PORTAL_HOME_TEXTS = {
  title: "What needs you",
  nothingNeeded: "Nothing needs you right now. We email you when a business's request is proposed to you.",
  completeProfile: "Complete your profile",
  onboardingTitle: "Finish your profile",
  onboardingLead: "Businesses can be matched with you once an Engagement Manager has approved your profile.",
  onboardingSubmitted: "Your profile is waiting for an Engagement Manager's review.",
  changesRequestedTitle: "Changes requested on your profile",
  changesRequested: "An Engagement Manager asked for changes:",
  reviseProfile: "Revise your profile",
  submittedTitle: "Profile changes waiting for review",
  submitted: "Your profile changes are waiting for review. Businesses see your published profile until then.",
  toAnswerTitle: "Candidacies to answer",
  allCandidacies: "See all candidacies",
  toReviseTitle: "Plans to finish or revise",
  toDeliverTitle: "Deliverables to deliver",
  /** A deliverable sent back for rework: its status as every page names it (deliverableStatusLabel). */
  revisionRequested: ITEM_STATUS_LABELS.revision,
  payoutsTitle: "Set up payouts",
  payoutsLink: "Set up payouts",
  allEngagements: "See all engagements",
} as const;

/** The portal home's payouts prompt: "$1,200.00 is held for you until you set up payouts." */
export const heldForSetupText = (amount: string) =>
  `${amount} is held for you until you set up payouts. Stripe checks your identity and bank details, then sends it.`;

/** "Due Dec 16, 2026". */
export const dueText = (date: string) => `Due ${date}`;

/** "1 matched engagement" / "2 matched engagements". */
export const matchedText = (count: number) => `${count} matched engagement${count === 1 ? "" : "s"}`;

export const ENGAGEMENTS_PATH = "/consultant/engagements";

/**
 * Where an engagement stands, in the consultant's words (the match status texts speak to the
 * business). Only the statuses at which a request has its consultant appear here.
 */
export const ENGAGEMENT_STATUS_LABELS = {
  consultant_matched: "Matched — the engagement plan is next",
  outline_draft: "Engagement plan in draft",
  outline_proposed: "Engagement plan with the business",
  engagement_active: "Active",
  completed: "Completed",
  cancelled: "Cancelled",
} as const;

export const ENGAGEMENTS_TEXTS = {
  title: "Engagements",
  empty: "You have no engagements yet. When a business chooses you for its request, the engagement appears here.",
} as const;

export const NOTIFICATIONS_PATH = "/consultant/notifications";
