import type { Submission } from "@conform-to/react";
import { data, redirect, type HeadersFunction } from "@remix-run/cloudflare";
import { formErrorReply } from "~/server/platform/form-reply.server";

/**
 * The HTTP side of the pages an invitation link opens (a consultant's, a staff member's, a
 * business's): their headers, and the sign-up form's answers. The domains look the link up and
 * accept it; the routes say which domain and where the new account lands.
 */

/** The token is in the URL: no caching, and no Referer carrying it to another site. */
export const invitationPageHeaders: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

/** The passwords are never sent back in a reply. */
const SECRET_FIELDS = ["password", "confirmPassword"];

/** The answer to a post whose form could not be read (too large, not a form). */
export function unreadableInvitationForm(status: number) {
  return data({ result: formErrorReply(), error: null }, { status });
}

/**
 * The sign-up form of an invitation page: invalid, 400 with its field errors; refused by the
 * domain (the link used, expired, withdrawn; the email taken), its status with its text on the
 * form; accepted, to `next` signed in (the cookie the domain made).
 */
export async function invitationSignUp<Value>(
  submission: Submission<unknown, string[], Value>,
  accept: (value: Value) => Promise<{ ok: true; cookie: string | null } | { ok: false; status: number; msg: string }>,
  next: string,
) {
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }), error: null }, { status: 400 });
  }
  const accepted = await accept(submission.value);
  if (!accepted.ok) {
    return data(
      { result: submission.reply({ formErrors: [accepted.msg], hideFields: SECRET_FIELDS }), error: null },
      { status: accepted.status },
    );
  }
  throw redirect(next, accepted.cookie ? { headers: { "Set-Cookie": accepted.cookie } } : undefined);
}
