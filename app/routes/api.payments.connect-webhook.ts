import { handleConnectWebhook } from "~/server/payouts/accounts.server";
import { webhookAction } from "~/http/webhook-route.server";
import { methodNotAllowed } from "~/http/route-kit.server";

/**
 * POST /api/payments/connect-webhook — Stripe's Connect webhook (events of connected accounts),
 * verified with STRIPE_CONNECT_WEBHOOK_SECRET. 200 {received: true} once handled, a duplicate or
 * ignored; 400 {msg} for a bad signature, nothing changed; 500 {msg} when acting failed, so Stripe
 * retries.
 */
export const action = webhookAction(handleConnectWebhook);

export const loader = methodNotAllowed("POST");
