import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PersonalInfoSchema } from "~/lib/business/settings-schemas";
import { errorResponse, jsonResponse, readBody, requireMethod } from "~/http/http.server";
import { toClientUser } from "~/server/identity/serializers.server";
import { updatePersonalInfo } from "~/server/business/settings.server";
import { requireApiClient } from "~/http/guards.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { verificationSentMessage } from "~/lib/identity/email-change";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * PUT /api/client/updateInfo {firstName, lastName, phone, email} (+ `password` to change the email)
 * → 200 the user (toClientUser's shape). The name and phone change at once; a new email does not
 * (ADR 050): with the current password a link is sent to it, and the answer is the user with its
 * current email plus `pendingEmail` and `msg` saying so; the email changes when the link is opened.
 * 400 {msg, errors} for invalid fields, a malformed body, or a new email without the right
 * password; 409 {msg: 'Email is already taken'}; 502 {msg} when the link could not be emailed; 401
 * without a session; 403 for staff accounts. A refused request changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const viewer = await requireApiClient(context.app, request);
  const input = await readBody(request, PersonalInfoSchema);
  const result = await updatePersonalInfo(context.app, viewer, input, appOrigin(context.app, request));
  if (!result.ok) {
    return errorResponse(result.status, result.msg, result.field ? { errors: { [result.field]: result.msg } } : {});
  }
  const user = toClientUser(result.user);
  return jsonResponse(
    result.pendingEmail
      ? { ...user, pendingEmail: result.pendingEmail, msg: verificationSentMessage(result.pendingEmail) }
      : user,
  );
}

export const loader = methodNotAllowed("PUT");

export const contract: ApiOperation[] = [
  {
    method: "put",
    path: "/api/client/updateInfo",
    operationId: "updatePersonalInfo",
    tag: "identity",
    summary:
      "Updates the client's name and phone. A new email needs `password` (the current one) and changes only when the link sent to it is opened: the answer is the user with its current email, `pendingEmail` and `msg`.",
    access: "session",
    body: { name: "PersonalInfo", schema: PersonalInfoSchema, reader: "json" },
    ok: { 200: "the user" },
    errors: [400, ...CLIENT_ERRORS, 409, 502],
  },
];
