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
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/payments/update-business-benchmarking {businessId} → {url, _id}: a Checkout Session for
 * this year's benchmarking (BENCHMARKING_PRICE_CENTS). A plan that includes benchmarking (STARTER,
 * SCALE) is never charged: the year is recorded as included and the answer is `{_id}` without a
 * url. Another business → 404; this year already unlocked → 409 {msg}; Stripe down → 502 {msg}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "pay" });
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

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/payments/update-business-benchmarking",
    operationId: "createBenchmarkingCheckout",
    tag: "payments",
    summary:
      "A Checkout Session for this year's benchmarking; a plan that includes it (STARTER, SCALE) is never charged and gets {_id} without a url.",
    access: "session",
    body: { name: "BenchmarkingCheckout", schema: BenchmarkingCheckoutSchema, reader: "json" },
    ok: { 200: "{url, _id}, or {_id} when the plan includes benchmarking" },
    errors: [400, ...CLIENT_ERRORS, 404, 409, 502],
  },
];
