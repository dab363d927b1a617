import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~db/index";

/** The messages to support of the business and of the people erased (docs/decisions/069). */
export function eraseSupportRows(db: Database, businessId: string | null, people: SQL) {
  return [
    db.run(
      businessId
        ? sql`DELETE FROM support_messages WHERE business_id = ${businessId} OR user_id IN ${people}`
        : sql`DELETE FROM support_messages WHERE user_id IN ${people}`,
    ),
  ];
}
