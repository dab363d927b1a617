import { sql } from "drizzle-orm";
import type { Database } from "~db/index";

/** The business's insight requests and reports (their payments are kept, docs/decisions/069). */
export function eraseInsightRows(db: Database, businessId: string) {
  return [
    db.run(sql`DELETE FROM insight_reports WHERE business_id = ${businessId}`),
    db.run(sql`DELETE FROM insight_requests WHERE business_id = ${businessId}`),
  ];
}
