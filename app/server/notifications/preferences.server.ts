import { and, eq, inArray } from "drizzle-orm";
import { notificationPreferences } from "~db/schema";
import { NOTIFICATION_GROUPS, type NotificationGroup } from "~/lib/notifications/notification-kinds";
import type { AppContext } from "~/server/load-context";

export type EmailPreferences = Record<NotificationGroup, boolean>;

/** Which groups of non-essential emails the user gets (true unless turned off). One query. */
export async function loadEmailPreferences(app: AppContext, userId: string): Promise<EmailPreferences> {
  const rows = await app.db
    .select({ group: notificationPreferences.groupKey, enabled: notificationPreferences.emailEnabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const preferences = Object.fromEntries(NOTIFICATION_GROUPS.map((group) => [group, true])) as EmailPreferences;
  for (const row of rows)
    if ((NOTIFICATION_GROUPS as readonly string[]).includes(row.group)) {
      preferences[row.group as NotificationGroup] = row.enabled;
    }
  return preferences;
}

function upsert(app: AppContext, userId: string, group: NotificationGroup, enabled: boolean) {
  const now = app.now();
  return app.db
    .insert(notificationPreferences)
    .values({ userId, groupKey: group, emailEnabled: enabled, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.groupKey],
      set: { emailEnabled: enabled, updatedAt: now },
    });
}

/** Saves the given groups' choices (idempotent upserts, one db.batch); other groups are kept. */
export async function saveEmailPreferences(
  app: AppContext,
  userId: string,
  preferences: Partial<EmailPreferences>,
): Promise<void> {
  const writes = NOTIFICATION_GROUPS.flatMap((group) => {
    const enabled = preferences[group];
    return enabled === undefined ? [] : [upsert(app, userId, group, enabled)];
  });
  const [first, ...rest] = writes;
  if (first) await app.db.batch([first, ...rest]);
}

/** Turns one group's emails off (the unsubscribe link). Idempotent. */
export async function unsubscribeGroup(app: AppContext, userId: string, group: NotificationGroup): Promise<void> {
  await upsert(app, userId, group, false);
}

/** The (user, group) pairs among `userIds` whose emails are off: a query for notify()'s batch. */
export function optOutsQuery(app: AppContext, userIds: readonly string[]) {
  return app.db
    .select({ userId: notificationPreferences.userId, group: notificationPreferences.groupKey })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, [...userIds]), eq(notificationPreferences.emailEnabled, false)));
}
