import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv } from "~/server/env.server";

describe("parseEnv", () => {
  it("fills safe defaults locally", () => {
    const env = parseEnv({ APP_ENV: "local" });
    expect(env.APP_ENV).toBe("local");
    expect(env.PASSWORD_PEPPER.length).toBeGreaterThanOrEqual(32);
  });

  it("refuses to run in production without its secrets", () => {
    expect(() => parseEnv({ APP_ENV: "production" })).toThrow(new ConfigurationError("Missing required secrets: PASSWORD_PEPPER"));
    expect(() => parseEnv({})).toThrow(ConfigurationError);
  });

  it("accepts production with every secret set", () => {
    const env = parseEnv({ APP_ENV: "production", PASSWORD_PEPPER: "p".repeat(48), APP_URL: "https://app.partwise.com" });
    expect(env).toEqual({ APP_ENV: "production", APP_URL: "https://app.partwise.com", PASSWORD_PEPPER: "p".repeat(48) });
  });

  it("rejects malformed values without echoing them", () => {
    expect(() => parseEnv({ APP_ENV: "staging" })).toThrow("Invalid configuration: APP_ENV");
    expect(() => parseEnv({ APP_ENV: "local", PASSWORD_PEPPER: "short" })).toThrow("Invalid configuration: PASSWORD_PEPPER");
    expect(() => parseEnv({ APP_ENV: "local", APP_URL: "not a url" })).toThrow("Invalid configuration: APP_URL");
  });

  it("treats an empty APP_URL as unset", () => {
    expect(parseEnv({ APP_ENV: "local", APP_URL: "" }).APP_URL).toBeUndefined();
  });
});
