/** Upcoming events: peer groups, webinars and workshops managers publish and businesses join. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import { EVENT_KINDS, type MemberTier } from "../enums";
import { users } from "./identity";

export const events = sqliteTable(
  "events",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    kind: text("kind", { enum: EVENT_KINDS }).notNull(),
    startsAt: timestamp("starts_at").notNull(),
    endsAt: timestamp("ends_at").notNull(),
    /** The IANA zone the manager entered the times in (the times themselves are UTC instants). */
    timeZone: text("time_zone").notNull(),
    capacity: integer("capacity").notNull(),
    joinUrl: text("join_url").notNull(),
    /** The plans whose businesses may register, a JSON array of member tiers. */
    allowedTiers: text("allowed_tiers", { mode: "json" }).$type<MemberTier[]>().notNull(),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    cancelledAt: timestamp("cancelled_at"),
  },
  (t) => [
    index("events_starts_at_idx").on(t.startsAt),
    index("events_created_by_id_idx").on(t.createdById),
    check("events_capacity_check", sql`capacity >= 1`),
    check("events_times_check", sql`ends_at > starts_at`),
  ],
);

export const eventRegistrations = sqliteTable(
  "event_registrations",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    cancelledAt: timestamp("cancelled_at"),
    remindedAt: timestamp("reminded_at"),
  },
  (t) => [
    uniqueIndex("event_registrations_event_business_idx").on(t.eventId, t.businessId),
    index("event_registrations_business_id_idx").on(t.businessId),
    index("event_registrations_user_id_idx").on(t.userId),
  ],
);

export type Event = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type EventRegistration = typeof eventRegistrations.$inferSelect;
