import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~db/index";

/** The business's event registrations, and those of the people erased (docs/decisions/069). */
export function eraseEventRows(db: Database, businessId: string | null, people: SQL) {
  return [
    db.run(
      businessId
        ? sql`DELETE FROM event_registrations WHERE business_id = ${businessId} OR user_id IN ${people}`
        : sql`DELETE FROM event_registrations WHERE user_id IN ${people}`,
    ),
  ];
}
