import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RESET_FAILED_MESSAGE } from "~/lib/identity/password-reset-copy";
import { PasswordRecoverySchema } from "~/lib/identity/password-reset-schema";
import type { AppContext } from "~/server/load-context";
import { recoverAccount } from "./password-reset.server";

const SECRET_FIELDS = ["recoveryPassword", "password", "confirmPassword"];

/** Public and exempt from startup routing (spec §2): only prefills the email from the link. */
export function passwordResetLoader({ request }: LoaderFunctionArgs) {
  const email = new URL(request.url).searchParams.get("email") ?? "";
  return { email: email.length <= 254 ? email : "" };
}

/** What /password-reset shows after a post: the form's reply. */
export type PasswordResetPageData = { result: SubmissionResult<string[]> };

/** The form's outcome (ADR 019): the page's data with its status, or the new session's cookie. */
export type PasswordResetPageResult =
  { kind: "reply"; status: number; data: PasswordResetPageData } | { kind: "signedIn"; cookie: string };

/** Sets the new password; on success every old session is gone and a new one starts. */
export async function recoverFromForm(
  app: AppContext,
  request: Request,
  form: FormData,
): Promise<PasswordResetPageResult> {
  const submission = parseWithZod(form, { schema: PasswordRecoverySchema });
  if (submission.status !== "success") {
    return { kind: "reply", status: 400, data: { result: submission.reply({ hideFields: SECRET_FIELDS }) } };
  }
  let result;
  try {
    result = await recoverAccount(app, request, submission.value);
  } catch (error) {
    console.error("Password recovery failed:", error instanceof Error ? error.message : error);
    const reply = submission.reply({ formErrors: [RESET_FAILED_MESSAGE], hideFields: SECRET_FIELDS });
    return { kind: "reply", status: 503, data: { result: reply } };
  }
  if (!result.ok) {
    const reply = submission.reply({ formErrors: [result.msg], hideFields: SECRET_FIELDS });
    return { kind: "reply", status: result.status, data: { result: reply } };
  }
  return { kind: "signedIn", cookie: result.cookie };
}
