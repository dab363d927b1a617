import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PasswordChangeSchema } from "~/lib/business/settings-schemas";
import { jsonResponse, readBody, requireMethod } from "~/server/platform/http.server";
import { toClientUser } from "~/server/identity/serializers.server";
import { changePassword } from "~/server/business/settings.server";
import { requireApiClient } from "~/server/identity/guards.server";

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
  let input;
  try {
    input = await readBody(request, PasswordChangeSchema);
  } catch (thrown) {
    throw thrown instanceof Response && thrown.status === 400 ? await asErrorArray(thrown) : thrown;
  }
  const result = await changePassword(context.app, viewer, input);
  if (!result.ok) return jsonResponse([{ msg: result.msg }], { status: result.status });
  return jsonResponse(toClientUser(viewer.user));
}

/** readBody's 400 `{msg, errors: {field: msg}}` in this endpoint's array shape. */
async function asErrorArray(response: Response): Promise<Response> {
  const body = (await response.json()) as { msg: string; errors?: Record<string, string> };
  const items = body.errors
    ? Object.entries(body.errors).map(([field, msg]) => ({ msg, field }))
    : [{ msg: body.msg }];
  return jsonResponse(items.length > 0 ? items : [{ msg: body.msg }], { status: 400 });
}

export function loader() {
  return jsonResponse({ msg: "Method GET is not allowed." }, { status: 405, headers: { Allow: "PUT" } });
}
