import * as z from "zod";
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_REQUIRED_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  SIGN_IN_PASSWORD_MAX_LENGTH,
} from "./sign-in-rules";

/**
 * Sign-in: the spec shows no client rules beyond the email input type; the server bounds sizes.
 * The browser checks the same rules with sign-in-rules.ts (no Zod in the login page's JavaScript).
 */
export const SignInSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED_MESSAGE })
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE)
    .pipe(z.email(EMAIL_INVALID_MESSAGE)),
  password: z
    .string({ error: PASSWORD_REQUIRED_MESSAGE })
    .min(1, PASSWORD_REQUIRED_MESSAGE)
    .max(SIGN_IN_PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
});
export type SignInInput = z.infer<typeof SignInSchema>;

/** The same answer for an unknown email and a wrong password, so neither reveals which it was. */
export const SIGN_IN_FAILED_MESSAGE = "The email or password you entered is incorrect.";
export const SIGNED_IN_MESSAGE = "You have been signed in.";
export const LOGGED_OUT_MESSAGE = "You have been logged out.";
