import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PasswordRecoverySchema } from "~/lib/identity/password-reset-schema";
import { jsonResponse, readBody, requireMethod, retryAfter } from "~/http/http.server";
import { recoverAccount } from "~/server/identity/password-reset.server";
import { toClientUser } from "~/server/identity/serializers.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * POST /api/client/auth/recover {email, recoveryPassword, password, confirmPassword} → {user, msg}
 * and a new session cookie (every other session of the user ends). A wrong, used or expired
 * recovery password: 400 {msg}; throttled: 429 {msg}; malformed body: 400 {msg, errors}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const input = await readBody(request, PasswordRecoverySchema);
  const result = await recoverAccount(context.app, request, input);
  if (!result.ok) {
    return jsonResponse({ msg: result.msg }, { status: result.status, headers: retryAfter(result) });
  }
  return jsonResponse(
    { user: toClientUser(result.user), msg: result.msg },
    { headers: { "Set-Cookie": result.cookie } },
  );
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/client/auth/recover",
    operationId: "recoverAccount",
    tag: "identity",
    summary: "Sets a new password with the emailed recovery password; ends every other session.",
    access: "public",
    body: { name: "PasswordRecovery", schema: PasswordRecoverySchema, reader: "json" },
    ok: { 200: "{user, msg} and a new session cookie" },
    errors: [400, 429],
  },
];
