import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { SignInSchema } from "~/lib/identity/auth-schemas";
import { RESET_FAILED_MESSAGE } from "~/lib/identity/password-reset-copy";
import { PasswordResetRequestSchema } from "~/lib/identity/password-reset-schema";
import { homePathFor, retryAfter, signIn } from "./auth.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/server/platform/http.server";
import { requestPasswordReset } from "./password-reset.server";
import { getViewer } from "./session.server";

/** Loader of `/` and `/login`: a signed-in visitor goes straight to their home (startup routing). */
export async function loginLoader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(context.app, request);
  if (viewer) throw redirect(homePathFor(viewer));
  return null;
}

/** A throttled sign-in or reset request tells the page's visitor when to try again, as the API does. */
export const loginHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfterSeconds = actionHeaders.get("Retry-After");
  return retryAfterSeconds ? { "Retry-After": retryAfterSeconds } : new Headers();
};

/**
 * Action of `/` and `/login`. `intent=login` signs in; `intent=reset` emails a recovery password
 * (the same answer for every email). Both forms post here, so they work without JavaScript.
 */
export async function loginAction({ request, context }: ActionFunctionArgs) {
  const body = await readForm(request);
  if (!body.ok) {
    return data({ intent: "login" as const, result: formErrorReply(), message: null }, { status: body.status });
  }
  const formData = body.form;
  const intent = formData.get("intent") === "reset" ? "reset" : "login";

  if (intent === "reset") {
    const submission = parseWithZod(formData, { schema: PasswordResetRequestSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply(), message: null }, { status: 400 });
    }
    // Spec §4: the answer's msg replaces the form; an answer without one shows the generic error.
    let message = RESET_FAILED_MESSAGE;
    let status = 200;
    let headers: Record<string, string> = {};
    try {
      const answer = await requestPasswordReset(context.app, request, submission.value);
      message = answer.msg;
      if (!answer.ok) {
        status = answer.status;
        headers = retryAfter(answer);
      }
    } catch (error) {
      console.error("Password reset request failed:", error instanceof Error ? error.message : error);
      status = 503;
    }
    return data({ intent, result: submission.reply({ resetForm: true }), message }, { status, headers });
  }

  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields: ["password"] }), message: null }, { status: 400 });
  }
  const result = await signIn(context.app, request, submission.value);
  if (!result.ok) {
    return data(
      { intent, result: submission.reply({ formErrors: [result.msg], hideFields: ["password"] }), message: null },
      { status: result.status, headers: retryAfter(result) },
    );
  }
  // The root then routes the new session to its home (/dashboard for a client with a business).
  throw redirect("/", { headers: { "Set-Cookie": result.cookie } });
}
