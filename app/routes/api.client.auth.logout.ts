import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LOGGED_OUT_MESSAGE } from "~/lib/identity/auth-schemas";
import { signOut } from "~/server/identity/auth.server";
import { signedOutHeaders } from "~/http/requested-consultant.server";
import { jsonResponse, requireMethod } from "~/http/http.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/** POST /api/client/auth/logout → {msg}; ends the session and clears the cookie (and a consultant chosen on a public profile). Idempotent. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  return jsonResponse({ msg: LOGGED_OUT_MESSAGE }, { headers: signedOutHeaders(await signOut(context.app, request)) });
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/client/auth/logout",
    operationId: "signOut",
    tag: "identity",
    summary: "Ends the session and clears the cookie (idempotent).",
    access: "public",
    ok: { 200: "{msg}" },
    errors: [],
  },
];
