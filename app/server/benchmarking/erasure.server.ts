import { sql } from "drizzle-orm";
import type { Database } from "~db/index";

/** The business's benchmarking reports and access (the payments for them are kept, docs/decisions/069). */
export function eraseBenchmarkingRows(db: Database, businessId: string) {
  return [
    db.run(sql`DELETE FROM benchmark_reports WHERE business_id = ${businessId}`),
    db.run(sql`DELETE FROM benchmarking_purchases WHERE business_id = ${businessId}`),
  ];
}
