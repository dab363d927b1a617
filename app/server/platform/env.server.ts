import * as z from "zod";

/**
 * Bindings the platform gives the Worker and the [vars] of wrangler.toml, typed by `wrangler types`
 * (`npm run types` writes worker-configuration.d.ts; tests/unit/platform/worker-types.test.ts fails
 * when it is stale), plus the secrets and variables that live outside wrangler.toml (`.dev.vars`
 * locally, `wrangler secret put` in production), read by name and checked by parseEnv.
 */
export type CloudflareBindings = Cloudflare.Env & { [key: string]: unknown };

/** Safe defaults for a keyless local run. None of them is ever accepted in production. */
const LOCAL_DEFAULTS = {
  PASSWORD_PEPPER: "local-development-pepper-not-a-secret",
  /**
   * base64 of the 32 ASCII bytes "partwise-local-only-token-key-32": encrypts accounting tokens at
   * rest in local runs and tests only. Published here, so production refuses it (see parseEnv).
   */
  TOKEN_ENCRYPTION_KEY: "cGFydHdpc2UtbG9jYWwtb25seS10b2tlbi1rZXktMzI=",
  /**
   * Signs the built-in test checkout's webhook events (local runs without STRIPE_SECRET_KEY).
   * Published here, so production refuses it (see parseEnv).
   */
  STRIPE_WEBHOOK_SECRET: "whsec_local_partwise_test_checkout_not_a_secret",
  /**
   * Signs the built-in test onboarding's account.updated events (local runs without
   * STRIPE_SECRET_KEY). Published here, so production refuses it (see parseEnv).
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_local_partwise_test_onboarding_not_a_secret",
} as const;

/** The platform's fee on approved deliverables when PLATFORM_FEE_PERCENT is unset. */
export const DEFAULT_PLATFORM_FEE_PERCENT = 20;

/** Stripe's API origin. */
export const STRIPE_DEFAULT_API_BASE = "https://api.stripe.com";

/** Intuit's production addresses (developer.intuit.com, OAuth 2.0 and Accounting API). */
export const INTUIT_DEFAULTS = {
  INTUIT_AUTH_URL: "https://appcenter.intuit.com/connect/oauth2",
  INTUIT_TOKEN_URL: "https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer",
  INTUIT_REVOKE_URL: "https://developer.api.intuit.com/v2/oauth2/tokens/revoke",
  QUICKBOOKS_API_BASE: "https://quickbooks.api.intuit.com",
} as const;

/** Where Intuit sends the user back, relative to the app's origin (spec §2 quickbook-status). */
export const INTUIT_REDIRECT_PATH = "/quickbook-status";

/** True when the value is standard base64 of exactly 32 bytes (an AES-256 key). */
function isBase64Key32(value: string): boolean {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(value)) return false;
  try {
    return atob(value).length === 32;
  } catch {
    return false;
  }
}

/** An empty value in .dev.vars or the dashboard means "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const VarsSchema = z.object({
  APP_ENV: z.enum(["local", "production"]).default("production"),
  /**
   * Public origin of the app, e.g. https://app.partwise.com. Used for links in emails and the Origin
   * check. An origin only: the app is served from the root, so a path would be lost or wrong.
   */
  APP_URL: optional(
    z.url().refine((value) => {
      // Not a URL at all: z.url() says so.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.pathname === "/" && !url.search && !url.hash;
    }, "must be an origin, e.g. https://app.partwise.com, without a path"),
  ),
  /** Secret mixed into every password hash (HMAC key). At least 32 characters. */
  PASSWORD_PEPPER: optional(z.string().min(32)),
  /** Resend API key. Set: emails go through Resend. Unset (local only): the D1 outbox is the delivery. */
  RESEND_API_KEY: optional(z.string().min(8)),
  /** Resend's base URL; tests and local runs may point it at a stub server. */
  RESEND_API_BASE: optional(z.url()),
  /** Sender of every email, e.g. "Partwise <no-reply@partwise.com>" (a domain verified at Resend). */
  EMAIL_FROM: optional(z.string().min(3).max(254).regex(/@/)),
  /** Where support messages are emailed. */
  SUPPORT_EMAIL: optional(z.email()),
  /** Intuit app's client id (developer.intuit.com → Keys & credentials). Unset with the secret: demo mode. */
  INTUIT_CLIENT_ID: optional(z.string().min(8).max(200)),
  /** Intuit app's client secret. */
  INTUIT_CLIENT_SECRET: optional(z.string().min(8).max(200)),
  /** The redirect URI registered at Intuit. Default: `${APP_URL or the request's origin}/quickbook-status`. */
  INTUIT_REDIRECT_URI: optional(z.url()),
  /** Intuit's endpoints; tests and local runs may point them at a stub server. */
  INTUIT_AUTH_URL: optional(z.url()),
  INTUIT_TOKEN_URL: optional(z.url()),
  INTUIT_REVOKE_URL: optional(z.url()),
  QUICKBOOKS_API_BASE: optional(z.url()),
  /** AES-256-GCM key for accounting tokens at rest: 32 random bytes, base64 (`openssl rand -base64 32`). */
  TOKEN_ENCRYPTION_KEY: optional(z.string().refine(isBase64Key32)),
  /** Stripe secret key (sk_live_…/sk_test_…, or a restricted rk_ key). Unset (local only): the built-in test checkout. */
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(live|test)_\S+$/)),
  /** Signing secret of the Stripe webhook endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\S+$/)),
  /** Signing secret of the Stripe Connect webhook endpoint (whsec_…): events from connected accounts. */
  STRIPE_CONNECT_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\S+$/)),
  /** Stripe's API base URL; tests point it at a loopback stub. Default https://api.stripe.com */
  STRIPE_API_BASE: optional(z.url()),
  /** Sign-ups allowed per client network per hour. */
  SIGNUP_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1).max(100_000)),
  /** The platform's fee on every approved deliverable, a whole percent 0–100 (default 20). */
  PLATFORM_FEE_PERCENT: optional(z.coerce.number().int().min(0).max(100)),
  /** The seller's legal name on every receipt (the company that takes the payments). */
  SELLER_LEGAL_NAME: optional(z.string().trim().min(2).max(120)),
  /** The seller's postal address on every receipt, one line (commas between its parts). */
  SELLER_ADDRESS: optional(z.string().trim().min(5).max(300)),
});

