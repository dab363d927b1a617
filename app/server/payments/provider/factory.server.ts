import type { AppContext } from "~/server/load-context";
import { KEYLESS_SECRET_KEY, keylessStripeHttpClient } from "~/server/payments/stripe-fake/keyless.server";
import { createStripeProvider } from "./stripe.server";
import type { PaymentProvider } from "./types";

/**
 * The payment provider seam (docs/decisions/010-payments.md). Partwise talks to Stripe through
 * this interface only, and always through the Stripe SDK (stripe.server.ts). What answers it is
 * chosen here, and only here: Stripe's API (or the integration tests' stub) at STRIPE_API_BASE
 * when STRIPE_SECRET_KEY is set; otherwise the Stripe fake in this process, its objects in D1,
 * with the hosted pages at /test-checkout, /test-billing-portal, /test-onboarding and
 * /test-express-dashboard (docs/decisions/063-one-stripe-fake.md). Both deliver signed webhook
 * events to the same fulfilment code.
 */

/**
 * The provider for this request: Stripe's API (STRIPE_API_BASE) when STRIPE_SECRET_KEY is set,
 * otherwise the in-process Stripe fake (never in production: the key is required there).
 */
export function paymentProvider(app: AppContext): PaymentProvider {
  const secrets = {
    webhookSecret: app.env.STRIPE_WEBHOOK_SECRET,
    connectWebhookSecret: app.env.STRIPE_CONNECT_WEBHOOK_SECRET,
  };
  if (app.env.STRIPE_SECRET_KEY) {
    return createStripeProvider({ ...secrets, secretKey: app.env.STRIPE_SECRET_KEY, apiBase: app.env.STRIPE_API_BASE });
  }
  return createStripeProvider({
    ...secrets,
    secretKey: KEYLESS_SECRET_KEY,
    apiBase: "https://stripe-fake.invalid",
    httpClient: keylessStripeHttpClient(app),
  });
}
