import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CheckEmailSchema } from "~/lib/identity/signup-schemas";
import { isEmailAvailable } from "~/server/identity/accounts.server";
import { errorResponse, jsonResponse, retryAfter } from "~/http/http.server";
import { EMAIL_CHECK_POLICY, limitByNetwork, TOO_MANY_ATTEMPTS_MESSAGE } from "~/server/platform/rate-limit.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation } from "~/server/platform/api-contract.server";

/**
 * GET /api/client/checkEmail/{email} → 200 {emailAvailable}, 400 {msg} for a malformed
 * address. Public: the sign-up form asks before an account exists. The answer says nothing more
 * than availability; POST /api/client/auth/signup re-checks race-safely. Limited per client network
 * (429) so it cannot be used to sweep a list of addresses.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const verdict = await limitByNetwork(context.app, request, "check-email", EMAIL_CHECK_POLICY);
  if (!verdict.allowed) {
    return errorResponse(429, TOO_MANY_ATTEMPTS_MESSAGE, {}, retryAfter({ status: 429, ...verdict }));
  }
  const parsed = CheckEmailSchema.safeParse(params.email ?? "");
  if (!parsed.success) return errorResponse(400, parsed.error.issues[0]?.message ?? "Enter a valid email.");
  return jsonResponse({ emailAvailable: await isEmailAvailable(context.app, parsed.data) });
}

export const action = methodNotAllowed("GET");

export const contract: ApiOperation[] = [
  {
    method: "get",
    path: "/api/client/checkEmail/{email}",
    operationId: "checkEmail",
    tag: "identity",
    summary: "Whether an email is free for sign-up (limited per network).",
    access: "public",
    params: [{ name: "email", description: "The address to check.", schema: CheckEmailSchema }],
    ok: { 200: "{emailAvailable}" },
    errors: [400, 429],
  },
];
