import { z } from "zod";
import { PASSWORDS_DO_NOT_MATCH, PASSWORD_MAX_LENGTH, PasswordSchema } from "./password-rules";

/**
 * Sign-up, step one ("Let's Get Started", spec §2 and §5). One schema for the browser (Conform)
 * and the server (the page action and POST /api/client/auth/signup). The server adds the check
 * that needs I/O, the email being taken, as an error on the email field.
 */

export const EMAIL_TAKEN_MESSAGE = "Email is already taken";
export const FIRST_NAME_REQUIRED_MESSAGE = "Enter your first name.";
export const FIRST_NAME_TOO_LONG_MESSAGE = "First name must be 60 characters or fewer.";
export const LAST_NAME_REQUIRED_MESSAGE = "Enter your last name.";
export const LAST_NAME_TOO_LONG_MESSAGE = "Last name must be 60 characters or fewer.";
export const EMAIL_REQUIRED_MESSAGE = "Enter your email.";
export const EMAIL_INVALID_MESSAGE = "Enter a valid email.";
export const PHONE_REQUIRED_MESSAGE = "Enter your phone number.";
export const PHONE_INVALID_MESSAGE = "Enter a valid phone number.";
export const CONFIRM_PASSWORD_REQUIRED_MESSAGE = "Confirm your password.";

export const NAME_MAX_LENGTH = 60;
/** RFC 5321 caps a forward path at 256 octets including the angle brackets: 254 for the address. */
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MIN_DIGITS = 7;
/** E.164 allows 15 digits; 20 leaves room for an extension typed after the number. */
export const PHONE_MAX_DIGITS = 20;

const name = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX_LENGTH, tooLong);

/** Trimmed and lowercased: the users table stores emails that way and its unique index relies on it. */
export const EmailSchema = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE)
  .pipe(z.email(EMAIL_INVALID_MESSAGE))
  .transform((email) => email.toLowerCase());

/** Phone numbers as people type them: digits plus spaces, +, -, (, ) and dots; 7 to 20 digits. */
export function isValidPhone(value: string): boolean {
  if (!/^[0-9 +\-().]+$/.test(value)) return false;
  const digits = value.replace(/[^0-9]/g, "").length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

export const PhoneSchema = z
  .string({ error: PHONE_REQUIRED_MESSAGE })
  .trim()
  .min(1, PHONE_REQUIRED_MESSAGE)
  .max(40, PHONE_INVALID_MESSAGE)
  .refine(isValidPhone, PHONE_INVALID_MESSAGE);

export const PersonalDetailsSchema = z
  .object({
    firstName: name(FIRST_NAME_REQUIRED_MESSAGE, FIRST_NAME_TOO_LONG_MESSAGE),
    lastName: name(LAST_NAME_REQUIRED_MESSAGE, LAST_NAME_TOO_LONG_MESSAGE),
    email: EmailSchema,
    phone: PhoneSchema,
    password: PasswordSchema,
    confirmPassword: z
      .string({ error: CONFIRM_PASSWORD_REQUIRED_MESSAGE })
      .min(1, CONFIRM_PASSWORD_REQUIRED_MESSAGE)
      .max(PASSWORD_MAX_LENGTH, PASSWORDS_DO_NOT_MATCH),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
    // Compare as soon as both passwords are present, even while other fields still have errors,
    // so the mismatch shows next to the confirmation field on the first blur.
    when(payload) {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof value?.password === "string" && typeof value?.confirmPassword === "string";
    },
  });

export type PersonalDetailsInput = z.infer<typeof PersonalDetailsSchema>;

/** GET /api/client/checkEmail/{email}: the path segment must be one well-formed address. */
export const CheckEmailSchema = EmailSchema;
