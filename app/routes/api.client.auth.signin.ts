import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { SIGNED_IN_MESSAGE, SignInSchema } from "~/lib/identity/auth-schemas";
import { signIn } from "~/server/identity/auth.server";
import { jsonResponse, readBody, requireMethod, retryAfter } from "~/http/http.server";
import { toClientUser } from "~/server/identity/serializers.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/** POST /api/client/auth/signin {email, password} → {user, msg} and the session cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const input = await readBody(request, SignInSchema);
  const result = await signIn(context.app, request, input);
  if (!result.ok) return jsonResponse({ msg: result.msg }, { status: result.status, headers: retryAfter(result) });
  return jsonResponse(
    { user: toClientUser(result.user), msg: SIGNED_IN_MESSAGE },
    { headers: { "Set-Cookie": result.cookie } },
  );
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/client/auth/signin",
    operationId: "signIn",
    tag: "identity",
    summary: "Signs in; sets the session cookie.",
    access: "public",
    body: { name: "SignIn", schema: SignInSchema, reader: "json" },
    ok: { 200: "{user, msg} and the session cookie" },
    errors: [400, 401, 429],
  },
];
