import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { SignInSchema } from "~/lib/identity/auth-schemas";
import { RESET_FAILED_MESSAGE } from "~/lib/identity/password-reset-copy";
import { PasswordResetRequestSchema } from "~/lib/identity/password-reset-schema";
import type { AppContext } from "~/server/load-context";
import { signIn } from "./auth.server";
import { requestPasswordReset } from "./password-reset.server";

/** What the login screen of `/` and `/login` shows after a post: the form's reply and the reset's answer. */
export type LoginPageData = {
  intent: "login" | "reset";
  result: SubmissionResult<string[]>;
  message: string | null;
};

/**
 * A login-screen form's outcome (ADR 019: the route turns it into the answer): the page's data
 * with its status (and `retryAfterSeconds` of a throttled request), or a new session's cookie.
 */
export type LoginPageResult =
  | { kind: "reply"; status: number; data: LoginPageData; retryAfterSeconds?: number }
  | { kind: "signedIn"; cookie: string };

/** `intent=reset`: emails a recovery password (the same answer for every email). */
export async function requestResetFromForm(
  app: AppContext,
  request: Request,
  form: FormData,
): Promise<LoginPageResult> {
  const submission = parseWithZod(form, { schema: PasswordResetRequestSchema });
  if (submission.status !== "success") {
    return { kind: "reply", status: 400, data: { intent: "reset", result: submission.reply(), message: null } };
  }
  // Spec §4: the answer's msg replaces the form; an answer without one shows the generic error.
  let message = RESET_FAILED_MESSAGE;
  let status = 200;
  let retryAfterSeconds: number | undefined;
  try {
    const answer = await requestPasswordReset(app, request, submission.value);
    message = answer.msg;
    if (!answer.ok) {
      status = answer.status;
      retryAfterSeconds = answer.retryAfterSeconds;
    }
  } catch (error) {
    console.error("Password reset request failed:", error instanceof Error ? error.message : error);
    status = 503;
  }
  return {
    kind: "reply",
    status,
    retryAfterSeconds,
    data: { intent: "reset", result: submission.reply({ resetForm: true }), message },
  };
}

/** `intent=login`: checks the credentials and starts a session. */
export async function signInFromForm(app: AppContext, request: Request, form: FormData): Promise<LoginPageResult> {
  const submission = parseWithZod(form, { schema: SignInSchema });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: ["password"] });
    return { kind: "reply", status: 400, data: { intent: "login", result, message: null } };
  }
  const result = await signIn(app, request, submission.value);
  if (!result.ok) {
    return {
      kind: "reply",
      status: result.status,
      retryAfterSeconds: "retryAfterSeconds" in result ? result.retryAfterSeconds : undefined,
      data: {
        intent: "login",
        result: submission.reply({ formErrors: [result.msg], hideFields: ["password"] }),
        message: null,
      },
    };
  }
  return { kind: "signedIn", cookie: result.cookie };
}
