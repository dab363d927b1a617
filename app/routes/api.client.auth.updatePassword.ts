import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PasswordChangeSchema } from "~/lib/business/settings-schemas";
import { jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { toClientUser } from "~/server/identity/serializers.server";
import { changePassword } from "~/server/identity/password-change.server";
import { requireApiClient } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/client/auth/updatePassword {password, newPassword, confirmNewPassword} → 200 the user
 * (toClientUser's shape, `_id`). Every other session of the user ends; this one stays signed in.
 *
 * Clients read this endpoint's failure as "an array whose first item has msg" (the ErrorList of
 * /api/openapi.json), so every 400 of this endpoint is `[{msg}, ...]`: a wrong current password gives
 * `[{msg: 'You did not enter your old password in correctly.'}]`, invalid fields one item per
 * field (`{msg, field}`), a malformed body one item. 401 `{msg}` without a session.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const viewer = await requireApiClient(context.app, request);
  const input = await readBody(request, PasswordChangeSchema, asErrorArray);
  const result = await changePassword(context.app, viewer, input);
  if (!result.ok) return jsonResponse([{ msg: result.msg }], { status: result.status });
  return jsonResponse(toClientUser(viewer.user));
}

/** readBody's 400 `{msg, errors: {field: msg}}` in this endpoint's array shape. */
function asErrorArray({
  msg,
  errors,
}: {
  msg: string;
  errors?: Record<string, string>;
}): { msg: string; field?: string }[] {
  const items = errors ? Object.entries(errors).map(([field, fieldMsg]) => ({ msg: fieldMsg, field })) : [];
  return items.length > 0 ? items : [{ msg }];
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/client/auth/updatePassword",
    operationId: "updatePassword",
    tag: "identity",
    summary: "Changes the password; every other session ends.",
    access: "session",
    body: { name: "PasswordChange", schema: PasswordChangeSchema, reader: "json" },
    ok: { 200: "the user" },
    errors: [400, ...CLIENT_ERRORS],
    errorShape: "array",
  },
];
