import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { completeConnect } from "~/server/finance/quickbooks.server";
import { toClientBusiness } from "~/server/identity/serializers.server";
import { loadBusinessExtras } from "~/server/identity/business-entity.server";
import { SetTokensSchema } from "~/server/finance/quickbooks-api-schemas.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/quickbooks/setTokens {url, returnPage}: completes the QuickBooks connection
 * from the callback URL Intuit (or the demo consent page) sent the browser to.
 * 200 {business: toClientBusiness's shape with quickbooks {realmId, status}, jobId, returnPage};
 * the tokens themselves never leave the server. 400 {msg, reason, returnPage} for a forged,
 * replayed, expired or someone else's state (reason bad_state), a refused code (exchange_failed)
 * or the user declining (access_denied); nothing is stored then. 401 without a session, 403 for
 * staff accounts, 404 {msg: 'Business not found.'} without a business.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const signedIn = await requireApiClient(context.app, request, { action: "changeSettings" });
  const input = await readBody(request, SetTokensSchema);
  const viewer = requireBusiness(signedIn);
  const result = await completeConnect(context.app, viewer, input.url);
  if (!result.ok) {
    return errorResponse(result.status, result.msg, {
      reason: result.reason,
      returnPage: result.returnPage ?? input.returnPage ?? "DASHBOARD",
    });
  }
  const extras = await loadBusinessExtras(context.app, viewer.business.id);
  return jsonResponse({
    business: {
      ...toClientBusiness(viewer.business, viewer.user.role, extras),
      quickbooks: { realmId: result.realmId, status: "connected" },
    },
    jobId: result.jobId,
    returnPage: result.returnPage,
  });
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/quickbooks/setTokens",
    operationId: "completeQuickBooksConnect",
    tag: "finance",
    summary: "Completes the connection from Intuit's callback URL; the tokens never leave the server.",
    access: "session",
    body: { name: "SetTokens", schema: SetTokensSchema, reader: "json" },
    ok: { 200: "{business, jobId, returnPage}" },
    errors: [400, ...CLIENT_ERRORS, 404],
  },
];
