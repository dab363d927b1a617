/** Learning Center: articles, videos and templates managers publish, with each user's progress. */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import { BUSINESS_AREAS, LEARNING_KINDS, type MemberTier } from "../enums";
import { users } from "./identity";

export const learningItems = sqliteTable(
  "learning_items",
  {
    id: id(),
    kind: text("kind", { enum: LEARNING_KINDS }).notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    area: text("area", { enum: BUSINESS_AREAS }).notNull(),
    /** An article's text, rendered by app/lib/learning/markdown.ts (never as raw HTML). */
    bodyMarkdown: text("body_markdown").notNull().default(""),
    /** A video's https address (YouTube and Vimeo are embedded, anything else linked). */
    videoUrl: text("video_url"),
    /** A template's file in R2 (`learning/<uuid>.<ext>`), its shown name, size and SHA-256. */
    fileKey: text("file_key"),
    fileName: text("file_name"),
    fileContentType: text("file_content_type"),
    fileSizeBytes: integer("file_size_bytes"),
    fileSha256: text("file_sha256"),
    /** The plans whose businesses may open it, a JSON array of member tiers. */
    allowedTiers: text("allowed_tiers", { mode: "json" }).$type<MemberTier[]>().notNull(),
    publishedAt: timestamp("published_at"),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: timestamp("archived_at"),
  },
  (t) => [
    index("learning_items_published_at_idx").on(t.publishedAt),
    index("learning_items_created_by_id_idx").on(t.createdById),
  ],
);

/** An item a user marked done (one row per user and item; "not done" deletes it). */
export const learningProgress = sqliteTable(
  "learning_progress",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => learningItems.id, { onDelete: "cascade" }),
    doneAt: timestamp("done_at").notNull(),
  },
  (t) => [
    uniqueIndex("learning_progress_user_item_idx").on(t.userId, t.itemId),
    index("learning_progress_item_id_idx").on(t.itemId),
  ],
);

/**
 * A user's visits of the Learning Center: `seen_at` is the latest, `previous_seen_at` the start of
 * the visit before it; items published after `previous_seen_at` are "New".
 */
export const learningVisits = sqliteTable("learning_visits", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seenAt: timestamp("seen_at").notNull(),
  previousSeenAt: timestamp("previous_seen_at"),
});

export type LearningItem = typeof learningItems.$inferSelect;
export type NewLearningItem = typeof learningItems.$inferInsert;
