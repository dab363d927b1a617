// Sign-up step one's messages, limits and phone rule, in a module without Zod so the sign-up page
// can import them without loading Zod (docs/decisions/041-javascript-weight.md). The form is
// checked with PersonalDetailsSchema (signup-schemas.ts), built from these, in the browser (fetched
// on first focus, ADR 062) and in the action.
import { EMAIL_INVALID_MESSAGE, EMAIL_MAX_LENGTH, EMAIL_PATTERN, EMAIL_REQUIRED_MESSAGE } from "./sign-in-rules";

export { EMAIL_INVALID_MESSAGE, EMAIL_MAX_LENGTH, EMAIL_REQUIRED_MESSAGE };
export const EMAIL_TAKEN_MESSAGE = "Email is already taken";
export const FIRST_NAME_REQUIRED_MESSAGE = "Enter your first name.";
export const FIRST_NAME_TOO_LONG_MESSAGE = "First name must be 60 characters or fewer.";
export const LAST_NAME_REQUIRED_MESSAGE = "Enter your last name.";
export const LAST_NAME_TOO_LONG_MESSAGE = "Last name must be 60 characters or fewer.";
export const PHONE_REQUIRED_MESSAGE = "Enter your phone number.";
export const PHONE_INVALID_MESSAGE = "Enter a valid phone number.";
export const CONFIRM_PASSWORD_REQUIRED_MESSAGE = "Confirm your password.";

export const NAME_MAX_LENGTH = 60;
export const PHONE_MIN_DIGITS = 7;
/** E.164 allows 15 digits; 20 leaves room for an extension typed after the number. */
export const PHONE_MAX_DIGITS = 20;
export const PHONE_MAX_LENGTH = 40;

/** Phone numbers as people type them: digits plus spaces, +, -, (, ) and dots; 7 to 20 digits. */
export function isValidPhone(value: string): boolean {
  if (!/^[0-9 +\-().]+$/.test(value)) return false;
  const digits = value.replace(/[^0-9]/g, "").length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/** The email as the server stores it (trimmed, lowercased), or null when it is not a valid address. */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim();
  if (email === "" || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return null;
  return email.toLowerCase();
}