/** Every variable the app reads (.dev.vars.example lists each one; tests/unit/platform/env.test.ts). */
export const APP_VAR_NAMES = Object.keys(VarsSchema.shape);

export type AppEnv = {
  APP_ENV: "local" | "production";
  /** APP_URL's origin (no trailing slash); undefined when it is not configured. */
  APP_URL?: string;
  PASSWORD_PEPPER: string;
  RESEND_API_KEY?: string;
  RESEND_API_BASE?: string;
  EMAIL_FROM: string;
  SUPPORT_EMAIL: string;
  /** Both set: real QuickBooks OAuth. Both unset: the built-in demo company (never in production). */
  INTUIT_CLIENT_ID?: string;
  INTUIT_CLIENT_SECRET?: string;
  /** Filled from APP_URL when unset; undefined when neither is set (the request's origin is used). */
  INTUIT_REDIRECT_URI?: string;
  INTUIT_AUTH_URL: string;
  INTUIT_TOKEN_URL: string;
  INTUIT_REVOKE_URL: string;
  QUICKBOOKS_API_BASE: string;
  TOKEN_ENCRYPTION_KEY: string;
  /** Set: payments go through Stripe. Unset: the built-in test checkout (never in production). */
  STRIPE_SECRET_KEY?: string;
  /** Verifies Stripe's webhook signatures; locally it also signs the test checkout's events. */
  STRIPE_WEBHOOK_SECRET: string;
  /** Verifies the Connect endpoint's signatures; locally it also signs the test onboarding's events. */
  STRIPE_CONNECT_WEBHOOK_SECRET: string;
  STRIPE_API_BASE: string;
  /** Sign-ups allowed per client network (CF-Connecting-IP) per hour; default 20. */
  SIGNUP_LIMIT_PER_HOUR: number;
  /** The platform's fee in whole percent of each approved deliverable's price (default 20). */
  PLATFORM_FEE_PERCENT: number;
  /** The seller named on receipts: its legal name and postal address (defaults below). */
  SELLER_LEGAL_NAME: string;
  SELLER_ADDRESS: string;
};

/** Secrets that have no local default but production cannot run without. */
const PRODUCTION_ONLY_SECRETS = [
  "RESEND_API_KEY",
  "INTUIT_CLIENT_ID",
  "INTUIT_CLIENT_SECRET",
  "STRIPE_SECRET_KEY",
] as const;

export const DEFAULT_EMAIL_FROM = "Partwise <no-reply@partwise.test>";
export const DEFAULT_SUPPORT_EMAIL = "support@partwise.test";
/** Sign-ups per client network per hour unless SIGNUP_LIMIT_PER_HOUR says otherwise. */
export const DEFAULT_SIGNUP_LIMIT_PER_HOUR = 20;
/** The seller on receipts unless SELLER_LEGAL_NAME / SELLER_ADDRESS say otherwise (wrangler.toml sets both). */
export const DEFAULT_SELLER_LEGAL_NAME = "Partwise, Inc.";
export const DEFAULT_SELLER_ADDRESS = "100 Commercial Street, Suite 400, Portland, ME 04101, United States";

export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}

/**
 * The parsed environment of each bindings object. The platform hands an isolate the same `env`
 * object for every request, so it is parsed once per isolate, not per request (ADR 042); a
 * different object (a test's, a changed deploy's) is parsed afresh. A configuration error is not
 * remembered: every request answers 503 until the configuration is fixed.
 */
const parsedEnvs = new WeakMap<object, AppEnv>();

/** parseEnv, once per bindings object; the result is frozen (shared by the isolate's requests). */
export function envOf(raw: Record<string, unknown>): AppEnv {
  let parsed = parsedEnvs.get(raw);
  if (!parsed) {
    parsed = Object.freeze(parseEnv(raw));
    parsedEnvs.set(raw, parsed);
  }
  return parsed;
}

