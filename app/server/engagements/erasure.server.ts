import { sql } from "drizzle-orm";
import type { Database } from "~db/index";

/**
 * The business's engagements (docs/decisions/069): a signed one is kept (the statement of work,
 * its deliverables and their money are records the law requires) without what its people wrote
 * beyond the contract (review notes; the signature's IP and user agent); an unsigned one goes
 * with everything under it; the manager's notes go.
 */
export function eraseEngagementRows(db: Database, businessId: string) {
  return [
    db.run(sql`DELETE FROM engagement_notes WHERE business_id = ${businessId}`),
    db.run(sql`DELETE FROM delivery_outlines WHERE business_id = ${businessId} AND signed_version IS NULL`),
    db.run(sql`UPDATE delivery_outlines SET business_notes = NULL WHERE business_id = ${businessId}`),
    db.run(sql`UPDATE delivery_item_decisions SET business_notes = '' WHERE business_id = ${businessId}`),
    db.run(sql`UPDATE sow_signatures SET ip_address = NULL, user_agent = NULL WHERE business_id = ${businessId}`),
  ];
}
