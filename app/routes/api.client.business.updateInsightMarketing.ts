import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { InsightPreferencesApiSchema } from "~/lib/business/settings-schemas";
import { jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { toClientBusiness } from "~/server/identity/serializers.server";
import { loadBusinessExtras } from "~/server/identity/business-entity.server";
import { updateInsightPreferences } from "~/server/business/settings.server";
import { requireApiClient, requireBusiness } from "~/http/guards.server";
import { methodNotAllowed, resultResponse } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/client/business/updateInsightMarketing {businessId, insightPreferences{finance, hr,
 * leadership, management, marketing, operations, sales, strategy, technology}} → 200 the business.
 * Every area must be true or false (400 {msg, errors} otherwise, or for a malformed body);
 * 404 {msg: 'Business not found.'} for another business's id; 401 without a session.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const signedIn = await requireApiClient(context.app, request, { action: "changeSettings" });
  const input = await readBody(request, InsightPreferencesApiSchema);
  const viewer = requireBusiness(signedIn);
  // The update changes none of the extras, so both go out at once.
  const [result, extras] = await Promise.all([
    updateInsightPreferences(context.app, viewer, input),
    loadBusinessExtras(context.app, viewer.business.id),
  ]);
  return resultResponse(result, (ok) => jsonResponse(toClientBusiness(ok.business, viewer.user.role, extras)));
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/client/business/updateInsightMarketing",
    operationId: "updateInsightPreferences",
    tag: "business",
    summary: "Sets which insight areas the business hears about.",
    access: "session",
    body: { name: "InsightPreferences", schema: InsightPreferencesApiSchema, reader: "json" },
    ok: { 200: "the business" },
    errors: [400, ...CLIENT_ERRORS, 404],
  },
];
