import * as z from "zod";
import { meetsPasswordRules, PASSWORD_RULES_MESSAGE } from "./password-policy";

export {
  meetsPasswordRules,
  NEW_PASSWORDS_DO_NOT_MATCH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES_HINT,
  PASSWORD_RULES_MESSAGE,
  PASSWORD_SPECIAL_CHARACTERS,
  PASSWORDS_DO_NOT_MATCH,
} from "./password-policy";

/** Every new password (sign-up, Settings, reset) is checked by this schema. */
export const PasswordSchema = z
  .string({ error: PASSWORD_RULES_MESSAGE })
  .refine(meetsPasswordRules, PASSWORD_RULES_MESSAGE);
