import { desc, eq } from "drizzle-orm";
import { notifications } from "~db/schema";
import type { AppContext } from "~/server/load-context";

/** The bell and the dashboard's Notifications card show the newest five. */
export const NOTIFICATION_LIMIT = 5;

export type NotificationItem = { id: string; title: string; body: string; createdAt: string; link: string | null };

/**
 * The user's newest notifications, newest first: the one list behind both the top bar's bell and
 * the dashboard's Notifications card (the `_app` layout loads it once for both), so the two can
 * never disagree. One D1 query.
 */
export async function loadNotifications(
  app: AppContext,
  userId: string,
  limit: number = NOTIFICATION_LIMIT,
): Promise<NotificationItem[]> {
  const rows = await app.db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      createdAt: notifications.createdAt,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
