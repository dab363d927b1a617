import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { BUSINESS_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/server/platform/http.server";
import { confirmStripeId } from "~/server/payments/checkout.server";
import { toClientBusiness } from "~/server/identity/serializers.server";
import { requireApiClient, withBusiness } from "~/server/business/settings.server";

const Schema = z.object({
  businessId: z.string({ error: "businessId is required." }).min(1, { error: "businessId is required." }),
  stripeId: z.string({ error: "stripeId is required." }).min(1, { error: "stripeId is required." }).max(255),
});

/**
 * PUT /api/payments/update-stripe-id {businessId, stripeId} → the business (spec §3 shape).
 * The Stripe customer is linked by the checkout itself, so this only confirms the id already
 * stored: another business → 404; a different stored id, or none yet → 409 {msg}; nothing is written.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const viewer = withBusiness(await requireApiClient(context.app, request));
  const input = await readBody(request, Schema);
  if (!viewer || viewer.business.id !== input.businessId) return errorResponse(404, BUSINESS_NOT_FOUND_MESSAGE);
  const result = await confirmStripeId(viewer, input.stripeId);
  if (!result.ok) return errorResponse(result.status, result.msg);
  return jsonResponse(toClientBusiness(viewer.business, viewer.user.role));
}

export function loader() {
  return jsonResponse({ msg: "Method GET is not allowed." }, { status: 405, headers: { Allow: "PUT" } });
}
