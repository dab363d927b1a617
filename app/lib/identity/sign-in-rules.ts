// The sign-in and reset-request forms' rules without Zod, for the browser (issue #17: the login page's
// JavaScript budget, docs/decisions/041-javascript-weight.md). The server still validates with the
// Zod schemas (auth-schemas.ts, password-reset-schema.ts), which take their messages from here;
// tests/unit/identity/sign-in-rules.test.ts checks that both give the same answers.

export const EMAIL_REQUIRED_MESSAGE = "Enter your email.";
export const EMAIL_INVALID_MESSAGE = "Enter a valid email.";
export const PASSWORD_REQUIRED_MESSAGE = "Enter your password.";
export const PASSWORD_TOO_LONG_MESSAGE = "Password is too long.";
export const EMAIL_MAX_LENGTH = 254;
export const SIGN_IN_PASSWORD_MAX_LENGTH = 256;

/** Zod 4's `z.email()` pattern (z.regexes.email), copied so the browser need not load Zod. */
// Written exactly as Zod writes it (escapes included), so the unit test can compare the sources.
/* eslint-disable no-useless-escape */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/* eslint-enable no-useless-escape */

/** Field name → its error messages; a field without errors is absent. */
export type FieldErrorMap = Record<string, string[]>;

function text(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value : "";
}

/** The email field's message, as the Zod email field gives it (trimmed; one message at a time). */
export function emailError(value: FormDataEntryValue | null): string | null {
  const email = text(value).trim();
  if (email === "") return EMAIL_REQUIRED_MESSAGE;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return EMAIL_INVALID_MESSAGE;
  return null;
}

function collect(entries: [string, string | null][]): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const [name, message] of entries) if (message) errors[name] = [message];
  return errors;
}

/** The sign-in form: email and password (SignInSchema's messages). */
export function signInErrors(formData: FormData): FieldErrorMap {
  const password = text(formData.get("password"));
  return collect([
    ["email", emailError(formData.get("email"))],
    [
      "password",
      password === ""
        ? PASSWORD_REQUIRED_MESSAGE
        : password.length > SIGN_IN_PASSWORD_MAX_LENGTH
          ? PASSWORD_TOO_LONG_MESSAGE
          : null,
    ],
  ]);
}

/** The reset-request form: the email only (PasswordResetRequestSchema's messages). */
export function resetRequestErrors(formData: FormData): FieldErrorMap {
  return collect([["email", emailError(formData.get("email"))]]);
}
