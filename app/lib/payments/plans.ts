// Membership plans (spec §9): the one place for tiers, display names, prices, included insights,
// perks and Stripe lookup keys. Pure and isomorphic: the plan page, the checkout endpoints and the
// subscription sync all read from here.
import { MEMBER_TIERS, type MemberTier } from "~db/enums";

/** The member tiers as stored on businesses.member_tier: the data model's own list. */
export const PLAN_TIERS = MEMBER_TIERS;
export type PlanTier = MemberTier;

/** Tiers that are paid through Stripe; BASIC is free and has no lookup key. */
export const PAID_TIERS = ["STANDARD", "PREMIUM"] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

export const BILLING_PERIODS = ["MONTHLY", "YEARLY"] as const;
export type Billing = (typeof BILLING_PERIODS)[number];

/**
 * Subscription states that hold the business's one plan: a new plan checkout is refused while the
 * business has one, and a second subscription in one of them is a duplicate (ADR 010).
 */
export const LIVE_SUBSCRIPTION_STATES = ["trialing", "active", "past_due"] as const;

/** Stripe price lookup keys (spec §7): plan type + "_PLAN_" + MONTHLY or YEARLY. */
export type LookupKey = `${PaidTier}_PLAN_${Billing}`;

export const PERKS = [
  { key: "smartMatching", name: "Smart Matching", detail: "Matched with the top 1% of consultants for your need" },
  {
    key: "engagementAssurance",
    name: "Engagement Assurance",
    detail: "An Engagement Manager oversees every engagement",
  },
  { key: "diagnosticInsights", name: "Diagnostic Insights", detail: "Expert diagnosis of a business issue" },
  {
    key: "competitiveBenchmarking",
    name: "Competitive Benchmarking",
    detail: "Compare your results with your industry",
  },
  { key: "companyDocsHub", name: "Company Docs Hub", detail: "Your company documents in one place" },
  {
    key: "toolsTemplates",
    name: "Tools & Templates",
    detail: "Annual Planning, Annual Budgeting, Business Scorecard",
  },
  { key: "eLearning", name: "E-Learning for Leaders", detail: "Courses for you and your leadership team" },
  { key: "peerGroups", name: "Virtual Peer Groups", detail: "Meet leaders of similar businesses" },
] as const;
export type PerkKey = (typeof PERKS)[number]["key"];

export type Plan = {
  tier: PlanTier;
  /** Shown to users: STANDARD is STARTER, PREMIUM is SCALE. */
  displayName: string;
  /** Price per month in US cents, by billing period (yearly is billed as 12 × this, up front). */
  monthlyPriceCents: Record<Billing, number>;
  insightsPerMonth: number;
  perks: readonly PerkKey[];
  popular: boolean;
  /** The Documents Hub's storage: every file of the business counts (decimal units, 1 GB = 10^9 bytes). */
  storageQuotaBytes: number;
};

const GB = 1_000_000_000;

const BASIC_PERKS = ["smartMatching", "engagementAssurance", "companyDocsHub"] as const satisfies readonly PerkKey[];
const STARTER_PERKS = [
  ...BASIC_PERKS,
  "diagnosticInsights",
  "competitiveBenchmarking",
  "toolsTemplates",
] as const satisfies readonly PerkKey[];
const SCALE_PERKS = [...STARTER_PERKS, "eLearning", "peerGroups"] as const satisfies readonly PerkKey[];

/**
 * Which perks each tier gets: BASIC is the pay-as-you-go marketplace (matching with assurance and
 * the docs hub); STARTER adds the monthly diagnostic insight, benchmarking (spec: any non-BASIC
 * tier starts benchmarking) and the planning tools; SCALE adds a second insight, e-learning and
 * peer groups.
 */
