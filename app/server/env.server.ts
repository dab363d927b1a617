import { z } from "zod";

/**
 * Bindings the platform gives the Worker (wrangler.toml) plus the variables and secrets
 * (wrangler.toml [vars], `.dev.vars` locally, `wrangler secret put` in production).
 */
export interface CloudflareBindings {
  DB: D1Database;
  FILES: R2Bucket;
  FINANCE_REPORT_QUEUE: Queue<unknown>;
  BENCHMARKING_QUEUE: Queue<unknown>;
  ASSETS?: Fetcher;
  [key: string]: unknown;
}

/** Safe defaults for a keyless local run. None of them is ever accepted in production. */
const LOCAL_DEFAULTS = {
  PASSWORD_PEPPER: "local-development-pepper-not-a-secret",
} as const;

/** An empty value in .dev.vars or the dashboard means "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const VarsSchema = z.object({
  APP_ENV: z.enum(["local", "production"]).default("production"),
  /** Public origin of the app, e.g. https://app.partwise.com. Used for links in emails and the Origin check. */
  APP_URL: optional(z.url()),
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
});

export type AppEnv = {
  APP_ENV: "local" | "production";
  APP_URL?: string;
  PASSWORD_PEPPER: string;
  RESEND_API_KEY?: string;
  RESEND_API_BASE?: string;
  EMAIL_FROM: string;
  SUPPORT_EMAIL: string;
};

/** Secrets that have no local default but production cannot run without. */
const PRODUCTION_ONLY_SECRETS = ["RESEND_API_KEY"] as const;

export const DEFAULT_EMAIL_FROM = "Partwise <no-reply@partwise.test>";
export const DEFAULT_SUPPORT_EMAIL = "support@partwise.test";

export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}

/**
 * Parses the Worker's environment once per request. In production every secret is required and a
 * missing or malformed one stops the request with a ConfigurationError (the Worker answers 503
 * without details); locally the safe defaults above fill the gaps.
 */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const parsed = VarsSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new ConfigurationError(`Invalid configuration: ${fields}`);
  }
  const vars = parsed.data;
  if (vars.APP_ENV === "production") {
    const missing = [...(Object.keys(LOCAL_DEFAULTS) as (keyof typeof LOCAL_DEFAULTS)[]), ...PRODUCTION_ONLY_SECRETS].filter(
      (key) => !vars[key],
    );
    if (missing.length > 0) {
      throw new ConfigurationError(`Missing required secrets: ${missing.join(", ")}`);
    }
  }
  return {
    APP_ENV: vars.APP_ENV,
    APP_URL: vars.APP_URL,
    PASSWORD_PEPPER: vars.PASSWORD_PEPPER ?? LOCAL_DEFAULTS.PASSWORD_PEPPER,
    RESEND_API_KEY: vars.RESEND_API_KEY,
    RESEND_API_BASE: vars.RESEND_API_BASE,
    EMAIL_FROM: vars.EMAIL_FROM ?? DEFAULT_EMAIL_FROM,
    SUPPORT_EMAIL: vars.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
  };
}
