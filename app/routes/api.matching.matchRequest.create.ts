import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BUSINESS_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import { MATCHING_CLIENTS_ONLY_MESSAGE, MATCH_SUBMIT_UNAVAILABLE_MESSAGE } from "~/lib/matching/match-copy";
import { MatchRequestPayloadSchema } from "~/lib/matching/match-schemas";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { createMatchRequest } from "~/server/matching/match-requests.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/matching/matchRequest/create (MatchRequestPayloadSchema: businessId, category,
 * consultingType, problemStatement, files, optional requestId) → 201 {msg, matchRequest} with
 * MATCH_REQUEST_CREATED_MESSAGE (it contains 'have been matched', which the client checks) and
 * the request's basic fields; the same `requestId` again → 200 with the existing request (matching
 * is not started twice). 400 {msg} for a bad payload or files that aren't the caller's free
 * uploads; 404 for another business's id; 409 for a requestId taken by another business; 401
 * without a session; 403 for staff; 500 {msg: 'Unable to process your matching request at this
 * time'} when storage fails. Nothing is written on any refusal.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const app = context.app;
  const signedIn = await requireApiClient(app, request, {
    forbidden: MATCHING_CLIENTS_ONLY_MESSAGE,
    action: "requestMatches",
  });
  const input = await readBody(request, MatchRequestPayloadSchema);
  const viewer = requireBusiness(signedIn);
  if (input.businessId !== viewer.business.id) return errorResponse(404, BUSINESS_NOT_FOUND_MESSAGE);
  try {
    const result = await createMatchRequest(app, viewer, input, appOrigin(app, request));
    if (!result.ok) {
      const errors = result.fieldErrors
        ? Object.fromEntries(Object.entries(result.fieldErrors).map(([field, messages]) => [field, messages[0]]))
        : undefined;
      return errorResponse(result.status, result.msg, errors ? { errors } : {});
    }
    return jsonResponse({ msg: result.msg, matchRequest: result.matchRequest }, { status: result.created ? 201 : 200 });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Match request failed:", error);
    return errorResponse(500, MATCH_SUBMIT_UNAVAILABLE_MESSAGE);
  }
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/matching/matchRequest/create",
    operationId: "createMatchRequest",
    tag: "matching",
    summary:
      "Requests a consultant match and starts smart matching (the same requestId again answers the existing one).",
    access: "session",
    body: { name: "MatchRequestPayload", schema: MatchRequestPayloadSchema, reader: "json" },
    ok: { 201: "{msg, matchRequest}", 200: "{msg, matchRequest}, already created" },
    errors: [400, ...CLIENT_ERRORS, 404, 409, 500],
  },
];
