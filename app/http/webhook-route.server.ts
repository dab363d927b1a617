import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { AppContext } from "~/server/load-context";
import { errorResponse, jsonResponse, readLimitedText, requireMethod } from "~/http/http.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import type { WebhookResult } from "~/server/payments/webhook-events.server";

/** Stripe events are small; anything larger is refused before it is verified. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

type WebhookHandler = (
  app: AppContext,
  rawBody: string,
  signatureHeader: string | null,
  origin: string | null,
) => Promise<WebhookResult>;

/**
 * The route action of a webhook endpoint (exempt from the cross-site check in functions/worker.ts;
 * the Stripe-Signature header authenticates it): the exact bytes Stripe signed, decoded as UTF-8,
 * to `handle`; 200 {received: true}, else the result's status with {msg}.
 */
export function webhookAction(handle: WebhookHandler) {
  return async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, "POST");
    const rawBody = await readLimitedText(request, MAX_WEBHOOK_BYTES);
    const result = await handle(
      context.app,
      rawBody,
      request.headers.get("Stripe-Signature"),
      appOrigin(context.app, request),
    );
    if (result.status === 200) return jsonResponse({ received: true });
    return errorResponse(result.status, result.msg);
  };
}
