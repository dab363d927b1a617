import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BUSINESS_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { StripeIdSchema } from "~/lib/payments/api-schemas";
import { confirmStripeId } from "~/server/payments/checkout.server";
import { toClientBusiness } from "~/server/identity/serializers.server";
import { loadBusinessExtras } from "~/server/identity/business-entity.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/payments/update-stripe-id {businessId, stripeId} → the business (toClientBusiness's shape).
 * The Stripe customer is linked by the checkout itself, so this only confirms the id already
 * stored: another business → 404; a different stored id, or none yet → 409 {msg}; nothing is written.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "pay" });
  const input = await readBody(request, StripeIdSchema);
  const viewer = requireBusiness(signedIn);
  if (viewer.business.id !== input.businessId) return errorResponse(404, BUSINESS_NOT_FOUND_MESSAGE);
  const result = await confirmStripeId(viewer, input.stripeId);
  if (!result.ok) return errorResponse(result.status, result.msg);
  const extras = await loadBusinessExtras(context.app, viewer.business.id);
  return jsonResponse(toClientBusiness(viewer.business, viewer.user.role, extras));
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/payments/update-stripe-id",
    operationId: "confirmStripeId",
    tag: "payments",
    summary: "Confirms the Stripe customer id the checkout stored; writes nothing.",
    access: "session",
    body: { name: "StripeId", schema: StripeIdSchema, reader: "json" },
    ok: { 200: "the business" },
    errors: [400, ...CLIENT_ERRORS, 404, 409],
  },
];
