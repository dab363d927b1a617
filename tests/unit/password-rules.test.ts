import { describe, expect, it } from "vitest";
import { meetsSettingsPasswordRules, meetsSignupPasswordRules } from "~/lib/password-rules";

describe("sign-up password rules", () => {
  it("needs 8 characters with lowercase, uppercase, digit and a listed special", () => {
    expect(meetsSignupPasswordRules("Partwise-demo-1")).toBe(true);
    expect(meetsSignupPasswordRules("Abcdef1!")).toBe(true);
    expect(meetsSignupPasswordRules("Abcde1!")).toBe(false); // 7 characters
    expect(meetsSignupPasswordRules("abcdef1!")).toBe(false); // no uppercase
    expect(meetsSignupPasswordRules("ABCDEF1!")).toBe(false); // no lowercase
    expect(meetsSignupPasswordRules("Abcdefg!")).toBe(false); // no digit
    expect(meetsSignupPasswordRules("Abcdefg1")).toBe(false); // no special
    expect(meetsSignupPasswordRules(`Aa1!${"x".repeat(125)}`)).toBe(false); // over 128
  });
});

describe("settings password rules", () => {
  it("accept only @$!%*?& as special characters", () => {
    expect(meetsSettingsPasswordRules("Abcdef1!")).toBe(true);
    expect(meetsSettingsPasswordRules("Abcdef1@")).toBe(true);
    expect(meetsSettingsPasswordRules("Partwise-demo-1")).toBe(false); // '-' is not allowed there
    expect(meetsSettingsPasswordRules("Abcdef1!#")).toBe(false); // '#' is not allowed
    expect(meetsSettingsPasswordRules("Abcdef1 !")).toBe(false); // nor a space
    expect(meetsSettingsPasswordRules("Abcdefg1")).toBe(false);
  });
});
