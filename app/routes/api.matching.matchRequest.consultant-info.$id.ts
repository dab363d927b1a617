import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CONSULTANT_NOT_FOUND_MESSAGE } from "~/lib/matching/match-copy";
import { errorResponse, jsonResponse } from "~/http/http.server";
import { loadConsultantInfo } from "~/server/matching/match-view.server";
import { requireApiClient } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

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

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/matching/matchRequest/consultant-info/{id}",
    operationId: "getConsultantInfo",
    tag: "matching",
    summary: "A consultant's profile, for a candidate or the matched consultant of the caller's match requests.",
    access: "session",
    params: idParam("id", "The consultant's user id."),
    ok: {
      200: "the consultant info: consultantId, firstName, lastName, headline, location, yearsOfExperience, education, missionStatement, bio, photoUrl (the published photo's address or null), linkedinUrl (or null) and rate (e.g. '$150 per hour', or null); and what a hiring owner needs: businessAreas, engagementTypes, industries, industrySpecialties, companySizes (words), availability {status, hoursPerWeek, timeZone, awayUntil}, pastClients [{description, industry, size, years}], completedEngagements [{area, type, industry, size, rating}] and rating {average, count} of completed, rated engagements (or null)",
    },
    errors: [...CLIENT_ERRORS, 404],
  },
];
