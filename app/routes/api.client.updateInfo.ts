import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PersonalInfoSchema } from "~/lib/business/settings-schemas";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/server/platform/http.server";
import { toClientUser } from "~/server/identity/serializers.server";
import { updatePersonalInfo } from "~/server/business/settings.server";
import { requireApiClient } from "~/server/identity/guards.server";
import { methodNotAllowed } from "~/server/platform/route-kit.server";

/**
 * PUT /api/client/updateInfo {firstName, lastName, phone, email} → 200 the user (toClientUser's shape).
 * 409 {msg: 'Email is already taken'} when another account has the email; 400 {msg, errors} for
 * invalid fields or a malformed body; 401 without a session; 403 for staff accounts.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const viewer = await requireApiClient(context.app, request);
  const input = await readBody(request, PersonalInfoSchema);
  const result = await updatePersonalInfo(context.app, viewer, input);
  if (!result.ok) return errorResponse(result.status, result.msg, { errors: { [result.field]: result.msg } });
  return jsonResponse(toClientUser(result.user));
}

export const loader = methodNotAllowed("PUT");