/**
 * Parses the Worker's environment. In production every secret is required and a missing or
 * malformed one stops the request with a ConfigurationError (the Worker answers 503 without
 * details); locally the safe defaults above fill the gaps.
 */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const parsed = VarsSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new ConfigurationError(`Invalid configuration: ${fields}`);
  }
  const vars = parsed.data;
  if (vars.APP_ENV === "production") {
    const missing = [
      ...(Object.keys(LOCAL_DEFAULTS) as (keyof typeof LOCAL_DEFAULTS)[]),
      ...PRODUCTION_ONLY_SECRETS,
    ].filter((key) => !vars[key]);
    if (missing.length > 0) {
      throw new ConfigurationError(`Missing required secrets: ${missing.join(", ")}`);
    }
    if (vars.TOKEN_ENCRYPTION_KEY === LOCAL_DEFAULTS.TOKEN_ENCRYPTION_KEY) {
      throw new ConfigurationError("TOKEN_ENCRYPTION_KEY is the published local key; set a random one.");
    }
    if (vars.STRIPE_WEBHOOK_SECRET === LOCAL_DEFAULTS.STRIPE_WEBHOOK_SECRET) {
      throw new ConfigurationError(
        "STRIPE_WEBHOOK_SECRET is the published local secret; use the endpoint's signing secret.",
      );
    }
    if (vars.STRIPE_CONNECT_WEBHOOK_SECRET === LOCAL_DEFAULTS.STRIPE_CONNECT_WEBHOOK_SECRET) {
      throw new ConfigurationError(
        "STRIPE_CONNECT_WEBHOOK_SECRET is the published local secret; use the Connect endpoint's signing secret.",
      );
    }
  }
  // Half a set of Intuit keys is a mistake, not demo mode.
  if (Boolean(vars.INTUIT_CLIENT_ID) !== Boolean(vars.INTUIT_CLIENT_SECRET)) {
    throw new ConfigurationError("INTUIT_CLIENT_ID and INTUIT_CLIENT_SECRET must be set together.");
  }
  return {
    APP_ENV: vars.APP_ENV,
    APP_URL: vars.APP_URL ? new URL(vars.APP_URL).origin : undefined,
    PASSWORD_PEPPER: vars.PASSWORD_PEPPER ?? LOCAL_DEFAULTS.PASSWORD_PEPPER,
    RESEND_API_KEY: vars.RESEND_API_KEY,
    RESEND_API_BASE: vars.RESEND_API_BASE,
    EMAIL_FROM: vars.EMAIL_FROM ?? DEFAULT_EMAIL_FROM,
    SUPPORT_EMAIL: vars.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    INTUIT_CLIENT_ID: vars.INTUIT_CLIENT_ID,
    INTUIT_CLIENT_SECRET: vars.INTUIT_CLIENT_SECRET,
    INTUIT_REDIRECT_URI:
      vars.INTUIT_REDIRECT_URI ?? (vars.APP_URL ? new URL(INTUIT_REDIRECT_PATH, vars.APP_URL).toString() : undefined),
    INTUIT_AUTH_URL: vars.INTUIT_AUTH_URL ?? INTUIT_DEFAULTS.INTUIT_AUTH_URL,
    INTUIT_TOKEN_URL: vars.INTUIT_TOKEN_URL ?? INTUIT_DEFAULTS.INTUIT_TOKEN_URL,
    INTUIT_REVOKE_URL: vars.INTUIT_REVOKE_URL ?? INTUIT_DEFAULTS.INTUIT_REVOKE_URL,
    QUICKBOOKS_API_BASE: vars.QUICKBOOKS_API_BASE ?? INTUIT_DEFAULTS.QUICKBOOKS_API_BASE,
    TOKEN_ENCRYPTION_KEY: vars.TOKEN_ENCRYPTION_KEY ?? LOCAL_DEFAULTS.TOKEN_ENCRYPTION_KEY,
    STRIPE_SECRET_KEY: vars.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: vars.STRIPE_WEBHOOK_SECRET ?? LOCAL_DEFAULTS.STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: vars.STRIPE_API_BASE ?? STRIPE_DEFAULT_API_BASE,
    STRIPE_CONNECT_WEBHOOK_SECRET: vars.STRIPE_CONNECT_WEBHOOK_SECRET ?? LOCAL_DEFAULTS.STRIPE_CONNECT_WEBHOOK_SECRET,
    SIGNUP_LIMIT_PER_HOUR: vars.SIGNUP_LIMIT_PER_HOUR ?? DEFAULT_SIGNUP_LIMIT_PER_HOUR,
    PLATFORM_FEE_PERCENT: vars.PLATFORM_FEE_PERCENT ?? DEFAULT_PLATFORM_FEE_PERCENT,
    SELLER_LEGAL_NAME: vars.SELLER_LEGAL_NAME ?? DEFAULT_SELLER_LEGAL_NAME,
    SELLER_ADDRESS: vars.SELLER_ADDRESS ?? DEFAULT_SELLER_ADDRESS,
  };
}
