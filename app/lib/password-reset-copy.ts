/** Honest answer to a reset request until reset-by-email exists (later issue). No zod here: public pages import it. */
export const RESET_COMING_SOON_MESSAGE =
  "Password reset by email is coming soon. Please contact support@partwise.com to reset your password.";
