import { z } from "zod";

/**
 * The reset form on the login screen. Sending reset emails is built in a later issue; until then
 * the action answers every valid request with RESET_COMING_SOON_MESSAGE, whatever the address.
 */
export const PasswordResetRequestSchema = z.object({
  email: z
    .string({ error: "Enter your email." })
    .trim()
    .min(1, "Enter your email.")
    .max(254, "Enter a valid email.")
    .pipe(z.email("Enter a valid email.")),
});
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestSchema>;

export { RESET_COMING_SOON_MESSAGE } from "./password-reset-copy";
