import * as z from "zod";
import {
  CONFIRM_NEW_PASSWORD_REQUIRED_MESSAGE,
  RECOVERY_FAILED_MESSAGE,
  RECOVERY_PASSWORD_REQUIRED_MESSAGE,
} from "./password-reset-copy";
import { PASSWORDS_DO_NOT_MATCH, PasswordSchema } from "./password-rules";
import { EMAIL_INVALID_MESSAGE, EMAIL_MAX_LENGTH, EMAIL_REQUIRED_MESSAGE } from "./sign-in-rules";

const EmailField = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE)
  .pipe(z.email(EMAIL_INVALID_MESSAGE));

/**
 * The reset form on the login screen and `PUT /api/client/auth/reset-password` {email}: asks for a
 * recovery password by email.
 */
export const PasswordResetRequestSchema = z.object({ email: EmailField });
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestSchema>;

/**
 * `/password-reset` and `POST /api/client/auth/recover`: the emailed recovery password and a new
 * password under the one password rule (spec §5).
 */
export const PasswordRecoverySchema = z
  .object({
    email: EmailField,
    recoveryPassword: z
      .string({ error: RECOVERY_PASSWORD_REQUIRED_MESSAGE })
      .trim()
      .min(1, RECOVERY_PASSWORD_REQUIRED_MESSAGE)
      // Far longer than any recovery password: certainly wrong, and not worth hashing.
      .max(64, RECOVERY_FAILED_MESSAGE),
    password: PasswordSchema,
    confirmPassword: z
      .string({ error: CONFIRM_NEW_PASSWORD_REQUIRED_MESSAGE })
      .min(1, CONFIRM_NEW_PASSWORD_REQUIRED_MESSAGE),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
    // Also when another field is still wrong, so every error shows at once.
    when: ({ value }) => {
      const fields = (value ?? {}) as { password?: unknown; confirmPassword?: unknown };
      return (
        typeof fields.password === "string" &&
        typeof fields.confirmPassword === "string" &&
        fields.confirmPassword !== ""
      );
    },
  });
export type PasswordRecoveryInput = z.infer<typeof PasswordRecoverySchema>;
