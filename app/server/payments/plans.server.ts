// Plan choice for a business. Prices, perks and lookup keys live in app/lib/payments/plans.ts; paid plans
// are started by the Stripe checkout (app/server/payments/checkout.server.ts).
import { parseLookupKey, PLANS } from "~/lib/payments/plans";
import { recordPlanChoice } from "~/server/business/business-row.server";
import type { AppContext } from "~/server/load-context";
import type { Purchasable } from "./purchasable";
import { syncSubscription } from "./subscriptions.server";

/**
 * Records that the business chose the Basic plan: sets businesses.plan_chosen_at the first time
 * only (one conditional UPDATE, so repeated or concurrent posts keep the first instant). The
 * business id comes from the session. Returns whether this call recorded the choice.
 */
export async function chooseBasicPlan(app: AppContext, businessId: string): Promise<{ recorded: boolean }> {
  const result = await recordPlanChoice(app.db, businessId, app.now()).run();
  return { recorded: (result.meta?.changes ?? 0) > 0 };
}

/**
 * A paid plan, bought as a subscription (the purchase's reference is the price's lookup key). Its
 * effect is the subscription's current state at the provider, so it is applied by prepare (the
 * idempotent sync), and fulfil has nothing left to write.
 */
export const planPurchasable: Purchasable<"subscription"> = {
  kind: "subscription",

  async describe(_app, _businessId, key) {
    const plan = parseLookupKey(key);
    if (!plan) return { ok: false, status: 400, msg: `Unknown plan ${key}.` };
    return {
      ok: true,
      referenceId: key,
      amountCents: PLANS[plan.tier].monthlyPriceCents[plan.billing] * (plan.billing === "YEARLY" ? 12 : 1),
      productName: PLANS[plan.tier].displayName,
      successPath: "/paymentStatus?success=true&session_id={CHECKOUT_SESSION_ID}",
      cancelPath: "/paymentStatus?canceled=true&purchaseType=plan",
    };
  },

  async prepare(app, purchase, session, provider, origin) {
    if (session.subscription)
      await syncSubscription(app, session.subscription, { businessId: purchase.businessId, provider, origin });
  },

  fulfil() {
    return [];
  },
};
