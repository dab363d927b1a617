/**
 * Conversations (issue #39, docs/decisions/072): one thread per match candidacy, its id the
 * candidacy's (`match_candidates.id`), so a thread exists from the moment a consultant is proposed
 * and needs no row of its own; its messages, and each reader's read mark.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import { users } from "./identity";
import { matchCandidates } from "./matching";
import { MEETING_STATUSES, THREAD_PARTIES } from "../enums";

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
 * Calls proposed and booked in a conversation (issue #39 item 6, docs/decisions/074): a person in
 * the thread proposes two or three start times (UTC instants) of one duration and a place (a
 * video link or a phone number); the other side books one or declines; either side cancels a
 * booked call. `sequence` is the calendar invitation's SEQUENCE (RFC 5545), one more per change.
 */
export const threadMeetings = sqliteTable(
  "thread_meetings",
  {
    id: id(),
    /** The thread: the candidacy it is about. */
    threadId: text("thread_id")
      .notNull()
      .references(() => matchCandidates.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Null once the proposer's account is deleted. */
    proposedById: text("proposed_by_id").references(() => users.id, { onDelete: "set null" }),
    /** The proposer's side: the other sides answer. */
    proposerParty: text("proposer_party", { enum: THREAD_PARTIES }).notNull(),
    /** The times offered, earliest first (the third is optional). */
    slot1At: timestamp("slot1_at").notNull(),
    slot2At: timestamp("slot2_at").notNull(),
    slot3At: timestamp("slot3_at"),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Where: an https:// video link or a phone number. */
    location: text("location").notNull(),
    note: text("note"),
    status: text("status", { enum: MEETING_STATUSES }).notNull().default("proposed"),
    /** The time booked (1, 2 or 3) and its start, once booked (kept when cancelled). */
    chosenSlot: integer("chosen_slot"),
    startsAt: timestamp("starts_at"),
    /** Who booked or declined it, and when. */
    answeredById: text("answered_by_id").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at"),
    cancelledById: text("cancelled_by_id").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at"),
    /** RFC 5545 SEQUENCE of the calendar invitation: 0 when proposed, one more per change. */
    sequence: integer("sequence").notNull().default(0),
    /** When the reminder of the day before was sent (claimed once by the daily cron). */
    remindedAt: timestamp("reminded_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A thread's calls in time order (the thread page), and the booked calls by start (the reminder).
    index("thread_meetings_thread_created_idx").on(t.threadId, t.createdAt),
    index("thread_meetings_status_starts_idx").on(t.status, t.startsAt),
    index("thread_meetings_business_id_idx").on(t.businessId),
    index("thread_meetings_proposed_by_id_idx").on(t.proposedById),
    index("thread_meetings_answered_by_id_idx").on(t.answeredById),
    index("thread_meetings_cancelled_by_id_idx").on(t.cancelledById),
    check("thread_meetings_slot_order", sql`slot1_at < slot2_at AND (slot3_at IS NULL OR slot2_at < slot3_at)`),
    check("thread_meetings_duration", sql`duration_minutes IN (30, 45, 60)`),
    check("thread_meetings_location_length", sql`length(location) BETWEEN 1 AND 500`),
    check("thread_meetings_note_length", sql`note IS NULL OR length(note) <= 1000`),
    check(
      "thread_meetings_chosen_slot",
      sql`(chosen_slot IS NULL AND starts_at IS NULL) OR (chosen_slot IN (1, 2, 3) AND starts_at IS NOT NULL)`,
    ),
    check("thread_meetings_booked_has_slot", sql`status != 'booked' OR chosen_slot IS NOT NULL`),
    check("thread_meetings_sequence", sql`sequence >= 0`),
  ],
);

export type ThreadMeeting = typeof threadMeetings.$inferSelect;

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
