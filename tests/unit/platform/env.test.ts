import { readFileSync } from "node:fs";
import { parseEnv as parseDotEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { APP_VAR_NAMES, ConfigurationError, envOf, parseEnv } from "~/server/platform/env.server";
import { database } from "~db/index";

/** The published local-only key (env.server.ts); production must refuse it. */
const LOCAL_TOKEN_KEY = "cGFydHdpc2UtbG9jYWwtb25seS10b2tlbi1rZXktMzI=";
const PROD_KEY = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)));

const PRODUCTION = {
  APP_ENV: "production",
  PASSWORD_PEPPER: "p".repeat(48),
  APP_URL: "https://app.partwise.com",
  RESEND_API_KEY: "re_live_0123456789",
  EMAIL_FROM: "Partwise <no-reply@partwise.com>",
  SUPPORT_EMAIL: "help@partwise.com",
  INTUIT_CLIENT_ID: "ABcd1234clientid",
  INTUIT_CLIENT_SECRET: "s3cret-intuit-client-secret",
  TOKEN_ENCRYPTION_KEY: PROD_KEY,
  STRIPE_SECRET_KEY: "sk_live_0123456789abcdef",
  STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdefABCDEF",
  STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect0123456789abcdef",
};

/** The published local webhook secret (env.server.ts); production must refuse it. */
const LOCAL_WEBHOOK_SECRET = "whsec_local_partwise_test_checkout_not_a_secret";

