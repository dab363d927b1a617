import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessDetailsSchema, STAFF_CANNOT_CREATE_BUSINESS_MESSAGE } from "~/lib/business/business-schemas";
import { createClientBusiness } from "~/server/identity/accounts.server";
import { requireApiClient } from "~/http/guards.server";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { toClientBusiness } from "~/server/identity/serializers.server";
import { newBusinessExtras } from "~/server/identity/business-entity.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/client/business/create {name, city, state, employeeCount, revenue, naics, clientRole}
 * (naics as a number or a six-digit string) → 201 the business (toClientBusiness's shape).
 * 401 without a session, 403 for staff, 409 {msg} when the client already has a business,
 * 400 {msg, errors} for invalid fields or a NAICS code that is not a 2022 industry.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireApiClient(context.app, request, { forbidden: STAFF_CANNOT_CREATE_BUSINESS_MESSAGE });
  const input = await readBody(request, BusinessDetailsSchema);
  const result = await createClientBusiness(context.app, viewer, input);
  if (!result.ok) {
    return "field" in result
      ? errorResponse(result.status, result.msg, { errors: { [result.field]: result.msg } })
      : errorResponse(result.status, result.msg);
  }
  // Nothing can reference a business created a moment ago: its extras are known to be empty.
  return jsonResponse(toClientBusiness(result.business, viewer.user.role, newBusinessExtras()), { status: 201 });
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/client/business/create",
    operationId: "createBusiness",
    tag: "business",
    summary: "Creates the client's business.",
    access: "session",
    body: { name: "BusinessDetails", schema: BusinessDetailsSchema, reader: "json" },
    ok: { 201: "the business" },
    errors: [400, ...CLIENT_ERRORS, 409],
  },
];
