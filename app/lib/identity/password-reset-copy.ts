/**
 * The texts of password reset (spec §4, §8). Plain strings without zod: public pages import them.
 */

/** The one answer to a reset request, whether or not an account has that email. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, we've sent a recovery password to it. It expires in 30 minutes.";
/** Spec §8: a reset response without msg. */
export const RESET_FAILED_MESSAGE = "An error occurred resetting your password";
/** Wrong, used, expired or unknown: one text for every case, so none of them is revealed. */
export const RECOVERY_FAILED_MESSAGE = "That recovery password is incorrect or has expired.";
export const PASSWORD_RESET_DONE_MESSAGE = "Your password has been reset. You are signed in.";

export const RECOVERY_PASSWORD_REQUIRED_MESSAGE = "Enter the recovery password from the email.";
export const CONFIRM_NEW_PASSWORD_REQUIRED_MESSAGE = "Confirm your new password.";

/** How long an emailed recovery password works, and how many wrong tries it survives. */
export const RECOVERY_PASSWORD_TTL_MINUTES = 30;
export const RECOVERY_PASSWORD_MAX_ATTEMPTS = 5;