describe("parseEnv", () => {
  it("fills safe defaults locally", () => {
    const env = parseEnv({ APP_ENV: "local" });
    expect(env.APP_ENV).toBe("local");
    expect(env.PASSWORD_PEPPER.length).toBeGreaterThanOrEqual(32);
  });

  it("limits sign-ups to 20 per network per hour unless SIGNUP_LIMIT_PER_HOUR says otherwise", () => {
    expect(parseEnv({ APP_ENV: "local" }).SIGNUP_LIMIT_PER_HOUR).toBe(20);
    expect(parseEnv({ APP_ENV: "local", SIGNUP_LIMIT_PER_HOUR: "" }).SIGNUP_LIMIT_PER_HOUR).toBe(20);
    expect(parseEnv({ APP_ENV: "local", SIGNUP_LIMIT_PER_HOUR: "1000" }).SIGNUP_LIMIT_PER_HOUR).toBe(1000);
    expect(() => parseEnv({ APP_ENV: "local", SIGNUP_LIMIT_PER_HOUR: "0" })).toThrow(ConfigurationError);
    expect(() => parseEnv({ APP_ENV: "local", SIGNUP_LIMIT_PER_HOUR: "many" })).toThrow(ConfigurationError);
  });

  it("refuses to run in production without its secrets", () => {
    expect(() => parseEnv({ APP_ENV: "production" })).toThrow(
      new ConfigurationError(
        "Missing required secrets: PASSWORD_PEPPER, TOKEN_ENCRYPTION_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET, RESEND_API_KEY, INTUIT_CLIENT_ID, INTUIT_CLIENT_SECRET, STRIPE_SECRET_KEY",
      ),
    );
    // Production never falls back to the local outbox for email, nor to the demo company.
    expect(() =>
      parseEnv({ APP_ENV: "production", PASSWORD_PEPPER: "p".repeat(48), TOKEN_ENCRYPTION_KEY: PROD_KEY }),
    ).toThrow(
      new ConfigurationError(
        "Missing required secrets: STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET, RESEND_API_KEY, INTUIT_CLIENT_ID, INTUIT_CLIENT_SECRET, STRIPE_SECRET_KEY",
      ),
    );
    expect(() => parseEnv({ ...PRODUCTION, TOKEN_ENCRYPTION_KEY: undefined })).toThrow(
      new ConfigurationError("Missing required secrets: TOKEN_ENCRYPTION_KEY"),
    );
    expect(() => parseEnv({ ...PRODUCTION, INTUIT_CLIENT_SECRET: "" })).toThrow(
      new ConfigurationError("Missing required secrets: INTUIT_CLIENT_SECRET"),
    );
    // Production never falls back to the built-in test checkout, nor to the local webhook secret.
    expect(() => parseEnv({ ...PRODUCTION, STRIPE_SECRET_KEY: "" })).toThrow(
      new ConfigurationError("Missing required secrets: STRIPE_SECRET_KEY"),
    );
    expect(() => parseEnv({ ...PRODUCTION, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(
      new ConfigurationError("Missing required secrets: STRIPE_WEBHOOK_SECRET"),
    );
    expect(() => parseEnv({})).toThrow(ConfigurationError);
  });

  it("refuses the published local token key in production", () => {
    expect(() => parseEnv({ ...PRODUCTION, TOKEN_ENCRYPTION_KEY: LOCAL_TOKEN_KEY })).toThrow(
      new ConfigurationError("TOKEN_ENCRYPTION_KEY is the published local key; set a random one."),
    );
  });

  it("refuses a missing or published local Connect webhook secret in production", () => {
    expect(() => parseEnv({ ...PRODUCTION, STRIPE_CONNECT_WEBHOOK_SECRET: undefined })).toThrow(
      new ConfigurationError("Missing required secrets: STRIPE_CONNECT_WEBHOOK_SECRET"),
    );
    expect(() =>
      parseEnv({ ...PRODUCTION, STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_local_partwise_test_onboarding_not_a_secret" }),
    ).toThrow(
      new ConfigurationError(
        "STRIPE_CONNECT_WEBHOOK_SECRET is the published local secret; use the Connect endpoint's signing secret.",
      ),
    );
    expect(parseEnv({ APP_ENV: "local" }).STRIPE_CONNECT_WEBHOOK_SECRET).toBe(
      "whsec_local_partwise_test_onboarding_not_a_secret",
    );
  });

  it("refuses the published local webhook secret in production", () => {
    expect(() => parseEnv({ ...PRODUCTION, STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET })).toThrow(
      new ConfigurationError("STRIPE_WEBHOOK_SECRET is the published local secret; use the endpoint's signing secret."),
    );
  });

  it("uses the built-in test checkout locally unless a Stripe key is set", () => {
    const env = parseEnv({ APP_ENV: "local", STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "", STRIPE_API_BASE: "" });
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.STRIPE_WEBHOOK_SECRET).toBe(LOCAL_WEBHOOK_SECRET);
    expect(env.STRIPE_API_BASE).toBe("https://api.stripe.com");
    const stub = parseEnv({
      APP_ENV: "local",
      STRIPE_SECRET_KEY: "sk_test_stub",
      STRIPE_WEBHOOK_SECRET: "whsec_test_stub",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    });
    expect([stub.STRIPE_SECRET_KEY, stub.STRIPE_WEBHOOK_SECRET, stub.STRIPE_API_BASE]).toEqual([
      "sk_test_stub",
      "whsec_test_stub",
      "http://127.0.0.1:12111",
    ]);
  });

  it("accepts production with every secret set", () => {
    const env = parseEnv(PRODUCTION);
    expect(env).toEqual({
      APP_ENV: "production",
      APP_URL: "https://app.partwise.com",
      PASSWORD_PEPPER: "p".repeat(48),
      RESEND_API_KEY: "re_live_0123456789",
      RESEND_API_BASE: undefined,
      EMAIL_FROM: "Partwise <no-reply@partwise.com>",
      SUPPORT_EMAIL: "help@partwise.com",
      INTUIT_CLIENT_ID: "ABcd1234clientid",
      INTUIT_CLIENT_SECRET: "s3cret-intuit-client-secret",
      INTUIT_REDIRECT_URI: "https://app.partwise.com/quickbook-status",
      INTUIT_AUTH_URL: "https://appcenter.intuit.com/connect/oauth2",
      INTUIT_TOKEN_URL: "https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer",
      INTUIT_REVOKE_URL: "https://developer.api.intuit.com/v2/oauth2/tokens/revoke",
      QUICKBOOKS_API_BASE: "https://quickbooks.api.intuit.com",
      TOKEN_ENCRYPTION_KEY: PROD_KEY,
      STRIPE_SECRET_KEY: "sk_live_0123456789abcdef",
      STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdefABCDEF",
      STRIPE_API_BASE: "https://api.stripe.com",
      STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect0123456789abcdef",
      SIGNUP_LIMIT_PER_HOUR: 20,
      PLATFORM_FEE_PERCENT: 20,
      SELLER_LEGAL_NAME: "Partwise, Inc.",
      SELLER_ADDRESS: "100 Commercial Street, Suite 400, Portland, ME 04101, United States",
    });
  });

  it("takes the seller on receipts from SELLER_LEGAL_NAME and SELLER_ADDRESS, with Partwise's as the default", () => {
    const seller = parseEnv({
      APP_ENV: "local",
      SELLER_LEGAL_NAME: "  Partwise Advisory LLC ",
      SELLER_ADDRESS: "1 Main Street, Bangor, ME 04401",
    });
    expect([seller.SELLER_LEGAL_NAME, seller.SELLER_ADDRESS]).toEqual([
      "Partwise Advisory LLC",
      "1 Main Street, Bangor, ME 04401",
    ]);
    const empty = parseEnv({ APP_ENV: "local", SELLER_LEGAL_NAME: "", SELLER_ADDRESS: "" });
    expect([empty.SELLER_LEGAL_NAME, empty.SELLER_ADDRESS]).toEqual([
      "Partwise, Inc.",
      "100 Commercial Street, Suite 400, Portland, ME 04101, United States",
    ]);
    expect(() => parseEnv({ APP_ENV: "local", SELLER_LEGAL_NAME: "x" })).toThrow(
      "Invalid configuration: SELLER_LEGAL_NAME",
    );
    expect(() => parseEnv({ APP_ENV: "local", SELLER_ADDRESS: "a".repeat(301) })).toThrow(
      "Invalid configuration: SELLER_ADDRESS",
    );
  });

  it("takes the platform fee from PLATFORM_FEE_PERCENT: a whole percent 0–100, default 20", () => {
    expect(parseEnv({ APP_ENV: "local" }).PLATFORM_FEE_PERCENT).toBe(20);
    expect(parseEnv({ APP_ENV: "local", PLATFORM_FEE_PERCENT: "0" }).PLATFORM_FEE_PERCENT).toBe(0);
    expect(parseEnv({ APP_ENV: "local", PLATFORM_FEE_PERCENT: "15" }).PLATFORM_FEE_PERCENT).toBe(15);
    expect(() => parseEnv({ APP_ENV: "local", PLATFORM_FEE_PERCENT: "101" })).toThrow(ConfigurationError);
    expect(() => parseEnv({ APP_ENV: "local", PLATFORM_FEE_PERCENT: "12.5" })).toThrow(ConfigurationError);
  });

  it("rejects malformed values without echoing them", () => {
    expect(() => parseEnv({ APP_ENV: "staging" })).toThrow("Invalid configuration: APP_ENV");
    expect(() => parseEnv({ APP_ENV: "local", PASSWORD_PEPPER: "short" })).toThrow(
      "Invalid configuration: PASSWORD_PEPPER",
    );
    expect(() => parseEnv({ APP_ENV: "local", APP_URL: "not a url" })).toThrow("Invalid configuration: APP_URL");
    expect(() => parseEnv({ APP_ENV: "local", RESEND_API_BASE: "resend" })).toThrow(
      "Invalid configuration: RESEND_API_BASE",
    );
    expect(() => parseEnv({ APP_ENV: "local", SUPPORT_EMAIL: "support" })).toThrow(
      "Invalid configuration: SUPPORT_EMAIL",
    );
    expect(() => parseEnv({ APP_ENV: "local", EMAIL_FROM: "Partwise" })).toThrow("Invalid configuration: EMAIL_FROM");
    expect(() => parseEnv({ APP_ENV: "local", RESEND_API_KEY: "re_x" })).toThrow(
      "Invalid configuration: RESEND_API_KEY",
    );
    expect(() => parseEnv({ APP_ENV: "local", INTUIT_TOKEN_URL: "intuit" })).toThrow(
      "Invalid configuration: INTUIT_TOKEN_URL",
    );
    expect(() => parseEnv({ APP_ENV: "local", QUICKBOOKS_API_BASE: "qb" })).toThrow(
      "Invalid configuration: QUICKBOOKS_API_BASE",
    );
    expect(() => parseEnv({ APP_ENV: "local", STRIPE_SECRET_KEY: "pk_test_publishable" })).toThrow(
      "Invalid configuration: STRIPE_SECRET_KEY",
    );
    expect(() => parseEnv({ APP_ENV: "local", STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
      "Invalid configuration: STRIPE_WEBHOOK_SECRET",
    );
    expect(() => parseEnv({ APP_ENV: "local", STRIPE_API_BASE: "stripe" })).toThrow(
      "Invalid configuration: STRIPE_API_BASE",
    );
    // The token key must be base64 of exactly 32 bytes: 16 bytes, hex, or 33 bytes are refused.
    for (const bad of [btoa("x".repeat(16)), "ab".repeat(32), btoa("x".repeat(33)), "not base64 at all"]) {
      expect(() => parseEnv({ APP_ENV: "local", TOKEN_ENCRYPTION_KEY: bad })).toThrow(
        "Invalid configuration: TOKEN_ENCRYPTION_KEY",
      );
    }
    // The message names the field, never the value.
    expect(() => parseEnv({ APP_ENV: "local", TOKEN_ENCRYPTION_KEY: "leaky-secret-value" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("leaky-secret-value") }),
    );
  });

  it("runs the demo company when no Intuit keys are set, with Intuit's production addresses", () => {
    const env = parseEnv({ APP_ENV: "local", INTUIT_CLIENT_ID: "", INTUIT_CLIENT_SECRET: "" });
    expect(env.INTUIT_CLIENT_ID).toBeUndefined();
    expect(env.INTUIT_CLIENT_SECRET).toBeUndefined();
    expect(env.INTUIT_REDIRECT_URI).toBeUndefined();
    expect(env.INTUIT_AUTH_URL).toBe("https://appcenter.intuit.com/connect/oauth2");
    expect(env.INTUIT_TOKEN_URL).toBe("https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer");
    expect(env.INTUIT_REVOKE_URL).toBe("https://developer.api.intuit.com/v2/oauth2/tokens/revoke");
    expect(env.QUICKBOOKS_API_BASE).toBe("https://quickbooks.api.intuit.com");
    expect(env.TOKEN_ENCRYPTION_KEY).toBe(LOCAL_TOKEN_KEY);
    expect(atob(env.TOKEN_ENCRYPTION_KEY)).toHaveLength(32);
  });

  it("derives the Intuit redirect URI from APP_URL unless set", () => {
    expect(parseEnv({ APP_ENV: "local", APP_URL: "http://localhost:8787" }).INTUIT_REDIRECT_URI).toBe(
      "http://localhost:8787/quickbook-status",
    );
    expect(
      parseEnv({
        APP_ENV: "local",
        APP_URL: "http://localhost:8787",
        INTUIT_REDIRECT_URI: "https://tunnel.example/quickbook-status",
      }).INTUIT_REDIRECT_URI,
    ).toBe("https://tunnel.example/quickbook-status");
  });

  it("refuses half a set of Intuit keys", () => {
    expect(() => parseEnv({ APP_ENV: "local", INTUIT_CLIENT_ID: "ABcd1234clientid" })).toThrow(
      new ConfigurationError("INTUIT_CLIENT_ID and INTUIT_CLIENT_SECRET must be set together."),
    );
    expect(() => parseEnv({ APP_ENV: "local", INTUIT_CLIENT_SECRET: "s3cret-intuit-client-secret" })).toThrow(
      new ConfigurationError("INTUIT_CLIENT_ID and INTUIT_CLIENT_SECRET must be set together."),
    );
  });

  it("uses the local outbox for email unless a Resend key is set, with default addresses", () => {
    const env = parseEnv({ APP_ENV: "local", RESEND_API_KEY: "" });
    expect(env.RESEND_API_KEY).toBeUndefined();
    expect(env.EMAIL_FROM).toBe("Partwise <no-reply@partwise.test>");
    expect(env.SUPPORT_EMAIL).toBe("support@partwise.test");
    expect(parseEnv({ APP_ENV: "local", RESEND_API_KEY: "re_test_0123456789" }).RESEND_API_KEY).toBe(
      "re_test_0123456789",
    );
  });

  it("treats an empty APP_URL as unset", () => {
    expect(parseEnv({ APP_ENV: "local", APP_URL: "" }).APP_URL).toBeUndefined();
  });

  it("keeps APP_URL as an origin, one form for every link, and refuses one with a path", () => {
    expect(parseEnv({ APP_ENV: "local", APP_URL: "https://app.partwise.com/" }).APP_URL).toBe(
      "https://app.partwise.com",
    );
    expect(parseEnv({ APP_ENV: "local", APP_URL: "http://localhost:8787" }).APP_URL).toBe("http://localhost:8787");
    for (const withPath of ["https://app.partwise.com/app", "https://app.partwise.com/?a=1", "https://x.test/#top"]) {
      expect(() => parseEnv({ APP_ENV: "local", APP_URL: withPath })).toThrow("Invalid configuration: APP_URL");
    }
  });
});

describe("envOf and database: once per bindings object (ADR 042)", () => {
  it("parses an env object once and shares the frozen result; another object is parsed afresh", () => {
    const bindings = { APP_ENV: "local" };
    const first = envOf(bindings);
    expect(envOf(bindings)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toEqual(parseEnv(bindings));
    const other = envOf({ APP_ENV: "local", APP_URL: "https://partwise.example" });
    expect(other).not.toBe(first);
    expect(other.APP_URL).toBe("https://partwise.example");
  });

  it("does not remember a configuration error: each request refuses until it is fixed", () => {
    const broken = { ...PRODUCTION, STRIPE_SECRET_KEY: undefined };
    expect(() => envOf(broken)).toThrow(ConfigurationError);
    expect(() => envOf(broken)).toThrow("Missing required secrets: STRIPE_SECRET_KEY");
  });

  it("makes one Drizzle handle per D1 binding object", () => {
    const d1 = {} as D1Database;
    expect(database(d1)).toBe(database(d1));
    expect(database({} as D1Database)).not.toBe(database(d1));
  });
});

describe(".dev.vars.example", () => {
  // The integration tests bind these over a developer's own .dev.vars (vitest.config.ts): a
  // variable missing here could leak a local setting into the tests.
  it("lists every variable the app reads, each one empty or a harmless local value", () => {
    const example = parseDotEnv(readFileSync(new URL("../../../.dev.vars.example", import.meta.url), "utf8"));
    expect(APP_VAR_NAMES.filter((name) => !(name in example))).toEqual([]);
    expect(APP_VAR_NAMES.length).toBeGreaterThan(20);
    for (const secret of [
      "PASSWORD_PEPPER",
      "STRIPE_SECRET_KEY",
      "RESEND_API_KEY",
      "TOKEN_ENCRYPTION_KEY",
      "APP_URL",
    ]) {
      expect(example[secret], secret).toBe("");
    }
  });
});
