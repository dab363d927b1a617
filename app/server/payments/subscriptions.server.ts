// A business's plan follows its Stripe subscription. The webhook handler and checkout
// fulfilment call syncSubscription, which reads the subscription's CURRENT state from the provider
// and writes it: events may arrive late, twice or out of order, and the outcome is the same.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { businesses, type MemberTier } from "~db/schema";
import { parseLookupKey } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import { paymentProvider } from "./provider/factory.server";
import type { PaymentProvider, Subscription } from "./provider/types";

/** Subscription states that grant the plan of the subscription's price. */
const GRANTING_STATES = new Set(["trialing", "active"]);
/** States that end the plan: the business falls back to BASIC. */
const ENDED_STATES = new Set(["canceled", "unpaid", "incomplete_expired", "paused", "deleted"]);

/**
 * What a subscription state means for the business's tier (pure):
 * trialing/active → the tier of the price's lookup key (null if the key is unknown: keep the tier);
 * past_due/incomplete/other → null (keep the tier; past_due is shown to the user);
 * canceled/unpaid/incomplete_expired/paused → BASIC. `ended` says the subscription is over.
 */
export function subscriptionPlan(subscription: Pick<Subscription, "status" | "lookup_key">): {
  tier: MemberTier | null;
  ended: boolean;
} {
  if (ENDED_STATES.has(subscription.status)) return { tier: "BASIC", ended: true };
  if (GRANTING_STATES.has(subscription.status)) {
    return { tier: parseLookupKey(subscription.lookup_key)?.tier ?? null, ended: false };
  }
  return { tier: null, ended: false };
}

function idOf(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") {
    return (value as { id: string }).id;
  }
  return null;
}

/**
 * An invoice's subscription id (pure): `subscription` in older API versions, or
 * `parent.subscription_details.subscription` since 2025-03-31; either may be expanded.
 */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const direct = idOf(invoice.subscription);
  if (direct) return direct;
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription);
}

/** An id field of a Stripe object, whether a plain id or an expanded object. */
export const stripeId = idOf;

/**
 * Sets the business's plan from the subscription's current state at the provider (see
 * subscriptionPlan): memberTier, subscriptionId, subscriptionStatus, and planChosenAt if unset.
 * The business is found by the hint (a purchase's business), the subscription's customer, its
 * metadata.businessId (only with that customer or none yet) or the stored subscription id. An
 * ended subscription only touches a business still pointing at it (or at none), so a late event
 * about an old subscription cannot undo a newer plan. One conditional UPDATE.
 */
export async function syncSubscription(
  app: AppContext,
  subscriptionId: string,
  options: { businessId?: string; provider?: PaymentProvider } = {},
): Promise<{ updated: boolean; tier: MemberTier | null; status: string }> {
  const provider = options.provider ?? paymentProvider(app);
  const subscription = await provider.retrieveSubscription(subscriptionId);
  const { tier, ended } = subscriptionPlan(subscription);
  if (!tier && GRANTING_STATES.has(subscription.status)) {
    console.error(`Subscription ${subscription.id} has an unknown lookup key ${String(subscription.lookup_key)}.`);
  }
  const target = businessMatch(subscription, options.businessId);
  const ownsSubscription = or(isNull(businesses.subscriptionId), eq(businesses.subscriptionId, subscription.id));
  const now = app.now();
  const result = await app.db
    .update(businesses)
    .set({
      ...(tier ? { memberTier: tier } : {}),
      subscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      planChosenAt: sql`COALESCE(${businesses.planChosenAt}, ${now.getTime()})`,
      updatedAt: now,
    })
    .where(ended ? and(target, ownsSubscription) : target)
    .run();
  return { updated: (result.meta?.changes ?? 0) > 0, tier, status: subscription.status };
}

function businessMatch(subscription: Subscription, businessId?: string) {
  const conditions = [
    eq(businesses.stripeCustomerId, subscription.customer),
    eq(businesses.subscriptionId, subscription.id),
  ];
  if (businessId) conditions.push(eq(businesses.id, businessId));
  const metaBusiness = subscription.metadata?.businessId;
  if (metaBusiness) {
    const named = and(
      eq(businesses.id, metaBusiness),
      or(isNull(businesses.stripeCustomerId), eq(businesses.stripeCustomerId, subscription.customer)),
    );
    if (named) conditions.push(named);
  }
  return or(...conditions);
}
