import type Stripe from "stripe";
import { PLANS, parseLookupKey } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import { localConnectAccounts } from "./local-connect.server";
import { hashId, insertOnce, load, randomId, seconds, type LocalCheckoutDetails } from "./local-objects.server";
import { toCheckoutSession, toSubscription, verifyStripeSignature } from "./stripe-wire.server";
import { PaymentProviderError, type CheckoutSession, type PaymentProvider } from "./types";

/**
 * The built-in test checkout (STRIPE_SECRET_KEY unset, never in production): Stripe-shaped objects
 * in local_stripe_objects, a hosted-checkout-like page at /test-checkout/:id and a billing portal
 * at /test-billing-portal/:id. Completing them delivers webhook events signed with
 * STRIPE_WEBHOOK_SECRET, exactly like Stripe's, to the same handler as real Stripe.
 *
 * Ids derive from the Idempotency-Key (a hash), so a repeated create answers the object created
 * the first time, like Stripe's idempotent requests.
 */

function originOf(url: string): string {
  return new URL(url).origin;
}

export function createLocalProvider(app: AppContext): PaymentProvider {
  async function createCheckout(
    mode: "subscription" | "payment",
    input: {
      customerId: string;
      successUrl: string;
      cancelUrl: string;
      clientReferenceId: string;
      metadata: Record<string, string>;
      amountTotal: number;
      details: Omit<LocalCheckoutDetails, "successUrl" | "cancelUrl">;
    },
    idempotencyKey: string,
  ): Promise<CheckoutSession> {
    await load(app, input.customerId, "customer");
    const id = await hashId("cs_test_", `checkout:${idempotencyKey}`);
    const now = app.now();
    const data = await insertOnce(app, id, "checkout.session", input.customerId, {
      id,
      object: "checkout.session",
      url: `${originOf(input.successUrl)}/test-checkout/${id}`,
      mode,
      status: "open",
      payment_status: "unpaid",
      customer: input.customerId,
      subscription: null,
      client_reference_id: input.clientReferenceId,
      metadata: input.metadata,
      amount_total: input.amountTotal,
      currency: "usd",
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      created: seconds(now),
      expires_at: seconds(now) + 24 * 60 * 60,
      livemode: false,
      partwise_test: { ...input.details, successUrl: input.successUrl, cancelUrl: input.cancelUrl },
    });
    return toCheckoutSession(data as unknown as Stripe.Checkout.Session);
  }

  return {
    kind: "local",

    async createCustomer(input, idempotencyKey) {
      const id = await hashId("cus_test_", `customer:${idempotencyKey}`);
      await insertOnce(app, id, "customer", null, {
        id,
        object: "customer",
        email: input.email,
        name: input.name,
        metadata: { businessId: input.businessId },
        created: seconds(app.now()),
        livemode: false,
      });
      return { id };
    },

    async createSubscriptionCheckout(input, idempotencyKey) {
      const parsed = parseLookupKey(input.lookupKey);
      if (!parsed)
        throw new PaymentProviderError(`No active Stripe price has the lookup key ${input.lookupKey}`, { status: 400 });
      const plan = PLANS[parsed.tier];
      const monthly = plan.monthlyPriceCents[parsed.billing];
      const unitAmount = parsed.billing === "YEARLY" ? monthly * 12 : monthly;
      return createCheckout(
        "subscription",
        {
          ...input,
          // With a free trial nothing is charged today, as in Stripe.
          amountTotal: input.trialDays > 0 ? 0 : unitAmount,
          details: {
            productName: `Partwise ${plan.displayName} (${parsed.billing === "YEARLY" ? "billed yearly" : "billed monthly"})`,
            unitAmount,
            currency: "usd",
            lookupKey: input.lookupKey,
            trialDays: input.trialDays,
            interval: parsed.billing === "YEARLY" ? "year" : "month",
          },
        },
        idempotencyKey,
      );
    },

    async createPaymentCheckout(input, idempotencyKey) {
      return createCheckout(
        "payment",
        {
          ...input,
          amountTotal: input.amountCents,
          details: {
            productName: input.productName,
            unitAmount: input.amountCents,
            currency: input.currency,
            lookupKey: null,
            trialDays: 0,
            interval: null,
          },
        },
        idempotencyKey,
      );
    },

    async retrieveCheckoutSession(id) {
      return toCheckoutSession((await load(app, id, "checkout.session")) as unknown as Stripe.Checkout.Session);
    },

    async retrieveSubscription(id) {
      return toSubscription((await load(app, id, "subscription")) as unknown as Stripe.Subscription);
    },

    async createPortalSession(input) {
      await load(app, input.customerId, "customer");
      const id = randomId("bps_test_");
      await insertOnce(app, id, "billing_portal.session", input.customerId, {
        id,
        object: "billing_portal.session",
        customer: input.customerId,
        return_url: input.returnUrl,
        url: `${originOf(input.returnUrl)}/test-billing-portal/${id}`,
        created: seconds(app.now()),
        livemode: false,
      });
      return { url: `${originOf(input.returnUrl)}/test-billing-portal/${id}` };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeSignature(rawBody, signatureHeader, app.env.STRIPE_WEBHOOK_SECRET);
    },

    ...localConnectAccounts(app),
  };
}
