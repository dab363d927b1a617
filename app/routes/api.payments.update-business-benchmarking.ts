import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BUSINESS_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { BenchmarkingCheckoutSchema } from "~/lib/payments/api-schemas";
import { startBenchmarkingCheckout } from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { planIncludesBenchmarking, recordIncludedBenchmarking } from "~/server/benchmarking/benchmarking-access.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { accessTier } from "~/lib/payments/trial";

/**
 * PUT /api/payments/update-business-benchmarking {businessId} → {url, _id}: a Checkout Session for
 * this year's benchmarking (BENCHMARKING_PRICE_CENTS). A plan that includes benchmarking (STARTER,
 * SCALE) is never charged: the year is recorded as included and the answer is `{_id}` without a
 * url. Another business → 404; this year already unlocked → 409 {msg}; Stripe down → 502 {msg}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request);
  const input = await readBody(request, BenchmarkingCheckoutSchema);
  const viewer = requireBusiness(signedIn);
  if (viewer.business.id !== input.businessId) return errorResponse(404, BUSINESS_NOT_FOUND_MESSAGE);
  if (planIncludesBenchmarking(accessTier(viewer.business, context.app.now()))) {
    await recordIncludedBenchmarking(context.app, viewer.business.id);
    return jsonResponse({ _id: viewer.business.id });
  }
  const result = await startBenchmarkingCheckout(context.app, viewer, appOrigin(context.app, request));
  return resultResponse(result, (ok) => jsonResponse({ _id: viewer.business.id, url: ok.url }));
}

export const loader = methodNotAllowed("PUT");
