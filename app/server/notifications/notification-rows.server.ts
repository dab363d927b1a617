// The writes other domains make to notifications outside notify() (ADR 057: each domain owns its
// tables): insights writes the "report ready" notification in the same db.batch as the publish,
// as INSERT … SELECT so it exists only when the publish did. The statement is answered unrun.
import type { Database } from "~db/index";
import { notifications } from "~db/schema";

const insertInto = (db: Database) => db.insert(notifications);
type NotificationsInsert = ReturnType<typeof insertInto>;
/** A SELECT naming every column of notifications (drizzle checks names and order against the table). */
export type NotificationRowsSelect = Parameters<NotificationsInsert["select"]>[0];

/**
 * INSERT INTO notifications SELECT … ON CONFLICT (id) DO NOTHING: the rows `select` yields, each
 * once (their ids derived from what they announce, a repeat writes nothing). Answers the user ids
 * of the rows it wrote (whom to email).
 */
export function insertNotificationsOnceFrom(db: Database, select: NotificationRowsSelect) {
  return insertInto(db)
    .select(select)
    .onConflictDoNothing({ target: notifications.id })
    .returning({ userId: notifications.userId });
}
