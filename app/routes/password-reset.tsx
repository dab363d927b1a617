import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { PasswordResetScreen } from "~/components/identity/password-reset-screen";
import { recoverFromForm } from "~/server/identity/password-reset-page.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";

export { passwordResetLoader as loader } from "~/server/identity/password-reset-page.server";

export const meta: MetaFunction = () => [{ title: "Reset your password | Partwise" }];

/** Sets the new password; on success the new session starts at "/". */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readForm(request);
  if (!body.ok) return data({ result: formErrorReply() }, { status: body.status });
  const outcome = await recoverFromForm(context.app, request, body.form);
  // The root's startup routing sends the new session home (/dashboard for a client with a business).
  if (outcome.kind === "signedIn") throw redirect("/", { headers: { "Set-Cookie": outcome.cookie } });
  return data(outcome.data, { status: outcome.status });
}

export default PasswordResetScreen;
