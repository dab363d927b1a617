import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PersonalDetailsSchema } from "~/lib/identity/signup-schemas";
import { registerClient } from "~/server/identity/accounts.server";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * POST /api/client/auth/signup {firstName, lastName, phone, email, password, confirmPassword}
 * → 201 {_id, email} with the session cookie (the new client is signed in);
 * 409 {msg: 'Email is already taken'}; 400 {msg, errors} for invalid fields or a malformed body.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const input = await readBody(request, PersonalDetailsSchema);
  const result = await registerClient(context.app, request, input);
  if (!result.ok) return errorResponse(result.status, result.msg);
  return jsonResponse(
    { _id: result.user.id, email: result.user.email },
    { status: 201, headers: { "Set-Cookie": result.cookie } },
  );
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/client/auth/signup",
    operationId: "signUp",
    tag: "identity",
    summary: "Creates a client account and signs it in.",
    access: "public",
    body: { name: "PersonalDetails", schema: PersonalDetailsSchema, reader: "json" },
    ok: { 201: "{_id, email} and the session cookie" },
    errors: [400, 409, 429],
  },
];
