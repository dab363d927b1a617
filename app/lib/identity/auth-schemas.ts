import { z } from "zod";

/** Sign-in: the spec shows no client rules beyond the email input type; the server bounds sizes. */
export const SignInSchema = z.object({
  email: z
    .string({ error: "Enter your email." })
    .trim()
    .min(1, "Enter your email.")
    .max(254, "Enter a valid email.")
    .pipe(z.email("Enter a valid email.")),
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(256, "Password is too long."),
});
export type SignInInput = z.infer<typeof SignInSchema>;

/** The same answer for an unknown email and a wrong password, so neither reveals which it was. */
export const SIGN_IN_FAILED_MESSAGE = "The email or password you entered is incorrect.";
export const SIGNED_IN_MESSAGE = "You have been signed in.";
export const LOGGED_OUT_MESSAGE = "You have been logged out.";
