import { z } from "zod";

/** Spec §5/§8: the one message for every password-rule failure. */
export const PASSWORD_RULES_MESSAGE = "Required: 8 characters, 1 uppercase, 1 number, 1 special character.";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const NEW_PASSWORDS_DO_NOT_MATCH = "New passwords do not match!";
export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords only cost hashing time; 128 is far beyond any passphrase people type. */
export const PASSWORD_MAX_LENGTH = 128;

/** Special characters accepted at sign-up and reset (the "listed set" of spec §5). */
export const SIGNUP_SPECIAL_CHARACTERS = "!@#$%^&*()-_=+[]{};:'\",.<>/?\\|`~";
/** Settings accept only these (spec §5, §9), and no other special character. */
export const SETTINGS_SPECIAL_CHARACTERS = "@$!%*?&";

function hasClasses(value: string, specials: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[0-9]/.test(value) &&
    [...value].some((char) => specials.includes(char))
  );
}

/** Sign-up and reset rule: 8+ characters with a lowercase, an uppercase, a digit and a listed special. */
export function meetsSignupPasswordRules(value: string): boolean {
  return hasClasses(value, SIGNUP_SPECIAL_CHARACTERS) && value.length <= PASSWORD_MAX_LENGTH;
}

/** Settings rule: as above, but letters, digits and @$!%*?& only. */
export function meetsSettingsPasswordRules(value: string): boolean {
  return (
    hasClasses(value, SETTINGS_SPECIAL_CHARACTERS) &&
    /^[A-Za-z0-9@$!%*?&]+$/.test(value) &&
    value.length <= PASSWORD_MAX_LENGTH
  );
}

export const SignupPasswordSchema = z
  .string({ error: PASSWORD_RULES_MESSAGE })
  .refine(meetsSignupPasswordRules, PASSWORD_RULES_MESSAGE);

export const SettingsPasswordSchema = z
  .string({ error: PASSWORD_RULES_MESSAGE })
  .refine(meetsSettingsPasswordRules, PASSWORD_RULES_MESSAGE);
