/** Privacy: a business's or a consultant's data exported, and their deletion (docs/decisions/069). */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import { ACCOUNT_DELETION_STATUSES, DATA_EXPORT_STATUSES } from "../enums";

/**
 * One export of everything a business (or a consultant: `business_id` null, `user_id` theirs) gave
 * and got, built on the privacy queue into one ZIP in R2 (`r2_key`), downloadable for 7 days. At
 * most one open (queued or building) export per business and per consultant: a partial unique
 * index, so a double click reuses the open one. The row is its own job: `attempts` and
 * `started_at` are the lease (a build whose worker died is taken over after JOB_LEASE_MS).
 * No foreign keys: a deleted business's or account's rows go with the deletion, in its batch.
 */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: id(),
    businessId: text("business_id"),
    /** The consultant whose own account is exported; null for a business's export. */
    userId: text("user_id"),
    requestedByUserId: text("requested_by_user_id").notNull(),
    status: text("status", { enum: DATA_EXPORT_STATUSES }).notNull().default("queued"),
    /** 0–100, written as the build goes. */
    progress: integer("progress").notNull().default(0),
    r2Key: text("r2_key"),
    sizeBytes: integer("size_bytes"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp("started_at"),
    finishedAt: timestamp("finished_at"),
    /** finished_at + 7 days once ready: the download answers "expired" after it. */
    expiresAt: timestamp("expires_at"),
  },
  (t) => [
    uniqueIndex("data_exports_open_business_unique")
      .on(t.businessId)
      .where(sql`status IN ('queued', 'building') AND business_id IS NOT NULL`),
    uniqueIndex("data_exports_open_user_unique")
      .on(t.userId)
      .where(sql`status IN ('queued', 'building') AND business_id IS NULL`),
    index("data_exports_business_idx").on(t.businessId, t.createdAt),
    index("data_exports_user_idx").on(t.userId, t.createdAt),
    index("data_exports_status_idx").on(t.status, t.updatedAt),
  ],
);

/**
 * A deletion asked for by a business's owner (`business_id`) or a consultant (`user_id`, business
 * null). One per business and per consultant (unique): two racing requests make one deletion.
 * `deleting` until the job has done every step (each one safe to run again); `deleted` after.
 * Kept after the deletion: it is the record that the account was deleted, and when.
 */
export const accountDeletions = sqliteTable(
  "account_deletions",
  {
    id: id(),
    businessId: text("business_id"),
    userId: text("user_id"),
    requestedByUserId: text("requested_by_user_id").notNull(),
    status: text("status", { enum: ACCOUNT_DELETION_STATUSES }).notNull().default("deleting"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When the Stripe subscription was cancelled and the QuickBooks grant revoked (each once). */
    subscriptionCancelledAt: timestamp("subscription_cancelled_at"),
    quickbooksRevokedAt: timestamp("quickbooks_revoked_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp("started_at"),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [
    uniqueIndex("account_deletions_business_unique").on(t.businessId),
    uniqueIndex("account_deletions_user_unique").on(t.userId),
    index("account_deletions_status_idx").on(t.status, t.updatedAt),
  ],
);

export type DataExport = typeof dataExports.$inferSelect;
export type AccountDeletion = typeof accountDeletions.$inferSelect;
