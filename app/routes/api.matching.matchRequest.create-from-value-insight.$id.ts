import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonResponse, requireMethod } from "~/server/platform/http.server";
import { createMatchFromValueInsight } from "~/server/matching/match-requests.server";
import { requireApiClient } from "~/server/identity/guards.server";
import { methodNotAllowed, resultResponse } from "~/server/platform/route-kit.server";

/**
 * POST /api/matching/matchRequest/create-from-value-insight/{id} (no body) → 200 {message: 'Your
 * match request has been sent!'}, also when it was already converted (one match request per
 * value insight). Another business's or unknown id → 404 {msg: 'Value insight not found.'} and
 * nothing written; 401 without a session; 403 for staff.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireApiClient(context.app, request, { business: true });
  const result = await createMatchFromValueInsight(context.app, viewer, params.id ?? "");
  return resultResponse(result, (ok) => jsonResponse({ message: ok.message }));
}

export const loader = methodNotAllowed("POST");
