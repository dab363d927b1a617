// A business's plan follows its Stripe subscription. The webhook handler and checkout
// fulfilment call syncSubscription, which reads the subscription's CURRENT state from the provider
// and writes it: events may arrive late, twice or out of order, and the outcome is the same.
import { eq } from "drizzle-orm";
import { businesses, type MemberTier } from "~db/schema";
import { LIVE_SUBSCRIPTION_STATES, parseLookupKey } from "~/lib/payments/plans";
import {
  auditBusinessSubscription,
  auditForgottenSubscription,
  forgetBusinessSubscription,
  subscriptionHolder,
  writeBusinessSubscription,
  type SubscriptionOwner,
} from "~/server/business/business-row.server";
import type { AppContext } from "~/server/load-context";
import { cancelDuplicateSubscription } from "./duplicate-payments.server";
import { paymentProvider } from "./provider/factory.server";
import { PaymentProviderError, type PaymentProvider, type Subscription } from "./provider/types";

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

export type SyncResult = {
  /** The business row was written. */
  updated: boolean;
  /** A business has (or was given) this subscription: false when none matches it. */
  matched: boolean;
  /** It was a second subscription of a business with a live one: canceled, the business unchanged. */
  duplicate: boolean;
  tier: MemberTier | null;
  status: string;
};

/**
 * Sets the business's plan from the subscription's current state at the provider (see
 * subscriptionPlan): memberTier, subscriptionId, subscriptionStatus, and planChosenAt if unset.
 * The business is found by the hint (a purchase's business), the subscription's customer, its
 * metadata.businessId (only with that customer or none yet) or the stored subscription id. One
 * conditional UPDATE:
 * - an ended subscription only touches a business still pointing at it (or at none), so a late
 *   event about an old subscription cannot undo a newer plan;
 * - any other only takes a business with no live subscription, or that holds this one. One
 *   business has at most one live subscription: a second one (two checkouts both completed) does
 *   not flip the plan; once the provider confirms the first is still live, the second is canceled
 *   and what it charged refunded (cancelDuplicateSubscription), and the business is told.
 */
export async function syncSubscription(
  app: AppContext,
  subscriptionId: string,
  options: { businessId?: string; provider?: PaymentProvider; origin?: string | null } = {},
): Promise<SyncResult> {
  const provider = options.provider ?? paymentProvider(app);
  const subscription = await provider.retrieveSubscription(subscriptionId);
  const result = await writeSubscription(app, subscription, options.businessId);
  if (result.updated) return done(result, false);
  // Not written: which business is it, and does that business hold another live subscription?
  const [holder] = await subscriptionHolder(app.db, ownerOf(subscription, options.businessId));
  if (!holder) return { ...done(result, false), matched: false };
  if (result.ended || !holder.subscriptionId || holder.subscriptionId === subscription.id) return done(result, false);
  const kept = await retrieveOrNull(provider, holder.subscriptionId);
  if (!kept || !(LIVE_SUBSCRIPTION_STATES as readonly string[]).includes(kept.status)) {
    // The stored plan has ended at the provider and we were not told yet: record that, then this
    // subscription may take its place.
    if (kept) await writeSubscription(app, kept, holder.id);
    else await forgetSubscription(app, holder.id, holder.subscriptionId);
    return done(await writeSubscription(app, subscription, holder.id), false);
  }
  await cancelDuplicateSubscription(
    app,
    { businessId: holder.id, subscription, kept },
    options.origin ?? null,
    provider,
  );
  return { updated: false, matched: true, duplicate: true, tier: null, status: subscription.status };
}

function done(result: { updated: boolean; tier: MemberTier | null; status: string }, duplicate: boolean): SyncResult {
  return { updated: result.updated, matched: true, duplicate, tier: result.tier, status: result.status };
}

/** The one conditional UPDATE of syncSubscription (the business domain's writeBusinessSubscription). */
async function writeSubscription(app: AppContext, subscription: Subscription, businessId?: string) {
  const { tier, ended } = subscriptionPlan(subscription);
  if (!tier && GRANTING_STATES.has(subscription.status)) {
    console.error(`Subscription ${subscription.id} has an unknown lookup key ${String(subscription.lookup_key)}.`);
  }
  const owner = ownerOf(subscription, businessId);
  const state = { status: subscription.status, tier, ended };
  // The record first: it reads the tier and status the update is about to replace.
  const [, result] = await app.db.batch([
    auditBusinessSubscription(app, owner, state),
    writeBusinessSubscription(app.db, owner, state, app.now()),
  ]);
  return { updated: (result.meta?.changes ?? 0) > 0, ended, tier, status: subscription.status };
}

/** A stored subscription the provider no longer knows: no longer live (the plan itself is kept until a sync says otherwise). */
async function forgetSubscription(app: AppContext, businessId: string, subscriptionId: string) {
  await app.db.batch([
    auditForgottenSubscription(app, businessId, subscriptionId),
    forgetBusinessSubscription(app.db, businessId, subscriptionId, app.now()),
  ]);
}

async function retrieveOrNull(provider: PaymentProvider, id: string): Promise<Subscription | null> {
  try {
    return await provider.retrieveSubscription(id);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 404) return null;
    throw error;
  }
}

/** What finds the subscription's business: the hint, its customer, its metadata.businessId, its id. */
function ownerOf(subscription: Subscription, businessId?: string): SubscriptionOwner {
  return {
    subscriptionId: subscription.id,
    customerId: subscription.customer,
    businessId,
    metadataBusinessId: subscription.metadata?.businessId,
  };
}

/**
 * A business's deletion (docs/decisions/069): its Stripe subscription cancelled now, without a
 * prorated refund or a final invoice. Answers whether a cancel was sent (none without a live
 * subscription). Stripe answers a second cancel with the canceled subscription, so a job that runs
 * again after a cancel it did not record ends the same.
 */
export async function cancelSubscriptionForDeletion(app: AppContext, businessId: string): Promise<boolean> {
  const row = await app.db
    .select({ id: businesses.subscriptionId, status: businesses.subscriptionStatus })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .get();
  if (!row?.id || row.status === "canceled") return false;
  await paymentProvider(app).cancelSubscription(row.id);
  return true;
}
