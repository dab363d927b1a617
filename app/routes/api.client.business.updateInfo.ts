import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessInfoApiSchema } from "~/lib/business/settings-schemas";
import { jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { toClientBusiness } from "~/server/identity/serializers.server";
import { loadBusinessExtras } from "~/server/identity/business-entity.server";
import { updateBusinessInfo } from "~/server/business/settings.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/client/business/updateInfo {businessId, name, role, city, state, revenue, employeeCount,
 * naics} → 200 the business (toClientBusiness's shape, with its current insightMarketingPreferences).
 * 404 {msg: 'Business not found.'} for another business's id (nothing is written); 400 {msg} when
 * revenue or NAICS differ from the stored values (they are read-only), for invalid fields or a
 * malformed body; 401 without a session; 403 for staff accounts.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "changeSettings" });
  const input = await readBody(request, BusinessInfoApiSchema);
  const viewer = requireBusiness(signedIn);
  // The update changes none of the extras, so both go out at once.
  const [result, extras] = await Promise.all([
    updateBusinessInfo(context.app, viewer, input),
    loadBusinessExtras(context.app, viewer.business.id),
  ]);
  return resultResponse(result, (ok) => jsonResponse(toClientBusiness(ok.business, viewer.user.role, extras)));
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/client/business/updateInfo",
    operationId: "updateBusinessInfo",
    tag: "business",
    summary: "Updates the business's details (revenue and NAICS are read-only).",
    access: "session",
    body: { name: "BusinessInfo", schema: BusinessInfoApiSchema, reader: "json" },
    ok: { 200: "the business" },
    errors: [400, ...CLIENT_ERRORS, 404],
  },
];
