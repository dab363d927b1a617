/**
 * The whole Partwise data model (D1 / SQLite through Drizzle).
 *
 * Conventions:
 * - Table names snake_case plural, TS properties camelCase.
 * - Primary keys are text UUIDs made by the app (`crypto.randomUUID()`); a few tables use a natural
 *   key instead (session/OAuth-state token hashes, Stripe event ids, rate-limit keys, NAICS codes).
 * - Timestamps are `integer` milliseconds (`mode: "timestamp_ms"`), read as `Date`.
 * - Money is integer cents plus a lowercase ISO currency ("usd").
 * - Enums are `text` with a TS-only enum: no SQL CHECK, so adding a value never needs a table
 *   rebuild in SQLite. Cheap invariants (ranges, lengths) do get CHECK constraints, written with
 *   bare column names: `${t.col}` would be table-qualified by drizzle-kit, which breaks the
 *   copy-table rebuild a later SQLite migration may generate.
 * - Every foreign key column used for lookups has an index; rows owned by a business cascade when
 *   the business goes; optional links to other records are `set null`.
 * - Tenant data carries `business_id` directly (even when reachable through a parent) so every
 *   query can be scoped by the caller's business in one indexed predicate.
 */
import { relations, sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";

// ---------------------------------------------------------------------------------------------
// Enumerations shared with the app
// ---------------------------------------------------------------------------------------------

export const BUSINESS_AREAS = [
  "strategy",
  "leadership",
  "management",
  "finance",
  "operations",
  "hr",
  "sales",
  "marketing",
  "technology",
] as const;
export type BusinessArea = (typeof BUSINESS_AREAS)[number];

/** A match request may be sent without a business area (spec §5: sent as 'unknown'). */
export const MATCH_CATEGORIES = [...BUSINESS_AREAS, "unknown"] as const;
export type MatchCategory = (typeof MATCH_CATEGORIES)[number];

export const ENGAGEMENT_TYPES = ["fractional", "coaching", "project"] as const;
export type EngagementType = (typeof ENGAGEMENT_TYPES)[number];

export const USER_ROLES = ["client", "consultant", "manager"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** STANDARD is shown as STARTER, PREMIUM as SCALE. */
export const MEMBER_TIERS = ["BASIC", "STANDARD", "PREMIUM"] as const;
export type MemberTier = (typeof MEMBER_TIERS)[number];

export const REVENUE_BANDS = [
  "< 5 million",
  "5-10 million",
  "10-15 million",
  "15-20 million",
  "> 20 million",
] as const;
export type RevenueBand = (typeof REVENUE_BANDS)[number];

export const EMPLOYEE_BANDS = ["0-25", "25-50", "50-100", "100-150", "150+"] as const;
export type EmployeeBand = (typeof EMPLOYEE_BANDS)[number];

/**
 * The 2022 NAICS sectors (2-digit level). Three sectors are ranges in the Census structure:
 * a six-digit code starting 31, 32 or 33 belongs to "31-33", 44/45 to "44-45", 48/49 to "48-49".
 */
export const NAICS_SECTORS = [
  "11",
  "21",
  "22",
  "23",
  "31-33",
  "42",
  "44-45",
  "48-49",
  "51",
  "52",
  "53",
  "54",
  "55",
  "56",
  "61",
  "62",
  "71",
  "72",
  "81",
  "92",
] as const;
export type NaicsSector = (typeof NAICS_SECTORS)[number];

/** The sector a NAICS code (2 to 6 digits) belongs to, or null when it names none. */
export function naicsSectorOf(code: string): NaicsSector | null {
  const two = code.slice(0, 2);
  const ranges: Record<string, NaicsSector> = {
    "31": "31-33",
    "32": "31-33",
    "33": "31-33",
    "44": "44-45",
    "45": "44-45",
    "48": "48-49",
    "49": "48-49",
  };
  if (ranges[two]) return ranges[two];
  return (NAICS_SECTORS as readonly string[]).includes(two) ? (two as NaicsSector) : null;
}

export const CURRENCIES = ["usd"] as const;
export type Currency = (typeof CURRENCIES)[number];

export type InsightPreferences = Record<BusinessArea, boolean>;
export const DEFAULT_INSIGHT_PREFERENCES: InsightPreferences = {
  finance: true,
  hr: true,
  leadership: true,
  management: true,
  marketing: true,
  operations: true,
  sales: true,
  strategy: true,
  technology: true,
};

export const ACCOUNTING_PROVIDERS = ["quickbooks"] as const;
export const ACCOUNTING_CONNECTION_STATUSES = ["connected", "broken", "revoked"] as const;
/** Where the OAuth return lands the user (spec §7 setTokens returnPage). */
export const OAUTH_RETURN_PAGES = ["PROFILE_PROGRESS", "DASHBOARD", "BENCHMARKING"] as const;

export const INSIGHT_REQUEST_STATUSES = [
  "awaiting_payment",
  "submitted",
  "in_review",
  "ready",
] as const;
export type InsightRequestStatus = (typeof INSIGHT_REQUEST_STATUSES)[number];

export const REPORT_STATUSES = ["draft", "published"] as const;

export const VALUE_INSIGHT_KINDS = [
  "revenue_trend",
  "net_income_trend",
  "revenue_per_employee",
  "benchmark_gap",
] as const;

export const MATCH_REQUEST_STATUSES = [
  "submitted",
  "matching",
  "candidates_proposed",
  "consultant_matched",
  "outline_draft",
  "outline_proposed",
  "engagement_active",
  "completed",
  "cancelled",
] as const;
export type MatchRequestStatus = (typeof MATCH_REQUEST_STATUSES)[number];

/** How a match request came to be; `source_id` then names the report or value insight. */
export const MATCH_SOURCES = ["direct", "insight_report", "value_insight"] as const;

/** The consultant's side of a candidacy. */
export const CANDIDATE_STATUSES = ["proposed", "accepted", "declined"] as const;
/** The business's side of a candidacy. */
export const BUSINESS_DECISION_STATUSES = ["pending", "accepted", "rejected"] as const;

export const CONSULTANT_AVAILABILITY = ["available", "limited", "unavailable"] as const;

export const OUTLINE_STATES = ["draft", "proposed", "active", "complete"] as const;
export const EGM_REVIEW_STATUSES = ["pending", "approved", "revision"] as const;
export const BUSINESS_REVIEW_STATUSES = ["pending", "revision", "approved"] as const;

export const DELIVERY_ITEM_STATUSES = [
  "upcoming",
  "awaiting_payment",
  "active",
  "delivered",
  "approved",
  "revision",
  "paused",
] as const;
export const DELIVERY_REVIEWS = ["pending", "approved", "revision"] as const;
export const DELIVERY_DECISIONS = ["approved", "revision"] as const;
export const DELIVERY_DECISION_ACTIONS = ["prepay", "pause", "revise"] as const;

export const FILE_PURPOSES = ["insight_request", "match_request", "delivery_item", "other"] as const;

export const PURCHASE_KINDS = ["subscription", "insight", "delivery_item", "benchmarking"] as const;
export const PURCHASE_STATUSES = ["pending", "paid", "canceled", "failed", "refunded"] as const;

export const JOB_KINDS = ["finance_report", "benchmarking"] as const;
export const JOB_STATUSES = ["queued", "running", "succeeded", "failed"] as const;

export const FINANCE_REPORT_SOURCES = ["quickbooks", "demo"] as const;
/** One monthly row of the profit-and-loss series (spec §3 Finance report). */
export type ProfitAndLossRow = { date: string; Income: number; NetIncome: number };

export const SUPPORT_SUBJECTS = ["generalInquiry", "insights", "matching", "techSupport"] as const;
export const SUPPORT_STATUSES = ["open", "closed"] as const;

export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;

// ---------------------------------------------------------------------------------------------
// Column helpers
// ---------------------------------------------------------------------------------------------

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

const createdAt = () =>
  timestamp("created_at")
    .notNull()
    .$defaultFn(() => new Date());

const updatedAt = () =>
  timestamp("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

const bool = (name: string) => integer(name, { mode: "boolean" });

const currency = () => text("currency", { enum: CURRENCIES }).notNull().default("usd");

const satisfaction = () => integer("client_satisfaction");

// ---------------------------------------------------------------------------------------------
// Identity and sessions
// ---------------------------------------------------------------------------------------------

export const users = sqliteTable(
  "users",
  {
    id: id(),
    /** Always stored lowercased and trimmed; unique. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull().default("client"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Sessions created before this instant are invalid (revocation on password change). */
    passwordChangedAt: timestamp("password_changed_at"),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_role_idx").on(t.role)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 hex of the cookie token: a database leak does not yield usable cookies. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at")
      .notNull()
      .$defaultFn(() => new Date()),
    expiresAt: timestamp("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 hex of the emailed code or link token; the plain value is never stored. */
    codeHash: text("code_hash").notNull(),
    /** Wrong guesses against this reset; the flow gives up after a few. */
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_resets_code_hash_unique").on(t.codeHash),
    index("password_resets_user_id_idx").on(t.userId),
    index("password_resets_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * Fixed-window counters for throttling (login by email hash and by IP, password resets, ...).
 * One row per key, updated with a single UPSERT so concurrent requests cannot lose counts.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    /** e.g. 'login:email:<sha256>' or 'login:ip:<ip>'. */
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: timestamp("window_start").notNull(),
    failuresInRow: integer("failures_in_row").notNull().default(0),
    lockedUntil: timestamp("locked_until"),
    updatedAt: updatedAt(),
  },
  // For the periodic sweep of stale keys.
  (t) => [index("rate_limits_updated_at_idx").on(t.updatedAt)],
);

// ---------------------------------------------------------------------------------------------
// Businesses and their accounting connection
// ---------------------------------------------------------------------------------------------

export const businesses = sqliteTable(
  "businesses",
  {
    id: id(),
    /** One business per client user. */
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    clientRole: text("client_role").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    /** 2022 NAICS six-digit national industry code, kept as text (leading digits matter). */
    naics: text("naics").notNull(),
    revenueBand: text("revenue_band", { enum: REVENUE_BANDS }).notNull(),
    employeeBand: text("employee_band", { enum: EMPLOYEE_BANDS }).notNull(),
    /** The employee band's median, used as the revenue-per-employee divisor. */
    numberOfEmployees: integer("number_of_employees").notNull(),
    memberTier: text("member_tier", { enum: MEMBER_TIERS }).notNull().default("BASIC"),
    /** 'YYYY-MM'. */
    memberSince: text("member_since").notNull(),
    stripeCustomerId: text("stripe_customer_id"),
    /** Stripe subscription status as reported by webhooks ('active', 'trialing', 'past_due', ...). */
    subscriptionStatus: text("subscription_status"),
    subscriptionId: text("subscription_id"),
    insightPreferences: text("insight_preferences", { mode: "json" })
      .$type<InsightPreferences>()
      .notNull()
      .default(DEFAULT_INSIGHT_PREFERENCES),
    /** When the owner first chose a plan on /plan-select (BASIC included); null until then. */
    planChosenAt: timestamp("plan_chosen_at"),
    /** When the owner last saved insight preferences; null while they are the defaults. */
    insightPreferencesSavedAt: timestamp("insight_preferences_saved_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("businesses_owner_user_id_unique").on(t.ownerUserId),
    uniqueIndex("businesses_stripe_customer_id_unique").on(t.stripeCustomerId),
    index("businesses_subscription_id_idx").on(t.subscriptionId),
    index("businesses_naics_idx").on(t.naics),
    check("businesses_naics_six_digits", sql`length(naics) = 6 AND naics NOT GLOB '*[^0-9]*'`),
    check("businesses_number_of_employees_positive", sql`number_of_employees >= 0`),
  ],
);

/** At most one accounting connection per business. Tokens are encrypted by the app (AES-GCM). */
export const accountingConnections = sqliteTable(
  "accounting_connections",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ACCOUNTING_PROVIDERS }).notNull().default("quickbooks"),
    /** QuickBooks company id; 'demo' marks the built-in demo connection. */
    realmId: text("realm_id").notNull(),
    accessTokenCiphertext: text("access_token_ciphertext").notNull(),
    accessTokenExpiresAt: timestamp("access_token_expires_at").notNull(),
    refreshTokenCiphertext: text("refresh_token_ciphertext").notNull(),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at").notNull(),
    status: text("status", { enum: ACCOUNTING_CONNECTION_STATUSES }).notNull().default("connected"),
    connectedAt: timestamp("connected_at").notNull(),
    lastRefreshedAt: timestamp("last_refreshed_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("accounting_connections_business_id_unique").on(t.businessId),
    // The monthly cron walks connected businesses.
    index("accounting_connections_status_idx").on(t.status),
  ],
);

/** One row per OAuth authorisation attempt; `used_at` makes the state single-use. */
export const oauthStates = sqliteTable(
  "oauth_states",
  {
    /** SHA-256 hex of the `state` parameter sent to the provider. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    returnPage: text("return_page", { enum: OAUTH_RETURN_PAGES }).notNull().default("DASHBOARD"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
  },
  (t) => [
    index("oauth_states_user_id_idx").on(t.userId),
    index("oauth_states_business_id_idx").on(t.businessId),
    index("oauth_states_expires_at_idx").on(t.expiresAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Background jobs, finance and benchmarking
// ---------------------------------------------------------------------------------------------

/** Persisted before a queue message is sent; the unique key makes enqueueing idempotent. */
export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    kind: text("kind", { enum: JOB_KINDS }).notNull(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** 'YYYY-MM' for monthly finance reports, 'YYYY' for yearly benchmarking. */
    period: text("period").notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp("started_at"),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [
    uniqueIndex("jobs_kind_business_period_unique").on(t.kind, t.businessId, t.period),
    index("jobs_business_id_idx").on(t.businessId),
    index("jobs_status_idx").on(t.status, t.updatedAt),
  ],
);

/** The current finance report of a business (replaced in place on refresh). */
export const financeReports = sqliteTable(
  "finance_reports",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Monthly rows, oldest first: { date: 'YYYY-MM', Income, NetIncome } in dollars. */
    profitAndLoss: text("profit_and_loss", { mode: "json" })
      .$type<ProfitAndLossRow[]>()
      .notNull()
      .default([]),
    source: text("source", { enum: FINANCE_REPORT_SOURCES }).notNull(),
    /** 'YYYY-MM', inclusive. */
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    /** When the data was last pulled; a different month than now means it is stale. */
    lastUpdate: timestamp("last_update").notNull(),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("finance_reports_business_id_unique").on(t.businessId)],
);

export const purchases = sqliteTable(
  "purchases",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: PURCHASE_KINDS }).notNull(),
    /**
     * What was bought: the insight request id, delivery item id, benchmarking year ('2026') or
     * the plan lookup key ('STANDARD_PLAN_MONTHLY'). Polymorphic, so no foreign key.
     */
    referenceId: text("reference_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: currency(),
    status: text("status", { enum: PURCHASE_STATUSES }).notNull().default("pending"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** Sent to Stripe as the Idempotency-Key so a double click makes one Checkout session. */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at"),
  },
  (t) => [
    uniqueIndex("purchases_stripe_checkout_session_id_unique").on(t.stripeCheckoutSessionId),
    uniqueIndex("purchases_idempotency_key_unique").on(t.idempotencyKey),
    index("purchases_business_id_idx").on(t.businessId, t.createdAt),
    index("purchases_kind_reference_idx").on(t.kind, t.referenceId),
    index("purchases_stripe_payment_intent_id_idx").on(t.stripePaymentIntentId),
    check("purchases_amount_nonnegative", sql`amount_cents >= 0`),
  ],
);

/** Webhook de-duplication: insert the event id with ON CONFLICT DO NOTHING, act only if inserted. */
export const stripeEvents = sqliteTable("stripe_events", {
  /** Stripe's event id (evt_...). */
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** 'ignored': verified but not about anything Partwise made (an unknown type, a foreign session). */
  outcome: text("outcome", { enum: ["processed", "ignored"] }).notNull().default("processed"),
  processedAt: timestamp("processed_at")
    .notNull()
    .$defaultFn(() => new Date()),
});

/** A year of benchmarking bought by a business (spec: benchmarking.yearsPurchased). */
export const benchmarkingPurchases = sqliteTable(
  "benchmarking_purchases",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    /** Null when the year is included in the plan rather than bought. */
    purchaseId: text("purchase_id").references(() => purchases.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("benchmarking_purchases_business_year_unique").on(t.businessId, t.year),
    index("benchmarking_purchases_purchase_id_idx").on(t.purchaseId),
  ],
);

/** Benchmarking results; one per business and period so a retried job overwrites, not duplicates. */
export const benchmarkReports = sqliteTable(
  "benchmark_reports",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The NAICS code the report was computed against (the business's code at the time). */
    naics: text("naics").notNull(),
    period: text("period").notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("benchmark_reports_business_period_unique").on(t.businessId, t.period),
    index("benchmark_reports_business_created_idx").on(t.businessId, t.createdAt),
  ],
);

/** The 2022 NAICS structure (loaded from data/naics by a seed script, not a migration). */
export const naicsCodes = sqliteTable(
  "naics_codes",
  {
    /** '11' .. '459110'; range sectors keep their Census form ('31-33', '44-45', '48-49'). */
    code: text("code").primaryKey(),
    title: text("title").notNull(),
    /** Number of digits: 2 (sector) to 6 (national industry). */
    level: integer("level").notNull(),
    parentCode: text("parent_code"),
  },
  (t) => [index("naics_codes_parent_code_idx").on(t.parentCode), index("naics_codes_level_idx").on(t.level)],
);

// ---------------------------------------------------------------------------------------------
// Consultants
// ---------------------------------------------------------------------------------------------

export const consultantProfiles = sqliteTable(
  "consultant_profiles",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    headline: text("headline").notNull(),
    businessAreas: text("business_areas", { mode: "json" }).$type<BusinessArea[]>().notNull(),
    engagementTypes: text("engagement_types", { mode: "json" }).$type<EngagementType[]>().notNull(),
    /** NAICS sector codes (see NAICS_SECTORS). */
    industries: text("industries", { mode: "json" }).$type<NaicsSector[]>().notNull(),
    yearsOfExperience: integer("years_of_experience").notNull(),
    education: text("education").notNull(),
    missionStatement: text("mission_statement").notNull(),
    bio: text("bio").notNull(),
    availability: text("availability", { enum: CONSULTANT_AVAILABILITY }).notNull().default("available"),
    hoursPerWeek: integer("hours_per_week").notNull().default(0),
    hourlyRateCents: integer("hourly_rate_cents").notNull(),
    currency: currency(),
    /** 'City, ST'. */
    location: text("location").notNull(),
    /** Only vetted consultants are proposed as candidates. */
    vetted: bool("vetted").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("consultant_profiles_user_id_unique").on(t.userId),
    index("consultant_profiles_pool_idx").on(t.vetted, t.availability),
    check("consultant_profiles_years_nonnegative", sql`years_of_experience >= 0`),
    check("consultant_profiles_rate_nonnegative", sql`hourly_rate_cents >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Insights
// ---------------------------------------------------------------------------------------------

export const insightRequests = sqliteTable(
  "insight_requests",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    category: text("category", { enum: BUSINESS_AREAS }).notNull(),
    // The form fields are free text (spec §5), kept as given.
    businessNature: text("business_nature").notNull().default(""),
    managementStructure: text("management_structure").notNull().default(""),
    numEmployees: text("num_employees").notNull().default(""),
    annualSales: text("annual_sales").notNull().default(""),
    issueDetails: text("issue_details").notNull().default(""),
    issueCause: text("issue_cause").notNull().default(""),
    resolutionOutcome: text("resolution_outcome").notNull().default(""),
    resolutionHelp: text("resolution_help").notNull().default(""),
    status: text("status", { enum: INSIGHT_REQUEST_STATUSES }).notNull().default("awaiting_payment"),
    /** The status sentence the client shows and keys off (spec §4 Insight: 'value'). */
    statusText: text("status_text").notNull(),
    paymentComplete: bool("payment_complete").notNull().default(false),
    /** Paid by the plan's monthly allowance instead of a card payment. */
    coveredByPlan: bool("covered_by_plan").notNull().default(false),
    insightReportId: text("insight_report_id").references((): AnySQLiteColumn => insightReports.id, {
      onDelete: "set null",
    }),
    assignedManagerId: text("assigned_manager_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: timestamp("submitted_at"),
    deliveredAt: timestamp("delivered_at"),
  },
  (t) => [
    index("insight_requests_business_created_idx").on(t.businessId, t.createdAt),
    index("insight_requests_status_idx").on(t.status, t.createdAt),
    index("insight_requests_assigned_manager_id_idx").on(t.assignedManagerId),
    index("insight_requests_insight_report_id_idx").on(t.insightReportId),
  ],
);

export const insightReports = sqliteTable(
  "insight_reports",
  {
    id: id(),
    insightRequestId: text("insight_request_id")
      .notNull()
      .references((): AnySQLiteColumn => insightRequests.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    category: text("category", { enum: BUSINESS_AREAS }).notNull(),
    title: text("title").notNull(),
    highLevelSummary: text("high_level_summary").notNull().default(""),
    recommendations: text("recommendations").notNull().default(""),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("draft"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    clientSatisfaction: satisfaction(),
    clientFeedback: text("client_feedback"),
    feedbackAt: timestamp("feedback_at"),
    convertedToMatchRequestId: text("converted_to_match_request_id").references(
      (): AnySQLiteColumn => matchRequests.id,
      { onDelete: "set null" },
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp("published_at"),
  },
  (t) => [
    uniqueIndex("insight_reports_insight_request_id_unique").on(t.insightRequestId),
    index("insight_reports_business_created_idx").on(t.businessId, t.createdAt),
    index("insight_reports_status_idx").on(t.status),
    index("insight_reports_author_id_idx").on(t.authorId),
    index("insight_reports_converted_idx").on(t.convertedToMatchRequestId),
    check(
      "insight_reports_satisfaction_range",
      sql`client_satisfaction IS NULL OR client_satisfaction BETWEEN 1 AND 5`,
    ),
  ],
);

/** Insights generated from the finance data (not requested or paid for). */
export const valueInsights = sqliteTable(
  "value_insights",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    financeReportId: text("finance_report_id").references(() => financeReports.id, {
      onDelete: "set null",
    }),
    kind: text("kind", { enum: VALUE_INSIGHT_KINDS }).notNull(),
    category: text("category", { enum: BUSINESS_AREAS }).notNull().default("finance"),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    /** The status sentence shown on the tile ('value'). */
    statusText: text("status_text").notNull(),
    clientSatisfaction: satisfaction(),
    clientFeedback: text("client_feedback"),
    feedbackAt: timestamp("feedback_at"),
    convertedToMatchRequestId: text("converted_to_match_request_id").references(
      (): AnySQLiteColumn => matchRequests.id,
      { onDelete: "set null" },
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("value_insights_business_created_idx").on(t.businessId, t.createdAt),
    index("value_insights_finance_report_id_idx").on(t.financeReportId),
    index("value_insights_converted_idx").on(t.convertedToMatchRequestId),
    check(
      "value_insights_satisfaction_range",
      sql`client_satisfaction IS NULL OR client_satisfaction BETWEEN 1 AND 5`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

export const matchRequests = sqliteTable(
  "match_requests",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    category: text("category", { enum: MATCH_CATEGORIES }).notNull(),
    /** Null when the client chose "I'm not sure". */
    consultingType: text("consulting_type", { enum: ENGAGEMENT_TYPES }),
    problemStatement: text("problem_statement").notNull().default(""),
    status: text("status", { enum: MATCH_REQUEST_STATUSES }).notNull().default("submitted"),
    /** The status sentence the client keys off (spec §4 Match status: 'value'). */
    statusText: text("status_text").notNull(),
    source: text("source", { enum: MATCH_SOURCES }).notNull().default("direct"),
    /** The insight report or value insight this request was made from; null when direct. */
    sourceId: text("source_id"),
    /** The consultant's user id once the business accepted a candidate. */
    matchedConsultantId: text("matched_consultant_id").references(() => users.id, {
      onDelete: "set null",
    }),
    assignedManagerId: text("assigned_manager_id").references(() => users.id, { onDelete: "set null" }),
    clientSatisfaction: satisfaction(),
    clientFeedback: text("client_feedback"),
    feedbackAt: timestamp("feedback_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("match_requests_business_created_idx").on(t.businessId, t.createdAt),
    index("match_requests_status_idx").on(t.status, t.createdAt),
    index("match_requests_matched_consultant_id_idx").on(t.matchedConsultantId),
    index("match_requests_assigned_manager_id_idx").on(t.assignedManagerId),
    // A report or value insight converts into at most one match request (NULLs never collide).
    uniqueIndex("match_requests_source_unique").on(t.source, t.sourceId),
    check(
      "match_requests_satisfaction_range",
      sql`client_satisfaction IS NULL OR client_satisfaction BETWEEN 1 AND 5`,
    ),
  ],
);

export const matchCandidates = sqliteTable(
  "match_candidates",
  {
    id: id(),
    matchRequestId: text("match_request_id")
      .notNull()
      .references(() => matchRequests.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The consultant's user id (their profile is consultant_profiles.user_id). */
    consultantId: text("consultant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: CANDIDATE_STATUSES }).notNull().default("proposed"),
    businessDecisionStatus: text("business_decision_status", { enum: BUSINESS_DECISION_STATUSES })
      .notNull()
      .default("pending"),
    proposedById: text("proposed_by_id").references(() => users.id, { onDelete: "set null" }),
    consultantRespondedAt: timestamp("consultant_responded_at"),
    decidedAt: timestamp("decided_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("match_candidates_match_consultant_unique").on(t.matchRequestId, t.consultantId),
    index("match_candidates_consultant_id_idx").on(t.consultantId, t.status),
    index("match_candidates_business_id_idx").on(t.businessId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Engagements: delivery outlines, items and decisions
// ---------------------------------------------------------------------------------------------

export const deliveryOutlines = sqliteTable(
  "delivery_outlines",
  {
    id: id(),
    matchRequestId: text("match_request_id")
      .notNull()
      .references(() => matchRequests.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    consultantId: text("consultant_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull().default(""),
    state: text("state", { enum: OUTLINE_STATES }).notNull().default("draft"),
    egmReviewStatus: text("egm_review_status", { enum: EGM_REVIEW_STATUSES }).notNull().default("pending"),
    egmReviewNotes: text("egm_review_notes"),
    egmReviewerId: text("egm_reviewer_id").references(() => users.id, { onDelete: "set null" }),
    egmReviewedAt: timestamp("egm_reviewed_at"),
    businessReviewStatus: text("business_review_status", { enum: BUSINESS_REVIEW_STATUSES })
      .notNull()
      .default("pending"),
    businessNotes: text("business_notes"),
    /** The signer's typed "First Last". */
    businessSignature: text("business_signature"),
    /** 'YYYY-MM-DD' as entered; also the statement of work's effective date. */
    businessSignatureDate: text("business_signature_date"),
    businessReviewedAt: timestamp("business_reviewed_at"),
    activeItemId: text("active_item_id").references((): AnySQLiteColumn => deliveryItems.id, {
      onDelete: "set null",
    }),
    complete: bool("complete").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp("completed_at"),
  },
  (t) => [
    index("delivery_outlines_match_request_id_idx").on(t.matchRequestId),
    index("delivery_outlines_business_id_idx").on(t.businessId, t.createdAt),
    index("delivery_outlines_consultant_id_idx").on(t.consultantId),
    // Engagement-manager review queue.
    index("delivery_outlines_egm_review_idx").on(t.egmReviewStatus, t.state),
  ],
);

export const deliveryItems = sqliteTable(
  "delivery_items",
  {
    id: id(),
    outlineId: text("outline_id")
      .notNull()
      .references((): AnySQLiteColumn => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Order within the outline, from 0. Not unique, so items can be reordered in one batch. */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** 'YYYY-MM-DD'. */
    deliveryDate: text("delivery_date").notNull(),
    priceCents: integer("price_cents").notNull(),
    currency: currency(),
    status: text("status", { enum: DELIVERY_ITEM_STATUSES }).notNull().default("upcoming"),
    consultantConfirmedDelivery: bool("consultant_confirmed_delivery").notNull().default(false),
    consultantConfirmedAt: timestamp("consultant_confirmed_at"),
    summaryOfWork: text("summary_of_work"),
    /** Null until the consultant confirms delivery; then pending until the business decides. */
    businessDeliveryReview: text("business_delivery_review", { enum: DELIVERY_REVIEWS }),
    paidPurchaseId: text("paid_purchase_id").references(() => purchases.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp("completed_at"),
  },
  (t) => [
    index("delivery_items_outline_position_idx").on(t.outlineId, t.position),
    index("delivery_items_business_id_idx").on(t.businessId),
    index("delivery_items_paid_purchase_id_idx").on(t.paidPurchaseId),
    check("delivery_items_price_nonnegative", sql`price_cents >= 0`),
  ],
);

export const deliveryItemDecisions = sqliteTable(
  "delivery_item_decisions",
  {
    id: id(),
    itemId: text("item_id")
      .notNull()
      .references(() => deliveryItems.id, { onDelete: "cascade" }),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    decidedByUserId: text("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decision: text("decision", { enum: DELIVERY_DECISIONS }).notNull(),
    decisionAction: text("decision_action", { enum: DELIVERY_DECISION_ACTIONS }).notNull(),
    businessNotes: text("business_notes").notNull().default(""),
    /** Set once the follow-up (payment for the next item, pause, revision) has been carried out. */
    complete: bool("complete").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("delivery_item_decisions_item_id_idx").on(t.itemId, t.createdAt),
    index("delivery_item_decisions_outline_id_idx").on(t.outlineId),
    index("delivery_item_decisions_business_id_idx").on(t.businessId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Files, notifications, support, email
// ---------------------------------------------------------------------------------------------

/** Metadata of an object stored in R2; the bytes live under `r2_key`. */
export const files = sqliteTable(
  "files",
  {
    id: id(),
    businessId: text("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    uploadedByUserId: text("uploaded_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Made by the server, e.g. 'biz/<businessId>/<uuid>'. */
    r2Key: text("r2_key").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Hex SHA-256 of the bytes. */
    sha256: text("sha256").notNull(),
    purpose: text("purpose", { enum: FILE_PURPOSES }).notNull().default("other"),
    insightRequestId: text("insight_request_id").references(() => insightRequests.id, {
      onDelete: "set null",
    }),
    matchRequestId: text("match_request_id").references(() => matchRequests.id, { onDelete: "set null" }),
    deliveryItemId: text("delivery_item_id").references(() => deliveryItems.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("files_r2_key_unique").on(t.r2Key),
    index("files_business_created_idx").on(t.businessId, t.createdAt),
    index("files_uploaded_by_user_id_idx").on(t.uploadedByUserId),
    index("files_insight_request_id_idx").on(t.insightRequestId),
    index("files_match_request_id_idx").on(t.matchRequestId),
    index("files_delivery_item_id_idx").on(t.deliveryItemId),
    // Spec §5: at most 16,000,000 bytes.
    check("files_size_range", sql`size_bytes >= 0 AND size_bytes <= 16000000`),
  ],
);

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: text("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    /** e.g. 'insight_ready', 'candidate_proposed', 'outline_proposed', 'item_delivered'. */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** An in-app path ('/insights/...'), never an external URL. */
    link: text("link"),
    readAt: timestamp("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_business_id_idx").on(t.businessId),
  ],
);

/** The support form (spec: "sends nothing" to the user); staff read them here. */
export const supportMessages = sqliteTable(
  "support_messages",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: text("business_id").references(() => businesses.id, { onDelete: "set null" }),
    subject: text("subject", { enum: SUPPORT_SUBJECTS }).notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: SUPPORT_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
    handledById: text("handled_by_id").references(() => users.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at"),
  },
  (t) => [
    index("support_messages_user_id_idx").on(t.userId),
    index("support_messages_business_id_idx").on(t.businessId),
    index("support_messages_status_idx").on(t.status, t.createdAt),
    index("support_messages_handled_by_id_idx").on(t.handledById),
  ],
);

/**
 * Outgoing email, written in the same batch as the change that causes it and sent afterwards
 * (or shown in a local dev mailbox when no provider is configured).
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** e.g. 'password_reset', 'welcome', 'insight_ready'. */
    kind: text("kind").notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("queued"),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at"),
  },
  (t) => [
    index("email_outbox_created_at_idx").on(t.createdAt),
    index("email_outbox_status_idx").on(t.status, t.createdAt),
    index("email_outbox_to_address_idx").on(t.toAddress),
  ],
);

// ---------------------------------------------------------------------------------------------
// Relations (for db.query.*). Only one direction is declared where a pair of tables is linked
// by more than one foreign key, so Drizzle never has to guess which key a `many` follows.
// ---------------------------------------------------------------------------------------------

export const usersRelations = relations(users, ({ one, many }) => ({
  sessions: many(sessions),
  passwordResets: many(passwordResets),
  notifications: many(notifications),
  business: one(businesses),
  consultantProfile: one(consultantProfiles),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const passwordResetsRelations = relations(passwordResets, ({ one }) => ({
  user: one(users, { fields: [passwordResets.userId], references: [users.id] }),
}));

export const businessesRelations = relations(businesses, ({ one, many }) => ({
  owner: one(users, { fields: [businesses.ownerUserId], references: [users.id] }),
  accountingConnection: one(accountingConnections),
  financeReport: one(financeReports),
  insightRequests: many(insightRequests),
  insightReports: many(insightReports),
  valueInsights: many(valueInsights),
  matchRequests: many(matchRequests),
  deliveryOutlines: many(deliveryOutlines),
  purchases: many(purchases),
  files: many(files),
  benchmarkingPurchases: many(benchmarkingPurchases),
  benchmarkReports: many(benchmarkReports),
  jobs: many(jobs),
  notifications: many(notifications),
}));

export const accountingConnectionsRelations = relations(accountingConnections, ({ one }) => ({
  business: one(businesses, {
    fields: [accountingConnections.businessId],
    references: [businesses.id],
  }),
}));

export const jobsRelations = relations(jobs, ({ one }) => ({
  business: one(businesses, { fields: [jobs.businessId], references: [businesses.id] }),
}));

export const financeReportsRelations = relations(financeReports, ({ one }) => ({
  business: one(businesses, { fields: [financeReports.businessId], references: [businesses.id] }),
  job: one(jobs, { fields: [financeReports.jobId], references: [jobs.id] }),
}));

export const purchasesRelations = relations(purchases, ({ one }) => ({
  business: one(businesses, { fields: [purchases.businessId], references: [businesses.id] }),
}));

export const benchmarkingPurchasesRelations = relations(benchmarkingPurchases, ({ one }) => ({
  business: one(businesses, {
    fields: [benchmarkingPurchases.businessId],
    references: [businesses.id],
  }),
  purchase: one(purchases, { fields: [benchmarkingPurchases.purchaseId], references: [purchases.id] }),
}));

export const benchmarkReportsRelations = relations(benchmarkReports, ({ one }) => ({
  business: one(businesses, { fields: [benchmarkReports.businessId], references: [businesses.id] }),
}));

export const consultantProfilesRelations = relations(consultantProfiles, ({ one }) => ({
  user: one(users, { fields: [consultantProfiles.userId], references: [users.id] }),
}));

export const insightRequestsRelations = relations(insightRequests, ({ one, many }) => ({
  business: one(businesses, { fields: [insightRequests.businessId], references: [businesses.id] }),
  report: one(insightReports, {
    fields: [insightRequests.insightReportId],
    references: [insightReports.id],
  }),
  assignedManager: one(users, { fields: [insightRequests.assignedManagerId], references: [users.id] }),
  files: many(files),
}));

export const insightReportsRelations = relations(insightReports, ({ one }) => ({
  request: one(insightRequests, {
    fields: [insightReports.insightRequestId],
    references: [insightRequests.id],
  }),
  business: one(businesses, { fields: [insightReports.businessId], references: [businesses.id] }),
  author: one(users, { fields: [insightReports.authorId], references: [users.id] }),
  convertedToMatchRequest: one(matchRequests, {
    fields: [insightReports.convertedToMatchRequestId],
    references: [matchRequests.id],
  }),
}));

export const valueInsightsRelations = relations(valueInsights, ({ one }) => ({
  business: one(businesses, { fields: [valueInsights.businessId], references: [businesses.id] }),
  financeReport: one(financeReports, {
    fields: [valueInsights.financeReportId],
    references: [financeReports.id],
  }),
  convertedToMatchRequest: one(matchRequests, {
    fields: [valueInsights.convertedToMatchRequestId],
    references: [matchRequests.id],
  }),
}));

export const matchRequestsRelations = relations(matchRequests, ({ one, many }) => ({
  business: one(businesses, { fields: [matchRequests.businessId], references: [businesses.id] }),
  matchedConsultant: one(users, {
    fields: [matchRequests.matchedConsultantId],
    references: [users.id],
  }),
  matchedConsultantProfile: one(consultantProfiles, {
    fields: [matchRequests.matchedConsultantId],
    references: [consultantProfiles.userId],
  }),
  assignedManager: one(users, { fields: [matchRequests.assignedManagerId], references: [users.id] }),
  candidates: many(matchCandidates),
  deliveryOutlines: many(deliveryOutlines),
  files: many(files),
}));

export const matchCandidatesRelations = relations(matchCandidates, ({ one }) => ({
  matchRequest: one(matchRequests, {
    fields: [matchCandidates.matchRequestId],
    references: [matchRequests.id],
  }),
  consultant: one(users, { fields: [matchCandidates.consultantId], references: [users.id] }),
  /** The candidate card (years of experience, education, mission statement, bio). */
  consultantProfile: one(consultantProfiles, {
    fields: [matchCandidates.consultantId],
    references: [consultantProfiles.userId],
  }),
  proposedBy: one(users, { fields: [matchCandidates.proposedById], references: [users.id] }),
}));

export const deliveryOutlinesRelations = relations(deliveryOutlines, ({ one, many }) => ({
  matchRequest: one(matchRequests, {
    fields: [deliveryOutlines.matchRequestId],
    references: [matchRequests.id],
  }),
  business: one(businesses, { fields: [deliveryOutlines.businessId], references: [businesses.id] }),
  consultant: one(users, { fields: [deliveryOutlines.consultantId], references: [users.id] }),
  egmReviewer: one(users, { fields: [deliveryOutlines.egmReviewerId], references: [users.id] }),
  items: many(deliveryItems),
  activeItem: one(deliveryItems, {
    fields: [deliveryOutlines.activeItemId],
    references: [deliveryItems.id],
  }),
}));

export const deliveryItemsRelations = relations(deliveryItems, ({ one, many }) => ({
  outline: one(deliveryOutlines, {
    fields: [deliveryItems.outlineId],
    references: [deliveryOutlines.id],
  }),
  business: one(businesses, { fields: [deliveryItems.businessId], references: [businesses.id] }),
  paidPurchase: one(purchases, { fields: [deliveryItems.paidPurchaseId], references: [purchases.id] }),
  decisions: many(deliveryItemDecisions),
  files: many(files),
}));

export const deliveryItemDecisionsRelations = relations(deliveryItemDecisions, ({ one }) => ({
  item: one(deliveryItems, { fields: [deliveryItemDecisions.itemId], references: [deliveryItems.id] }),
  outline: one(deliveryOutlines, {
    fields: [deliveryItemDecisions.outlineId],
    references: [deliveryOutlines.id],
  }),
  business: one(businesses, {
    fields: [deliveryItemDecisions.businessId],
    references: [businesses.id],
  }),
}));

export const filesRelations = relations(files, ({ one }) => ({
  business: one(businesses, { fields: [files.businessId], references: [businesses.id] }),
  uploadedBy: one(users, { fields: [files.uploadedByUserId], references: [users.id] }),
  insightRequest: one(insightRequests, {
    fields: [files.insightRequestId],
    references: [insightRequests.id],
  }),
  matchRequest: one(matchRequests, { fields: [files.matchRequestId], references: [matchRequests.id] }),
  deliveryItem: one(deliveryItems, { fields: [files.deliveryItemId], references: [deliveryItems.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
  business: one(businesses, { fields: [notifications.businessId], references: [businesses.id] }),
}));

export const supportMessagesRelations = relations(supportMessages, ({ one }) => ({
  user: one(users, { fields: [supportMessages.userId], references: [users.id] }),
  business: one(businesses, { fields: [supportMessages.businessId], references: [businesses.id] }),
  handledBy: one(users, { fields: [supportMessages.handledById], references: [users.id] }),
}));

// ---------------------------------------------------------------------------------------------
// Row types
// ---------------------------------------------------------------------------------------------

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type PasswordReset = typeof passwordResets.$inferSelect;
export type NewPasswordReset = typeof passwordResets.$inferInsert;
export type RateLimit = typeof rateLimits.$inferSelect;
export type NewRateLimit = typeof rateLimits.$inferInsert;
export type Business = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type AccountingConnection = typeof accountingConnections.$inferSelect;
export type NewAccountingConnection = typeof accountingConnections.$inferInsert;
export type OauthState = typeof oauthStates.$inferSelect;
export type NewOauthState = typeof oauthStates.$inferInsert;
export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
export type FinanceReport = typeof financeReports.$inferSelect;
export type NewFinanceReport = typeof financeReports.$inferInsert;
export type Purchase = typeof purchases.$inferSelect;
export type NewPurchase = typeof purchases.$inferInsert;
export type StripeEvent = typeof stripeEvents.$inferSelect;
export type NewStripeEvent = typeof stripeEvents.$inferInsert;
export type BenchmarkingPurchase = typeof benchmarkingPurchases.$inferSelect;
export type NewBenchmarkingPurchase = typeof benchmarkingPurchases.$inferInsert;
export type BenchmarkReport = typeof benchmarkReports.$inferSelect;
export type NewBenchmarkReport = typeof benchmarkReports.$inferInsert;
export type NaicsCode = typeof naicsCodes.$inferSelect;
export type NewNaicsCode = typeof naicsCodes.$inferInsert;
export type ConsultantProfile = typeof consultantProfiles.$inferSelect;
export type NewConsultantProfile = typeof consultantProfiles.$inferInsert;
export type InsightRequest = typeof insightRequests.$inferSelect;
export type NewInsightRequest = typeof insightRequests.$inferInsert;
export type InsightReport = typeof insightReports.$inferSelect;
export type NewInsightReport = typeof insightReports.$inferInsert;
export type ValueInsight = typeof valueInsights.$inferSelect;
export type NewValueInsight = typeof valueInsights.$inferInsert;
export type MatchRequest = typeof matchRequests.$inferSelect;
export type NewMatchRequest = typeof matchRequests.$inferInsert;
export type MatchCandidate = typeof matchCandidates.$inferSelect;
export type NewMatchCandidate = typeof matchCandidates.$inferInsert;
export type DeliveryOutline = typeof deliveryOutlines.$inferSelect;
export type NewDeliveryOutline = typeof deliveryOutlines.$inferInsert;
export type DeliveryItem = typeof deliveryItems.$inferSelect;
export type NewDeliveryItem = typeof deliveryItems.$inferInsert;
export type DeliveryItemDecision = typeof deliveryItemDecisions.$inferSelect;
export type NewDeliveryItemDecision = typeof deliveryItemDecisions.$inferInsert;
export type StoredFile = typeof files.$inferSelect;
export type NewStoredFile = typeof files.$inferInsert;
export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type SupportMessage = typeof supportMessages.$inferSelect;
export type NewSupportMessage = typeof supportMessages.$inferInsert;
export type EmailOutboxMessage = typeof emailOutbox.$inferSelect;
export type NewEmailOutboxMessage = typeof emailOutbox.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Built-in test checkout (used only while STRIPE_SECRET_KEY is unset)
// ---------------------------------------------------------------------------------------------

export const LOCAL_STRIPE_OBJECT_TYPES = ["customer", "checkout.session", "subscription", "billing_portal.session"] as const;

/**
 * The objects of the built-in test checkout, shaped like Stripe's (id prefixes cus_, cs_test_,
 * sub_, bps_) and stored as JSON, so the local provider answers exactly what Stripe would.
 */
export const localStripeObjects = sqliteTable(
  "local_stripe_objects",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: LOCAL_STRIPE_OBJECT_TYPES }).notNull(),
    /** The Stripe customer the object belongs to (null for a customer itself). */
    customerId: text("customer_id"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("local_stripe_objects_customer_idx").on(t.customerId, t.type)],
);

export type LocalStripeObject = typeof localStripeObjects.$inferSelect;
