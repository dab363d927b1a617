// The free trial without a card (ADR 050): what "Try a 7-Day Free Trial!" on /plan-select starts.
// Pure and isomorphic: the plan page, settings, the dashboard and every check of what a plan
// unlocks read the trial through these functions. The trial is written by
// app/server/payments/trial.server.ts.
import type { MemberTier } from "~db/enums";
import { formatDate } from "~/lib/shared/dates";
import { PERKS, PLANS, TRIAL_DAYS, type PaidTier } from "./plans";

/** The plan whose perks the free trial opens. */
export const NO_CARD_TRIAL_TIER: PaidTier = "PREMIUM";

export const TRIAL_MS = TRIAL_DAYS * 24 * 60 * 60 * 1000;

/** What the trial columns of a business say (all null until a trial starts). */
export type TrialFields = {
  memberTier: MemberTier;
  trialTier: MemberTier | null;
  trialEndsAt: Date | string | number | null;
};

export type TrialState =
  | { state: "none" }
  | { state: "active"; tier: MemberTier; endsAt: Date }
  | { state: "ended"; tier: MemberTier; endsAt: Date };

/** The business's trial at `now`: never started, running, or over (it ends by itself at trialEndsAt). */
export function trialState(business: Pick<TrialFields, "trialTier" | "trialEndsAt">, now: Date): TrialState {
  if (!business.trialTier || business.trialEndsAt === null) return { state: "none" };
  const endsAt = new Date(business.trialEndsAt);
  return endsAt.getTime() > now.getTime()
    ? { state: "active", tier: business.trialTier, endsAt }
    : { state: "ended", tier: business.trialTier, endsAt };
}

/**
 * THE tier whose perks the business may use now: its paid plan when it has one; on BASIC, the
 * trial's tier while the trial runs; otherwise BASIC. Every check of what a plan unlocks
 * (benchmarking, the Learning Center, events) asks this, never `memberTier` alone. Diagnostic
 * insights and storage follow the paid plan only (`memberTier`): the trial does not include them.
 */
export function accessTier(business: TrialFields, now: Date): MemberTier {
  if (business.memberTier !== "BASIC") return business.memberTier;
  const trial = trialState(business, now);
  return trial.state === "active" ? trial.tier : business.memberTier;
}

/** The trial's perks, for the texts: the paid plan's perks beyond BASIC's, without diagnostic insights. */
export function trialPerkNames(tier: PaidTier = NO_CARD_TRIAL_TIER): string[] {
  const basic = new Set<string>(PLANS.BASIC.perks);
  return PLANS[tier].perks.filter((perk) => !basic.has(perk) && perk !== "diagnosticInsights").map(perkName);
}

const perkName = (key: string) => PERKS.find((perk) => perk.key === key)?.name ?? key;

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** Every text of the trial, in one place. */
export const TRIAL_COPY = {
  /** The spec's link text, now a button that starts the trial. */
  start: "Try a 7-Day Free Trial!",
  /** Under the button: what the trial opens, and what it does not. */
  offer: (tier: PaidTier = NO_CARD_TRIAL_TIER) =>
    `No card required: ${TRIAL_DAYS} days of ${PLANS[tier].displayName}'s ${list(trialPerkNames(tier))}, then back to BASIC by itself. Diagnostic insights stay pay as you go.`,
  active: (tier: MemberTier, endsAt: Date) =>
    `Your free trial of ${PLANS[tier].displayName} runs until ${formatDate(endsAt)}. No card is on file; it ends by itself.`,
  ended: (tier: MemberTier, endsAt: Date) =>
    `Your free trial of ${PLANS[tier].displayName} ended on ${formatDate(endsAt)}.`,
  /** The dashboard's badge beside the plan. */
  badge: (tier: MemberTier, endsAt: Date) => `${PLANS[tier].displayName} trial until ${formatDate(endsAt)}`,
  /** Refusals (409): one trial per business, and none once a paid plan was taken. */
  alreadyUsed: "Your business has already had its free trial.",
  paidPlan: "The free trial is for businesses on BASIC. Your paid plan already includes these perks.",
} as const;
