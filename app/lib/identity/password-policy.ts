// The password rule without Zod, so the browser can check it without loading Zod
// (docs/decisions/041-javascript-weight.md); password-rules.ts re-exports it with the Zod schema.

/** Spec §5/§8: the one message for every password-rule failure. */
export const PASSWORD_RULES_MESSAGE = "Required: 8 characters, 1 uppercase, 1 number, 1 special character.";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const NEW_PASSWORDS_DO_NOT_MATCH = "New passwords do not match!";
export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords only cost hashing time; 128 is far beyond any passphrase people type. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The one password rule of sign-up, Settings → Password and the password-reset form: 8 to 128
 * characters with a lowercase letter, an uppercase letter, a digit and a special character from
 * this listed set (spec §5), which is every symbol on a US keyboard. Other characters (spaces,
 * accented letters) are allowed as well: no password accepted at sign-up is refused later in
 * Settings. Settings once took only @$!%*?&, which turned away passwords such as the demo
 * accounts' own `Partwise-demo-1`.
 */
export const PASSWORD_SPECIAL_CHARACTERS = "!@#$%^&*()-_=+[]{};:'\",.<>/?\\|`~";

/** The hint shown under every new-password field, in the same terms as PASSWORD_RULES_MESSAGE. */
export const PASSWORD_RULES_HINT =
  "Required: 8 characters, 1 uppercase, 1 lowercase, 1 number, 1 special character (a keyboard symbol such as ! @ # $ % & * - _ ?).";

/** 8 to 128 characters with a lowercase letter, an uppercase letter, a digit and a listed special. */
export function meetsPasswordRules(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[0-9]/.test(value) &&
    [...value].some((char) => PASSWORD_SPECIAL_CHARACTERS.includes(char))
  );
}
