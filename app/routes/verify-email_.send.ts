import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { resendReturnPath } from "~/lib/identity/email-verification";
import { methodNotAllowed } from "~/http/route-kit.server";
import { readForm, requireMethod, seeOther } from "~/http/http.server";
import { requireViewer } from "~/http/guards.server";
import { resendVerificationLink } from "~/server/identity/email-verification.server";
import { appOrigin } from "~/server/platform/app-origin.server";

/**
 * POST /verify-email/send: the shells' "Send the link again" (docs/decisions/070). Any signed-in
 * person (no session: the login screen); limited per account (RESEND_POLICY). Back to the page the
 * banner was on (`returnTo`, a path of this site) with the outcome as `?verify-email=sent|limited|failed`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireViewer(context.app, request);
  const body = await readForm(request);
  const returnTo = body.ok ? body.form.get("returnTo") : null;
  const outcome = await resendVerificationLink(context.app, viewer, appOrigin(context.app, request));
  return seeOther(resendReturnPath(returnTo, outcome));
}

export const loader = methodNotAllowed("POST");
