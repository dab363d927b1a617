import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BUSINESS_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { InsightCheckoutSchema } from "~/lib/payments/api-schemas";
import { startInsightCheckout } from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/payments/create-insight-checkout {businessId, insightId} → {url} of a payment-mode
 * Checkout Session for INSIGHT_PRICE_CENTS (the amount never comes from the request).
 * Another business or insight → 404 {msg}; already paid → 409 {msg}; Stripe down → 502 {msg}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const signedIn = await requireApiClient(context.app, request, { action: "pay" });
  const input = await readBody(request, InsightCheckoutSchema);
  const viewer = requireBusiness(signedIn);
  if (viewer.business.id !== input.businessId) return errorResponse(404, BUSINESS_NOT_FOUND_MESSAGE);
  const result = await startInsightCheckout(context.app, viewer, input.insightId, appOrigin(context.app, request));
  return resultResponse(result, (ok) => jsonResponse({ url: ok.url }));
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/payments/create-insight-checkout",
    operationId: "createInsightCheckout",
    tag: "payments",
    summary: "A Checkout Session for one insight at the fixed price.",
    access: "session",
    body: { name: "InsightCheckout", schema: InsightCheckoutSchema, reader: "json" },
    ok: { 200: "{url}" },
    errors: [400, ...CLIENT_ERRORS, 404, 409, 502],
  },
];
