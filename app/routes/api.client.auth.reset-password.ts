import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PasswordResetRequestSchema } from "~/lib/identity/password-reset-schema";
import { jsonResponse, readBody, requireMethod, retryAfter } from "~/http/http.server";
import { requestPasswordReset } from "~/server/identity/password-reset.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * PUT /api/client/auth/reset-password {email} → 200 {msg}, the same for every email (a recovery
 * password is emailed only when the account exists); 429 {msg} when throttled; 400 {msg} for a
 * malformed body.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const input = await readBody(request, PasswordResetRequestSchema);
  const result = await requestPasswordReset(context.app, request, input);
  if (!result.ok) {
    return jsonResponse({ msg: result.msg }, { status: result.status, headers: retryAfter(result) });
  }
  return jsonResponse({ msg: result.msg });
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/client/auth/reset-password",
    operationId: "requestPasswordReset",
    tag: "identity",
    summary: "Emails a recovery password when the account exists; the same answer for every email.",
    access: "public",
    body: { name: "PasswordResetRequest", schema: PasswordResetRequestSchema, reader: "json" },
    ok: { 200: "{msg}" },
    errors: [400, 429],
  },
];
