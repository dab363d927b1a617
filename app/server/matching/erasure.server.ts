import { sql } from "drizzle-orm";
import type { Database } from "~db/index";

/**
 * The business's match requests (docs/decisions/069): one under a signed engagement is kept (the
 * engagement points at it) with its problem statement and feedback blanked; the others go with
 * their candidates and suggestions.
 */
export function eraseMatchingRows(db: Database, businessId: string) {
  const kept = sql`EXISTS (SELECT 1 FROM delivery_outlines o WHERE o.match_request_id = match_requests.id)`;
  return [
    db.run(sql`DELETE FROM match_suggestions WHERE business_id = ${businessId}`),
    db.run(sql`DELETE FROM match_requests WHERE business_id = ${businessId} AND NOT ${kept}`),
    db.run(
      sql`UPDATE match_requests SET problem_statement = '', client_feedback = NULL WHERE business_id = ${businessId}`,
    ),
  ];
}