export const PLANS: Readonly<Record<PlanTier, Plan>> = {
  BASIC: {
    tier: "BASIC",
    displayName: "BASIC",
    monthlyPriceCents: { MONTHLY: 0, YEARLY: 0 },
    insightsPerMonth: 0,
    perks: BASIC_PERKS,
    popular: false,
    storageQuotaBytes: 1 * GB,
  },
  STANDARD: {
    tier: "STANDARD",
    displayName: "STARTER",
    monthlyPriceCents: { MONTHLY: 24_700, YEARLY: 19_700 },
    insightsPerMonth: 1,
    perks: STARTER_PERKS,
    popular: false,
    storageQuotaBytes: 10 * GB,
  },
  PREMIUM: {
    tier: "PREMIUM",
    displayName: "SCALE",
    monthlyPriceCents: { MONTHLY: 55_900, YEARLY: 44_700 },
    insightsPerMonth: 2,
    perks: SCALE_PERKS,
    popular: true,
    storageQuotaBytes: 50 * GB,
  },
};

/** Cards in display order. */
export const PLAN_ORDER: readonly PlanTier[] = ["BASIC", "STANDARD", "PREMIUM"];

/** What a plan saves a year when paid yearly, in cents (0 for Basic). */
export function yearlySavingCents(plan: Plan): number {
  return (plan.monthlyPriceCents.MONTHLY - plan.monthlyPriceCents.YEARLY) * 12;
}

export const YEARLY_SAVINGS_TEXT = "Save up to 20% when you pay yearly!";
export const UNKNOWN_PLAN_MESSAGE = "That plan doesn't exist. Choose a plan on the plan selection page.";

export function isPaidTier(tier: string): tier is PaidTier {
  return (PAID_TIERS as readonly string[]).includes(tier);
}

export function isPlanTier(tier: unknown): tier is PlanTier {
  return typeof tier === "string" && (PLAN_TIERS as readonly string[]).includes(tier);
}

export function lookupKey(tier: PaidTier, billing: Billing): LookupKey {
  return `${tier}_PLAN_${billing}`;
}

/** {tier, billing} for a valid lookup key such as "PREMIUM_PLAN_YEARLY"; null for anything else. */
export function parseLookupKey(value: unknown): { tier: PaidTier; billing: Billing } | null {
  if (typeof value !== "string") return null;
  const match = /^(STANDARD|PREMIUM)_PLAN_(MONTHLY|YEARLY)$/.exec(value);
  if (!match) return null;
  return { tier: match[1] as PaidTier, billing: match[2] as Billing };
}

/** The billing period of a `?billing=` query value; monthly unless it says yearly. */
export function parseBilling(value: string | null | undefined): Billing {
  return value?.trim().toLowerCase() === "yearly" ? "YEARLY" : "MONTHLY";
}

/** The yearly saving against paying monthly, in whole percent rounded down (20 for STARTER). */
export function yearlySavingsPercent(tier: PaidTier): number {
  const { MONTHLY, YEARLY } = PLANS[tier].monthlyPriceCents;
  return Math.floor(((MONTHLY - YEARLY) / MONTHLY) * 100);
}

/** "Includes 1 diagnostic insight per month". */
export function insightsText(count: number): string {
  return `Includes ${count} diagnostic insight${count === 1 ? "" : "s"} per month`;
}

// ---------------------------------------------------------------------------------------------
// One-off purchases. Amounts always come from here or the database, never from
// a request.
// ---------------------------------------------------------------------------------------------

/** A paid diagnostic insight, in US cents. */
export const INSIGHT_PRICE_CENTS = 49_500;
/** A year of Partwise Benchmarking, in US cents. */
export const BENCHMARKING_PRICE_CENTS = 29_900;
/** Shown on the checkout page for each one-off purchase. */
export const INSIGHT_PRODUCT_NAME = "Partwise Diagnostic Insight";
export const benchmarkingProductName = (year: number) => `Partwise Benchmarking ${year}`;
export const deliveryItemProductName = (title: string) => `Engagement deliverable: ${title}`;
/** Free trial on every paid plan, in days. */
export const TRIAL_DAYS = 7;
