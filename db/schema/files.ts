/** Files: uploads stored in R2. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { threadMessages } from "./conversations";
import { createdAt, id } from "./columns";
import { deliveryItems } from "./engagements";
import { FILE_PURPOSES } from "../enums";
import { users } from "./identity";
import { insightRequests } from "./insights";
import { matchRequests } from "./matching";

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
    /** The message of a conversation the file is attached to (docs/decisions/076). */
    threadMessageId: text("thread_message_id").references(() => threadMessages.id, { onDelete: "set null" }),
    /** The Documents Hub folder of a company document (trimmed, 1–60 characters); null when in none. */
    folder: text("folder"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("files_r2_key_unique").on(t.r2Key),
    index("files_business_created_idx").on(t.businessId, t.createdAt),
    index("files_uploaded_by_user_id_idx").on(t.uploadedByUserId),
    index("files_insight_request_id_idx").on(t.insightRequestId),
    index("files_match_request_id_idx").on(t.matchRequestId),
    index("files_delivery_item_id_idx").on(t.deliveryItemId),
    index("files_thread_message_id_idx").on(t.threadMessageId),
    index("files_business_purpose_idx").on(t.businessId, t.purpose),
    // Spec §5: at most 16,000,000 bytes.
    check("files_size_range", sql`size_bytes >= 0 AND size_bytes <= 16000000`),
  ],
);

export type StoredFile = typeof files.$inferSelect;

export type NewStoredFile = typeof files.$inferInsert;
