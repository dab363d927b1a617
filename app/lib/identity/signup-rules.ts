// Sign-up step one's rules without Zod, for the browser (issue #17: the sign-up pages' JavaScript
// budget, docs/decisions/041-javascript-weight.md). The server validates with PersonalDetailsSchema
// (signup-schemas.ts), built from the same messages and limits;
// tests/unit/identity/signup-rules.test.ts checks that both give the same answers.
import {
  meetsPasswordRules,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULES_MESSAGE,
  PASSWORDS_DO_NOT_MATCH,
} from "./password-policy";
import { EMAIL_INVALID_MESSAGE, EMAIL_MAX_LENGTH, EMAIL_PATTERN, EMAIL_REQUIRED_MESSAGE } from "./sign-in-rules";
import type { FieldErrorMap } from "./sign-in-rules";

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

/** Conform's payload: "" is left out (as @conform-to/zod strips empty values before Zod sees them). */
type Payload = Record<string, unknown>;
const present = (value: unknown): value is string => typeof value === "string" && value !== "";

/** Every failing check's message, in the schema's order (Zod runs all checks of a field). */
function failing(checks: [boolean, string][]): string[] {
  return checks.filter(([fails]) => fails).map(([, message]) => message);
}

function nameErrors(value: unknown, required: string, tooLong: string): string[] {
  if (!present(value)) return [required];
  const name = value.trim();
  return failing([
    [name.length < 1, required],
    [name.length > NAME_MAX_LENGTH, tooLong],
  ]);
}

function emailErrors(value: unknown): string[] {
  if (!present(value)) return [EMAIL_REQUIRED_MESSAGE];
  const email = value.trim();
  const first = failing([
    [email.length < 1, EMAIL_REQUIRED_MESSAGE],
    [email.length > EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE],
  ]);
  if (first.length > 0) return first;
  return EMAIL_PATTERN.test(email) ? [] : [EMAIL_INVALID_MESSAGE];
}

function phoneErrors(value: unknown): string[] {
  if (!present(value)) return [PHONE_REQUIRED_MESSAGE];
  const phone = value.trim();
  return failing([
    [phone.length < 1, PHONE_REQUIRED_MESSAGE],
    [phone.length > PHONE_MAX_LENGTH, PHONE_INVALID_MESSAGE],
    [!isValidPhone(phone), PHONE_INVALID_MESSAGE],
  ]);
}

/** PersonalDetailsSchema's answer for a Conform payload: field → messages (valid fields absent). */
export function personalDetailsErrors(payload: Payload): FieldErrorMap {
  const errors: FieldErrorMap = {};
  const add = (name: string, messages: string[]) => {
    if (messages.length > 0) errors[name] = [...(errors[name] ?? []), ...messages];
  };
  add("firstName", nameErrors(payload.firstName, FIRST_NAME_REQUIRED_MESSAGE, FIRST_NAME_TOO_LONG_MESSAGE));
  add("lastName", nameErrors(payload.lastName, LAST_NAME_REQUIRED_MESSAGE, LAST_NAME_TOO_LONG_MESSAGE));
  add("email", emailErrors(payload.email));
  add("phone", phoneErrors(payload.phone));
  const { password, confirmPassword } = payload;
  add("password", present(password) && meetsPasswordRules(password) ? [] : [PASSWORD_RULES_MESSAGE]);
  add(
    "confirmPassword",
    present(confirmPassword)
      ? failing([[confirmPassword.length > PASSWORD_MAX_LENGTH, PASSWORDS_DO_NOT_MATCH]])
      : [CONFIRM_PASSWORD_REQUIRED_MESSAGE],
  );
  // The schema's refine: compared as soon as both passwords are present.
  if (present(password) && present(confirmPassword) && password !== confirmPassword) {
    add("confirmPassword", [PASSWORDS_DO_NOT_MATCH]);
  }
  return errors;
}

/** getZodConstraint(PersonalDetailsSchema), written out (the unit test compares them). */
export const PERSONAL_DETAILS_CONSTRAINT = {
  firstName: { required: true },
  lastName: { required: true },
  email: { required: true },
  phone: { required: true },
  password: { required: true },
  confirmPassword: { required: true },
};
