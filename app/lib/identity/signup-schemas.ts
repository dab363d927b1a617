import * as z from "zod";
import { PASSWORDS_DO_NOT_MATCH, PASSWORD_MAX_LENGTH, PasswordSchema } from "./password-rules";
import {
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_REQUIRED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  FIRST_NAME_REQUIRED_MESSAGE,
  FIRST_NAME_TOO_LONG_MESSAGE,
  isValidPhone,
  LAST_NAME_REQUIRED_MESSAGE,
  LAST_NAME_TOO_LONG_MESSAGE,
  NAME_MAX_LENGTH,
  PHONE_INVALID_MESSAGE,
  PHONE_MAX_DIGITS,
  PHONE_MAX_LENGTH,
  PHONE_MIN_DIGITS,
  PHONE_REQUIRED_MESSAGE,
} from "./signup-rules";

/**
 * Sign-up, step one ("Let's Get Started", spec §2 and §5). One schema for the browser (Conform)
 * and the server (the page action and POST /api/client/auth/signup). The server adds the check
 * that needs I/O, the email being taken, as an error on the email field.
 */

// The messages, limits and phone rule live in signup-rules.ts, which the browser checks the form
// with (no Zod in the sign-up pages' JavaScript); re-exported here for the server's importers.
export {
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_REQUIRED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  FIRST_NAME_REQUIRED_MESSAGE,
  FIRST_NAME_TOO_LONG_MESSAGE,
  isValidPhone,
  LAST_NAME_REQUIRED_MESSAGE,
  LAST_NAME_TOO_LONG_MESSAGE,
  NAME_MAX_LENGTH,
  PHONE_INVALID_MESSAGE,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHONE_REQUIRED_MESSAGE,
};

const name = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX_LENGTH, tooLong);

/** A person's first and last name, trimmed (sign-up, invitations). */
export const FirstNameSchema = name(FIRST_NAME_REQUIRED_MESSAGE, FIRST_NAME_TOO_LONG_MESSAGE);
export const LastNameSchema = name(LAST_NAME_REQUIRED_MESSAGE, LAST_NAME_TOO_LONG_MESSAGE);

/** Trimmed and lowercased: the users table stores emails that way and its unique index relies on it. */
export const EmailSchema = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE)
  .pipe(z.email(EMAIL_INVALID_MESSAGE))
  .transform((email) => email.toLowerCase());

export const PhoneSchema = z
  .string({ error: PHONE_REQUIRED_MESSAGE })
  .trim()
  .min(1, PHONE_REQUIRED_MESSAGE)
  .max(PHONE_MAX_LENGTH, PHONE_INVALID_MESSAGE)
  .refine(isValidPhone, PHONE_INVALID_MESSAGE);

export const PersonalDetailsSchema = z
  .object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
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
