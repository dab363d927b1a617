import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { errorResponse, jsonResponse, requireMethod } from "~/server/http.server";
import { handleStripeWebhook } from "~/server/payments/fulfilment.server";

/** Stripe events are small; anything larger is refused before it is verified. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;
const TOO_LARGE = "The request is too large.";

/** The exact bytes Stripe signed (decoded as UTF-8), read with a size bound. */
async function readRawBody(request: Request): Promise<string> {
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_WEBHOOK_BYTES) throw errorResponse(400, TOO_LARGE);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_WEBHOOK_BYTES) {
      await reader.cancel();
      throw errorResponse(400, TOO_LARGE);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * POST /api/payments/webhook — Stripe's webhook (exempt from the cross-site check in
 * functions/worker.ts; it is authenticated by the Stripe-Signature header instead).
 * 200 {received: true} once handled (or a duplicate / ignored type); 400 {msg} for a bad signature,
 * with nothing changed; 500 {msg} when acting failed, so Stripe retries.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const rawBody = await readRawBody(request);
  const result = await handleStripeWebhook(context.app, rawBody, request.headers.get("Stripe-Signature"));
  if (result.status === 200) return jsonResponse({ received: true });
  return errorResponse(result.status, result.msg);
}

export function loader() {
  return jsonResponse({ msg: "Method GET is not allowed." }, { status: 405, headers: { Allow: "POST" } });
}
