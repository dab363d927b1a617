import { handleStripeWebhook } from "~/server/payments/fulfilment.server";
import { webhookAction } from "~/http/webhook-route.server";
import { methodNotAllowed } from "~/http/route-kit.server";

/**
 * POST /api/payments/webhook — Stripe's webhook for the platform's own payments (checkouts,
 * subscriptions), verified with STRIPE_WEBHOOK_SECRET. 200 {received: true} once handled (or a
 * duplicate / ignored type); 400 {msg} for a bad signature, with nothing changed; 500 {msg} when
 * acting failed, so Stripe retries.
 */
export const action = webhookAction(handleStripeWebhook);

export const loader = methodNotAllowed("POST");
