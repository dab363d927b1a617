import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { errorResponse, jsonResponse, requireMethod } from "~/server/platform/http.server";
import { createMatchFromValueInsight } from "~/server/insights/insight-views.server";
import { requireApiClient } from "~/server/identity/guards.server";

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
  if (!result.ok) return errorResponse(result.status, result.msg);
  return jsonResponse({ message: result.message });
}

export function loader() {
  return jsonResponse({ msg: "Method GET is not allowed." }, { status: 405, headers: { Allow: "POST" } });
}
