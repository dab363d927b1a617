/** Platform: throttling counters, background jobs and the email outbox. */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import { EMAIL_STATUSES, JOB_KINDS, JOB_STATUSES } from "../enums";

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
    /**
     * When the job's message is due on the queue: when it was sent, or when a retry's delay ends.
     * A queued job still waiting a lease after it, or a running one past its lease, has lost its
     * message and is sent again (resendStalledJobs; docs/decisions/006). NULL on rows older than
     * the column: their updated_at stands in.
     */
    dueAt: timestamp("due_at"),
  },
  (t) => [
    uniqueIndex("jobs_kind_business_period_unique").on(t.kind, t.businessId, t.period),
    index("jobs_business_id_idx").on(t.businessId),
    index("jobs_status_idx").on(t.status, t.updatedAt),
  ],
);

/**
 * The address the app was last reached at (one row, id 'app'), for links in emails sent where no
 * request names one: queue jobs and cron, when APP_URL is not configured (local runs). Recorded
 * by the requests that start work for later (a job, a notice); read by notify().
 */
export const appOrigins = sqliteTable("app_origins", {
  id: text("id").primaryKey(),
  /** e.g. "http://localhost:8787": scheme, host and port, no path. */
  origin: text("origin").notNull(),
  updatedAt: updatedAt(),
});

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
    /** Extra email headers as a JSON object (e.g. List-Unsubscribe), null when there are none. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("queued"),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at"),
    /**
     * Makes an email exactly-once (a receipt): the first send with a key claims it, any later send
     * with the same key sends nothing. Null for the emails that may repeat.
     */
    dedupeKey: text("dedupe_key"),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_key_unique").on(t.dedupeKey),
    index("email_outbox_created_at_idx").on(t.createdAt),
    index("email_outbox_status_idx").on(t.status, t.createdAt),
    index("email_outbox_to_address_idx").on(t.toAddress),
  ],
);

export type RateLimit = typeof rateLimits.$inferSelect;

export type NewRateLimit = typeof rateLimits.$inferInsert;

export type Job = typeof jobs.$inferSelect;

export type NewJob = typeof jobs.$inferInsert;

export type AppOrigin = typeof appOrigins.$inferSelect;

export type EmailOutboxMessage = typeof emailOutbox.$inferSelect;

export type NewEmailOutboxMessage = typeof emailOutbox.$inferInsert;
