import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~db/index";

/** The notifications of the business and of the people erased, and their email choices (docs/decisions/069). */
export function eraseNotificationRows(db: Database, businessId: string | null, people: SQL) {
  return [
    db.run(
      businessId
        ? sql`DELETE FROM notifications WHERE business_id = ${businessId} OR user_id IN ${people}`
        : sql`DELETE FROM notifications WHERE user_id IN ${people}`,
    ),
    db.run(sql`DELETE FROM notification_preferences WHERE user_id IN ${people}`),
  ];
}
