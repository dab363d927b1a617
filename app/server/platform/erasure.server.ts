import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~db/index";

/**
 * The platform's part of an erasure (docs/decisions/069): the emails sent to the people erased
 * (their addresses and names are in them) and the business's background jobs. Statements for the
 * deletion's one batch; each safe to run again. `people` is a subquery of the erased user ids.
 */
export function erasePlatformRows(db: Database, businessId: string | null, people: SQL) {
  return [
    db.run(sql`DELETE FROM email_outbox WHERE to_address IN (SELECT email FROM users WHERE id IN ${people})`),
    ...(businessId ? [db.run(sql`DELETE FROM jobs WHERE business_id = ${businessId}`)] : []),
  ];
}
