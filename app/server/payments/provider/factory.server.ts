import type { AppContext } from "~/server/load-context";
import { createLocalProvider } from "./local.server";
import { createStripeProvider } from "./stripe.server";
import type { PaymentProvider } from "./types";

/**
 * The payment provider seam (docs/decisions/010-payments.md). Partwise talks to Stripe
 * through this interface only: the Stripe HTTP implementation when STRIPE_SECRET_KEY is set, the
 * built-in test checkout (objects in D1, pages at /test-checkout and /test-billing-portal) when it
 * is not. Both answer the same Stripe-shaped objects, and both deliver signed webhook events to
 * the same fulfilment code.
 */

/**
 * The provider for this request: Stripe's API (STRIPE_API_BASE) when STRIPE_SECRET_KEY is set,
 * otherwise the built-in test checkout (never in production: the key is required there).
 */
export function paymentProvider(app: AppContext): PaymentProvider {
  if (app.env.STRIPE_SECRET_KEY) {
    return createStripeProvider({
      secretKey: app.env.STRIPE_SECRET_KEY,
      webhookSecret: app.env.STRIPE_WEBHOOK_SECRET,
      connectWebhookSecret: app.env.STRIPE_CONNECT_WEBHOOK_SECRET,
      apiBase: app.env.STRIPE_API_BASE,
    });
  }
  return createLocalProvider(app);
}
