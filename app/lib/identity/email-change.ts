import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { FIX_ERRORS_MESSAGE } from "~/lib/business/settings-schemas";
import { EmailSchema } from "~/lib/identity/signup-schemas";

/**
 * Changing the sign-in email: the new address (trimmed and lowercased by the sign-up EmailSchema)
 * and the current password, so a session left open on a shared computer cannot take the account
 * over. Shared by the browser (Conform) and the page action.
 */

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = "Enter your current password.";
/** The Personal tab and PUT /api/client/updateInfo: a new email without the password. */
export const PASSWORD_FOR_EMAIL_MESSAGE = "Enter your current password to change your email.";
export const EMAIL_UNCHANGED_MESSAGE = "That is already your sign-in email.";

/** How long a link sent to the new address works (ADR 050). */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** The answer once the link is sent: nothing has changed yet. */
export const verificationSentMessage = (email: string) =>
  `We sent a link to ${email}. Your sign-in email changes when you open it (within ${EMAIL_CHANGE_TTL_HOURS} hours); until then, keep signing in with your current email.`;
/** Settings, while a change waits for its link. */
export const pendingEmailMessage = (email: string, until: string) =>
  `Waiting for you to confirm ${email}: open the link we sent there before ${until}.`;

/** /verify-email's texts. */
export const VERIFY_EMAIL_COPY = {
  title: "Confirm your new sign-in email",
  intro: (email: string) => `Use ${email} to sign in to Partwise from now on?`,
  button: "Confirm my new email",
  done: (email: string) => `Your sign-in email is now ${email}. Use it the next time you sign in.`,
  doneTitle: "Your email is changed",
  /** One text for unknown, used, expired and superseded links: none tells more than the others. */
  invalid: "This link has expired or was already used. Sign in to ask for a new one.",
  invalidTitle: "This link doesn't work",
  taken:
    "Another account now uses that email, so it could not become your sign-in email. Choose another one in your settings.",
} as const;

export const EmailChangeSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: CURRENT_PASSWORD_REQUIRED_MESSAGE })
    .min(1, CURRENT_PASSWORD_REQUIRED_MESSAGE)
    .max(256, "Password is too long."),
});
export type EmailChangeInput = z.infer<typeof EmailChangeSchema>;

/** The form adds the settings' form-level 'Please fix the errors and try again.' to any field error. */
export const EmailChangeFormSchema = EmailChangeSchema.check((ctx) => {
  if (ctx.issues.length > 0) {
    ctx.issues.push({ code: "custom", path: [], message: FIX_ERRORS_MESSAGE, input: ctx.value });
  }
});

/** Raw strings, as for the password form: coercion would turn an empty field into undefined. */
export function parseEmailChangeForm(formData: FormData) {
  return parseWithZod(formData, { schema: EmailChangeFormSchema, disableAutoCoercion: true });
}
