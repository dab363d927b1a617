import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { FIX_ERRORS_MESSAGE } from "~/lib/business/settings-schemas";
import { EmailSchema } from "~/lib/identity/signup-schemas";

/**
 * Changing the sign-in email: the new address (trimmed and lowercased by the sign-up EmailSchema)
 * and the current password, so a session left open on a shared computer cannot take the account
 * over. Shared by the browser (Conform) and the page action.
 */

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = "Enter your current password.";
export const EMAIL_UNCHANGED_MESSAGE = "That is already your sign-in email.";
export const EMAIL_CHANGE_NOTICE_SENT = "We sent a notice to your previous address.";

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
