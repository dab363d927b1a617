import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CONSULTANT_NOT_FOUND_MESSAGE } from "~/lib/matching/match-copy";
import { errorResponse, jsonResponse } from "~/http/http.server";
import { loadConsultantInfo } from "~/server/matching/match-view.server";
import { requireApiClient } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";

/**
 * GET /api/matching/matchRequest/consultant-info/{id} (a consultant's user id) → {yearsOfExperience,
 * education, missionStatement, bio, firstName, lastName, headline, location, consultantId, photoUrl,
 * linkedinUrl, rate} and what a hiring owner needs (areas, industries, availability, past clients,
 * completed engagements and their ratings; ADR 048), only for a consultant who accepted a
 * candidacy on one of the caller's match requests (and was not rejected or withdrawn) or was
 * matched with one; any other id → 404 {msg}. 401 without a session; 403 for staff.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireApiClient(context.app, request, { business: true });
  const info = await loadConsultantInfo(context.app, viewer, params.id ?? "");
  if (!info) return errorResponse(404, CONSULTANT_NOT_FOUND_MESSAGE);
  return jsonResponse(info);
}

export const action = methodNotAllowed("GET");
