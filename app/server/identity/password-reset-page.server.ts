import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { RESET_FAILED_MESSAGE } from "~/lib/identity/password-reset-copy";
import { PasswordRecoverySchema } from "~/lib/identity/password-reset-schema";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/server/platform/http.server";
import { recoverAccount } from "./password-reset.server";

const SECRET_FIELDS = ["recoveryPassword", "password", "confirmPassword"];

/** Public and exempt from startup routing (spec §2): only prefills the email from the link. */
export function passwordResetLoader({ request }: LoaderFunctionArgs) {
  const email = new URL(request.url).searchParams.get("email") ?? "";
  return { email: email.length <= 254 ? email : "" };
}

/** Sets the new password; on success every old session is gone and a new one starts at "/". */
export async function passwordResetAction({ request, context }: ActionFunctionArgs) {
  const body = await readForm(request);
  if (!body.ok) return data({ result: formErrorReply() }, { status: body.status });
  const submission = parseWithZod(body.form, { schema: PasswordRecoverySchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  let result;
  try {
    result = await recoverAccount(context.app, request, submission.value);
  } catch (error) {
    console.error("Password recovery failed:", error instanceof Error ? error.message : error);
    return data(
      { result: submission.reply({ formErrors: [RESET_FAILED_MESSAGE], hideFields: SECRET_FIELDS }) },
      { status: 503 },
    );
  }
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.msg], hideFields: SECRET_FIELDS }) },
      { status: result.status },
    );
  }
  // The root's startup routing sends the new session home (/dashboard for a client with a business).
  throw redirect("/", { headers: { "Set-Cookie": result.cookie } });
}
