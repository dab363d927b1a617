import { handleConnectWebhook } from "~/server/payouts/accounts.server";
import { webhookAction } from "~/http/webhook-route.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, StripeEventSchema } from "~/server/platform/api-contract.server";

/**
 * POST /api/payments/connect-webhook — Stripe's Connect webhook (events of connected accounts),
 * verified with STRIPE_CONNECT_WEBHOOK_SECRET. 200 {received: true} once handled, a duplicate or
 * ignored; 400 {msg} for a bad signature, nothing changed; 500 {msg} when acting failed, so Stripe
 * retries.
 */
export const action = webhookAction(handleConnectWebhook);

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/payments/connect-webhook",
    operationId: "stripeConnectWebhook",
    tag: "payments",
    summary:
      "Stripe's Connect webhook (events of the consultants' connected accounts, e.g. account.updated), authenticated by the Stripe-Signature header with its own signing secret.",
    access: "stripe",
    body: {
      name: "StripeConnectEvent",
      schema: StripeEventSchema,
      reader: "raw",
      description: "A Stripe Connect event as Stripe signed it.",
    },
    ok: { 200: "{received: true}" },
    errors: [400, 500],
  },
];
