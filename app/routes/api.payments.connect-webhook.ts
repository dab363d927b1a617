import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { errorResponse, jsonResponse, readLimitedText, requireMethod } from "~/server/platform/http.server";
import { appOrigin } from "~/server/payments/checkout.server";
import { handleConnectWebhook } from "~/server/payouts/accounts.server";
import { methodNotAllowed } from "~/server/platform/route-kit.server";

/** Stripe events are small; anything larger is refused before it is verified. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

/**
 * POST /api/payments/connect-webhook — Stripe's Connect webhook (events of connected accounts),
 * verified with STRIPE_CONNECT_WEBHOOK_SECRET and exempt from the cross-site check (the signature
 * authenticates it). 200 {received: true} once handled, a duplicate or ignored; 400 {msg} for a bad
 * signature, nothing changed; 500 {msg} when acting failed, so Stripe retries.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const rawBody = await readLimitedText(request, MAX_WEBHOOK_BYTES);
  const result = await handleConnectWebhook(
    context.app,
    rawBody,
    request.headers.get("Stripe-Signature"),
    appOrigin(context.app, request),
  );
  if (result.status === 200) return jsonResponse({ received: true });
  return errorResponse(result.status, result.msg);
}

export const loader = methodNotAllowed("POST");
