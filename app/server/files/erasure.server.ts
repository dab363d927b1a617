import { sql } from "drizzle-orm";
import type { Database } from "~db/index";

/** The rows of the business's files (their bytes are removed from R2 before, docs/decisions/069). */
export function eraseFileRows(db: Database, businessId: string) {
  return [db.run(sql`DELETE FROM files WHERE business_id = ${businessId}`)];
}
