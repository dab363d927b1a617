import { describe, expect, it } from "vitest";
import { PasswordRecoverySchema } from "~/lib/identity/password-reset-schema";
import {
  meetsPasswordRules,
  PASSWORD_RULES_HINT,
  PASSWORD_RULES_MESSAGE,
  PASSWORD_SPECIAL_CHARACTERS,
} from "~/lib/identity/password-rules";
import { PasswordChangeSchema } from "~/lib/business/settings-schemas";
import { PersonalDetailsSchema } from "~/lib/identity/signup-schemas";

describe("the password rule", () => {
  it("needs 8 to 128 characters with lowercase, uppercase, digit and a listed special", () => {
    expect(meetsPasswordRules("Partwise-demo-1")).toBe(true);
    expect(meetsPasswordRules("Abcdef1!")).toBe(true);
    expect(meetsPasswordRules("Abcde1!")).toBe(false); // 7 characters
    expect(meetsPasswordRules("abcdef1!")).toBe(false); // no uppercase
    expect(meetsPasswordRules("ABCDEF1!")).toBe(false); // no lowercase
    expect(meetsPasswordRules("Abcdefg!")).toBe(false); // no digit
    expect(meetsPasswordRules("Abcdefg1")).toBe(false); // no special
    expect(meetsPasswordRules("Abcdef1 é")).toBe(false); // a space or accent is not a special
    expect(meetsPasswordRules("Abcdef1 é#")).toBe(true); // but is allowed beside one
    expect(meetsPasswordRules(`Aa1!${"x".repeat(124)}`)).toBe(true); // 128
    expect(meetsPasswordRules(`Aa1!${"x".repeat(125)}`)).toBe(false); // over 128
  });

  it("counts every symbol of a US keyboard as special", () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toHaveLength(32);
    for (const special of PASSWORD_SPECIAL_CHARACTERS) expect(meetsPasswordRules(`Abcdef1${special}`)).toBe(true);
  });

  it("is the same rule, with the same message, at sign-up, in Settings and on the reset form", () => {
    const person = { firstName: "A", lastName: "B", phone: "(207) 555-0177", email: "a@example.test" };
    const reset = { email: "a@example.test", recoveryPassword: "ABCD-EFGH-JKLM" };
    const verdicts = (password: string) => [
      PersonalDetailsSchema.safeParse({ ...person, password, confirmPassword: password }).error?.issues[0]?.message,
      PasswordChangeSchema.safeParse({ password: "old", newPassword: password, confirmNewPassword: password }).error
        ?.issues[0]?.message,
      PasswordRecoverySchema.safeParse({ ...reset, password, confirmPassword: password }).error?.issues[0]?.message,
    ];
    // Once refused by Settings alone (only @$!%*?& were allowed there).
    expect(verdicts("Partwise-demo-1")).toEqual([undefined, undefined, undefined]);
    expect(verdicts("Harbor#light7")).toEqual([undefined, undefined, undefined]);
    expect(verdicts("Harborlight7")).toEqual([PASSWORD_RULES_MESSAGE, PASSWORD_RULES_MESSAGE, PASSWORD_RULES_MESSAGE]);
  });

  it("states the hint in the error's terms", () => {
    expect(PASSWORD_RULES_MESSAGE).toBe("Required: 8 characters, 1 uppercase, 1 number, 1 special character.");
    expect(PASSWORD_RULES_HINT).toBe(
      "Required: 8 characters, 1 uppercase, 1 lowercase, 1 number, 1 special character (a keyboard symbol such as ! @ # $ % & * - _ ?).",
    );
    for (const example of "!@#$%&*-_?") expect(PASSWORD_SPECIAL_CHARACTERS).toContain(example);
  });
});
