import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonResponse, requireMethod } from "~/http/http.server";
import { createMatchFromValueInsight } from "~/server/matching/match-requests.server";
import { requireApiClient } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, idParam, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/matching/matchRequest/create-from-value-insight/{id} (no body) → 200 {message:
 * MATCH_REQUEST_CREATED_MESSAGE} (it contains 'have been matched'), also when the value insight was
 * already converted (one match request per value insight); only the press that creates the request
 * starts the smart-matching engine. Another business's or unknown id → 404 {msg: 'Value insight not found.'} and
 * nothing written; 401 without a session; 403 for staff.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireApiClient(context.app, request, { business: true, action: "requestMatches" });
  const result = await createMatchFromValueInsight(
    context.app,
    viewer,
    params.id ?? "",
    appOrigin(context.app, request),
  );
  return resultResponse(result, (ok) => jsonResponse({ message: ok.message }));
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/matching/matchRequest/create-from-value-insight/{id}",
    operationId: "createMatchFromValueInsight",
    tag: "matching",
    summary: "Asks for a consultant match from a value insight (once per value insight).",
    access: "session",
    params: idParam(),
    ok: { 200: "{message}" },
    errors: [...CLIENT_ERRORS, 404],
  },
];
