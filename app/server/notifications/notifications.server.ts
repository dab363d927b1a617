import { and, count, desc, eq, isNull, type Placeholder } from "drizzle-orm";
import { notifications } from "~db/schema";
import { NOTIFICATIONS_PAGE_SIZE, inAppPath } from "~/lib/notifications/notification-copy";
import type { AppContext } from "~/server/load-context";
import type { Database } from "~db/index";
import { preparedRead, runReads } from "~db/prepared";

/** The bell and the dashboard's Notifications card show the newest five. */
export const NOTIFICATION_LIMIT = 5;

export type NotificationItem = {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  link: string | null;
  /** Not yet read (opened or marked read). */
  unread: boolean;
};

const columns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  createdAt: notifications.createdAt,
  link: notifications.link,
  readAt: notifications.readAt,
};

type Row = { id: string; title: string; body: string; createdAt: Date; link: string | null; readAt: Date | null };

function toItem(row: Row): NotificationItem {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    link: row.link,
    unread: row.readAt === null,
  };
}

/** The user's notifications, newest first (values, or placeholders for a prepared read). */
function newest(db: Database, userId: string | Placeholder, limit: number | Placeholder, offset = 0) {
  return db
    .select(columns)
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

function unreadCount(app: AppContext, userId: string) {
  return app.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

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
  const rows = await newest(app.db, userId, limit);
  return rows.map(toItem);
}

/** The bell's list (newest first, `limit` of them) and its unread count, read on every page. */
const summaryRows = preparedRead(["userId", "limit"], (db, p) => newest(db, p.userId, p.limit).prepare());
const unreadRows = preparedRead(["userId"], (db, p) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, p.userId), isNull(notifications.readAt)))
    .prepare(),
);

/** The bell's list and its unread count: one D1 round trip (db.batch). */
export async function loadNotificationSummary(
  app: AppContext,
  userId: string,
  limit: number = NOTIFICATION_LIMIT,
): Promise<{ notifications: NotificationItem[]; unread: number }> {
  const [rows, unread] = await runReads(app.db, [
    summaryRows(app.db, { userId, limit }),
    unreadRows(app.db, { userId }),
  ]);
  return { notifications: rows.map(toItem), unread: unread[0]?.n ?? 0 };
}

export type NotificationPage = {
  notifications: NotificationItem[];
  /** 1-based, clamped to the last page. */
  page: number;
  pageCount: number;
  total: number;
  unread: number;
};

/**
 * One page of the user's notifications, newest first, with the total and the unread count. One
 * D1 round trip (db.batch); a page past the end answers the last page's rows on the next visit
 * (the count is known only with the rows), so an out-of-range page shows as empty with its links.
 */
export async function loadNotificationPage(app: AppContext, userId: string, page: number): Promise<NotificationPage> {
  const offset = (page - 1) * NOTIFICATIONS_PAGE_SIZE;
  const [rows, totals, unread] = await app.db.batch([
    newest(app.db, userId, NOTIFICATIONS_PAGE_SIZE, offset),
    app.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    unreadCount(app, userId),
  ]);
  const total = totals[0]?.n ?? 0;
  return {
    notifications: rows.map(toItem),
    page,
    pageCount: Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE)),
    total,
    unread: unread[0]?.n ?? 0,
  };
}

/**
 * Marks one of the user's notifications read. Idempotent (a read one keeps its first read time);
 * another user's or an unknown id answers null and changes nothing. One round trip (db.batch).
 * Returns the notification's in-app link (null when it has none).
 */
export async function markNotificationRead(
  app: AppContext,
  userId: string,
  notificationId: string,
): Promise<{ link: string | null } | null> {
  const own = and(eq(notifications.id, notificationId), eq(notifications.userId, userId));
  const [, rows] = await app.db.batch([
    app.db
      .update(notifications)
      .set({ readAt: app.now() })
      .where(and(own, isNull(notifications.readAt))),
    app.db.select({ link: notifications.link }).from(notifications).where(own).limit(1),
  ]);
  const row = rows[0];
  return row ? { link: inAppPath(row.link) } : null;
}

/** Marks every unread notification of the user read (idempotent). Returns how many changed. */
export async function markAllNotificationsRead(app: AppContext, userId: string): Promise<number> {
  const changed = await app.db
    .update(notifications)
    .set({ readAt: app.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return changed.length;
}
