import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonResponse, requireMethod } from "~/http/http.server";
import { createMatchFromReport } from "~/server/matching/match-requests.server";
import { requireApiClient } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/matching/matchRequest/create-from-report/{id} (no body) → 200 {message:
 * MATCH_REQUEST_CREATED_MESSAGE} (it contains 'have been matched'), also when the report was
 * already converted (one match request per report); only the press that creates the request
 * starts the smart-matching engine. Another business's, unknown or unpublished report → 404 {msg: 'Insight report not
 * found.'} and nothing written; 401 without a session; 403 for staff.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireApiClient(context.app, request, { business: true, action: "requestMatches" });
  const result = await createMatchFromReport(context.app, viewer, params.id ?? "", appOrigin(context.app, request));
  return resultResponse(result, (ok) => jsonResponse({ message: ok.message }));
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/matching/matchRequest/create-from-report/{id}",
    operationId: "createMatchFromReport",
    tag: "matching",
    summary: "Asks for a consultant match from a report (once per report).",
    access: "session",
    params: idParam(),
    ok: { 200: "{message}" },
    errors: [...CLIENT_ERRORS, 404],
  },
];
