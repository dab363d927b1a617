import { handleStripeWebhook } from "~/server/payments/fulfilment.server";
import { webhookAction } from "~/http/webhook-route.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, StripeEventSchema } from "~/server/platform/api-contract.server";

/**
 * POST /api/payments/webhook — Stripe's webhook for the platform's own payments (checkouts,
 * subscriptions), verified with STRIPE_WEBHOOK_SECRET. 200 {received: true} once handled (or a
 * duplicate / ignored type); 400 {msg} for a bad signature, with nothing changed; 500 {msg} when
 * acting failed, so Stripe retries.
 */
export const action = webhookAction(handleStripeWebhook);

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/payments/webhook",
    operationId: "stripeWebhook",
    tag: "payments",
    summary: "Stripe's webhook, authenticated by the Stripe-Signature header over the exact bytes.",
    access: "stripe",
    body: {
      name: "StripeEvent",
      schema: StripeEventSchema,
      reader: "raw",
      description: "A Stripe event as Stripe signed it.",
    },
    ok: { 200: "{received: true}" },
    errors: [400, 500],
  },
];
