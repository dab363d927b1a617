import { sql } from "drizzle-orm";
import type { Database } from "~db/index";

/** The business's books: the connection (revoked at Intuit before), its OAuth states, reports and value insights (docs/decisions/069). */
export function eraseFinanceRows(db: Database, businessId: string) {
  return [
    db.run(sql`DELETE FROM oauth_states WHERE business_id = ${businessId}`),
    db.run(sql`DELETE FROM accounting_connections WHERE business_id = ${businessId}`),
    db.run(sql`DELETE FROM value_insights WHERE business_id = ${businessId}`),
    db.run(sql`DELETE FROM finance_reports WHERE business_id = ${businessId}`),
  ];
}
