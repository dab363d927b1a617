/** Notifications shown to users. */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./identity";

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

export type Notification = typeof notifications.$inferSelect;

export type NewNotification = typeof notifications.$inferInsert;
