import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv } from "~/server/env.server";

describe("parseEnv", () => {
  it("fills safe defaults locally", () => {
    const env = parseEnv({ APP_ENV: "local" });
    expect(env.APP_ENV).toBe("local");
    expect(env.PASSWORD_PEPPER.length).toBeGreaterThanOrEqual(32);
  });

  it("refuses to run in production without its secrets", () => {
    expect(() => parseEnv({ APP_ENV: "production" })).toThrow(
      new ConfigurationError("Missing required secrets: PASSWORD_PEPPER, RESEND_API_KEY"),
    );
    // Production never falls back to the local outbox for email.
    expect(() => parseEnv({ APP_ENV: "production", PASSWORD_PEPPER: "p".repeat(48) })).toThrow(
      new ConfigurationError("Missing required secrets: RESEND_API_KEY"),
    );
    expect(() => parseEnv({})).toThrow(ConfigurationError);
  });

  it("accepts production with every secret set", () => {
    const env = parseEnv({
      APP_ENV: "production",
      PASSWORD_PEPPER: "p".repeat(48),
      APP_URL: "https://app.partwise.com",
      RESEND_API_KEY: "re_live_0123456789",
      EMAIL_FROM: "Partwise <no-reply@partwise.com>",
      SUPPORT_EMAIL: "help@partwise.com",
    });
    expect(env).toEqual({
      APP_ENV: "production",
      APP_URL: "https://app.partwise.com",
      PASSWORD_PEPPER: "p".repeat(48),
      RESEND_API_KEY: "re_live_0123456789",
      RESEND_API_BASE: undefined,
      EMAIL_FROM: "Partwise <no-reply@partwise.com>",
      SUPPORT_EMAIL: "help@partwise.com",
    });
  });

  it("rejects malformed values without echoing them", () => {
    expect(() => parseEnv({ APP_ENV: "staging" })).toThrow("Invalid configuration: APP_ENV");
    expect(() => parseEnv({ APP_ENV: "local", PASSWORD_PEPPER: "short" })).toThrow("Invalid configuration: PASSWORD_PEPPER");
    expect(() => parseEnv({ APP_ENV: "local", APP_URL: "not a url" })).toThrow("Invalid configuration: APP_URL");
    expect(() => parseEnv({ APP_ENV: "local", RESEND_API_BASE: "resend" })).toThrow("Invalid configuration: RESEND_API_BASE");
    expect(() => parseEnv({ APP_ENV: "local", SUPPORT_EMAIL: "support" })).toThrow("Invalid configuration: SUPPORT_EMAIL");
    expect(() => parseEnv({ APP_ENV: "local", EMAIL_FROM: "Partwise" })).toThrow("Invalid configuration: EMAIL_FROM");
    expect(() => parseEnv({ APP_ENV: "local", RESEND_API_KEY: "re_x" })).toThrow("Invalid configuration: RESEND_API_KEY");
  });

  it("uses the local outbox for email unless a Resend key is set, with default addresses", () => {
    const env = parseEnv({ APP_ENV: "local", RESEND_API_KEY: "" });
    expect(env.RESEND_API_KEY).toBeUndefined();
    expect(env.EMAIL_FROM).toBe("Partwise <no-reply@partwise.test>");
    expect(env.SUPPORT_EMAIL).toBe("support@partwise.test");
    expect(parseEnv({ APP_ENV: "local", RESEND_API_KEY: "re_test_0123456789" }).RESEND_API_KEY).toBe("re_test_0123456789");
  });

  it("treats an empty APP_URL as unset", () => {
    expect(parseEnv({ APP_ENV: "local", APP_URL: "" }).APP_URL).toBeUndefined();
  });
});
