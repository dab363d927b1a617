import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BENCHMARKING_CLIENTS_ONLY_MESSAGE } from "~/lib/benchmarking/benchmarking-copy";
import { BenchmarkingCreateSchema } from "~/lib/benchmarking/benchmarking-schemas";
import { BUSINESS_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import { startBenchmarking } from "~/server/benchmarking/benchmarking-access.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/benchmarking/create {businessId} → the business (`_id`, `naicsReport`,
 * `benchmarking.yearsPurchased`): starts building this year's benchmarking report on the queue
 * (again after a failure; a build queued, running or done is left alone). STARTER and SCALE start
 * without a purchase (the year is recorded as included); BASIC needs the year bought, else 402
 * {msg}. Another business → 404, nothing written; staff → 403; no session → 401.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const signedIn = await requireApiClient(context.app, request, {
    forbidden: BENCHMARKING_CLIENTS_ONLY_MESSAGE,
    action: "pay",
  });
  const input = await readBody(request, BenchmarkingCreateSchema);
  const viewer = requireBusiness(signedIn);
  if (viewer.business.id !== input.businessId) return errorResponse(404, BUSINESS_NOT_FOUND_MESSAGE);
  const result = await startBenchmarking(context.app, viewer);
  return resultResponse(result, (ok) => jsonResponse(ok.business));
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/benchmarking/create",
    operationId: "createBenchmarking",
    tag: "benchmarking",
    summary:
      "Starts building this year's benchmarking report (again after a failure); BASIC needs the year bought, STARTER and SCALE include it.",
    access: "session",
    body: { name: "BenchmarkingCreate", schema: BenchmarkingCreateSchema, reader: "json" },
    ok: {
      200: "the business, with naicsReport {year, status, peerGroup, updatedAt} and benchmarking {yearsPurchased}",
    },
    errors: [400, ...CLIENT_ERRORS, 402, 404],
  },
];
