import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { errorResponse, jsonResponse, readLimitedText, requireMethod } from "~/server/platform/http.server";
import { appOrigin } from "~/server/payments/checkout.server";
import { handleStripeWebhook } from "~/server/payments/fulfilment.server";
import { methodNotAllowed } from "~/server/platform/route-kit.server";

/** Stripe events are small; anything larger is refused before it is verified. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

/**
 * POST /api/payments/webhook — Stripe's webhook (exempt from the cross-site check in
 * functions/worker.ts; it is authenticated by the Stripe-Signature header instead).
 * 200 {received: true} once handled (or a duplicate / ignored type); 400 {msg} for a bad signature,
 * with nothing changed; 500 {msg} when acting failed, so Stripe retries.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  // The exact bytes Stripe signed, decoded as UTF-8.
  const rawBody = await readLimitedText(request, MAX_WEBHOOK_BYTES);
  const result = await handleStripeWebhook(
    context.app,
    rawBody,
    request.headers.get("Stripe-Signature"),
    appOrigin(context.app, request),
  );
  if (result.status === 200) return jsonResponse({ received: true });
  return errorResponse(result.status, result.msg);
}

export const loader = methodNotAllowed("POST");
