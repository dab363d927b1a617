// The sign-in and reset-request forms' messages and limits, in a module without Zod so the login
// page can import them without loading Zod (docs/decisions/041-javascript-weight.md). The rules are
// the schemas' (auth-schemas.ts, password-reset-schema.ts), which the browser fetches on first
// focus to check the forms (ADR 062).

export const EMAIL_REQUIRED_MESSAGE = "Enter your email.";
export const EMAIL_INVALID_MESSAGE = "Enter a valid email.";
export const PASSWORD_REQUIRED_MESSAGE = "Enter your password.";
export const PASSWORD_TOO_LONG_MESSAGE = "Password is too long.";
export const EMAIL_MAX_LENGTH = 254;
export const SIGN_IN_PASSWORD_MAX_LENGTH = 256;

/** Zod 4's `z.email()` pattern (z.regexes.email), copied so sign-up can tell a whole address before asking whether it is taken. */
// Written exactly as Zod writes it (escapes included), so the unit test can compare the sources.
/* eslint-disable no-useless-escape */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/* eslint-enable no-useless-escape */
