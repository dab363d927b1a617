import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BUSINESS_NOT_FOUND_MESSAGE } from "~/lib/business/settings-schemas";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { disconnect, DISCONNECTED_MESSAGE } from "~/server/finance/quickbooks.server";
import { DisconnectSchema } from "~/server/finance/quickbooks-api-schemas.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/quickbooks/disconnect → 200 {msg: 'QuickBooks is disconnected.'}: revokes the grant at
 * Intuit and deletes the connection and its finance report (also when nothing was connected).
 * 404 {msg: 'Business not found.'} for another business's id or without a business (nothing
 * changes); 401 without a session; 403 for staff accounts.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const signedIn = await requireApiClient(context.app, request, { action: "changeSettings" });
  const input = await readBody(request, DisconnectSchema);
  const named = input.businessId ?? input.business?._id;
  const viewer = requireBusiness(signedIn);
  if (named !== undefined && named !== viewer.business.id) return errorResponse(404, BUSINESS_NOT_FOUND_MESSAGE);
  await disconnect(context.app, viewer);
  return jsonResponse({ msg: DISCONNECTED_MESSAGE });
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/quickbooks/disconnect",
    operationId: "disconnectQuickBooks",
    tag: "finance",
    summary: "Revokes the grant and deletes the connection and its report.",
    access: "session",
    body: { name: "Disconnect", schema: DisconnectSchema, reader: "json" },
    ok: { 200: "{msg}" },
    errors: [400, ...CLIENT_ERRORS, 404],
  },
];
