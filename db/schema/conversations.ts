/**
 * Conversations (issue #39, docs/decisions/072): one thread per match candidacy, its id the
 * candidacy's (`match_candidates.id`), so a thread exists from the moment a consultant is proposed
 * and needs no row of its own; its messages, and each reader's read mark.
 */
import { sql } from "drizzle-orm";
import { check, index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./identity";
import { matchCandidates } from "./matching";
import { THREAD_PARTIES } from "../enums";

export const threadMessages = sqliteTable(
  "thread_messages",
  {
    id: id(),
    /** The thread: the candidacy it is about. */
    threadId: text("thread_id")
      .notNull()
      .references(() => matchCandidates.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Null once the author's account is deleted (the message stays, "Former member"). */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Which side wrote it: the business (a member), the consultant, or the engagement manager. */
    authorParty: text("author_party", { enum: THREAD_PARTIES }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    /** When the author last changed the text (within MESSAGE_EDIT_WINDOW_MS of createdAt). */
    editedAt: timestamp("edited_at"),
    /** When an engagement manager hid it, and who: the thread shows that a message was hidden. */
    hiddenAt: timestamp("hidden_at"),
    hiddenById: text("hidden_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // Keyset pages of a thread, newest first (created_at, id), and its unread counts.
    index("thread_messages_thread_created_idx").on(t.threadId, t.createdAt, t.id),
    index("thread_messages_business_id_idx").on(t.businessId),
    index("thread_messages_author_id_idx").on(t.authorId),
    check("thread_messages_body_length", sql`length(body) BETWEEN 1 AND 5000`),
  ],
);

/** How far each person has read each thread: messages after `readAt` are unread to them. */
export const threadReads = sqliteTable(
  "thread_reads",
  {
    threadId: text("thread_id")
      .notNull()
      .references(() => matchCandidates.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index("thread_reads_user_id_idx").on(t.userId)],
);

export type ThreadMessage = typeof threadMessages.$inferSelect;

/**
 * The emailed digests of unread messages (docs/decisions/075): per thread and person, up to which
 * message (its created_at in ms) they have been emailed, and the range a digest being sent claims
 * (`claimedUpTo` above `emailedUpTo`): a redelivered or duplicate queue message resumes that claim
 * under the same outbox key, so nothing is emailed twice and a worker that dies loses nothing.
 */
export const messageDigests = sqliteTable(
  "message_digests",
  {
    threadId: text("thread_id")
      .notNull()
      .references(() => matchCandidates.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Messages created up to this instant were emailed (or skipped: read, or emails turned off). */
    emailedUpTo: timestamp("emailed_up_to").notNull(),
    /** The digest being sent covers (emailedUpTo, claimedUpTo]; equal once it is done. */
    claimedUpTo: timestamp("claimed_up_to").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index("message_digests_user_id_idx").on(t.userId)],
);
