/** Email notification preferences: which groups of non-essential emails a person turned off. */
import { primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, timestamp } from "./columns";
import { users } from "./identity";

/**
 * One row per person and preference group they set (app/lib/notifications/notification-kinds.ts
 * names the groups). No row means the emails are sent. Essential kinds (security, payments,
 * signatures) ignore this table.
 */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A NotificationGroup, e.g. 'matching'. */
    groupKey: text("group_key").notNull(),
    /** False: no email for this group (the in-app notification is still written). */
    emailEnabled: bool("email_enabled").notNull(),
    updatedAt: timestamp("updated_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupKey] })],
);

export type NotificationPreference = typeof notificationPreferences.$inferSelect;
