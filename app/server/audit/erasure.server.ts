import { sql } from "drizzle-orm";
import type { Database } from "~db/index";

/**
 * The audit trail of a deleted business (or of a deleted account's own actions) is kept: it is
 * the record of the payments and signatures the law requires; what it holds of people beyond
 * that goes: the IP and user agent of every row, and the detail of the changes of personal
 * details. The table's trigger allows exactly this, and only while the deletion is under way
 * (migration 0028, docs/decisions/069).
 */
export function anonymiseAuditTrail(db: Database, scope: { businessId: string } | { actorUserId: string }) {
  const where =
    "businessId" in scope ? sql`business_id = ${scope.businessId}` : sql`actor_user_id = ${scope.actorUserId}`;
  return [
    db.run(sql`UPDATE audit_events SET ip = NULL, user_agent = NULL,
      detail = CASE WHEN action = 'user.personal_updated' THEN '{}' ELSE detail END
      WHERE ${where} AND (ip IS NOT NULL OR user_agent IS NOT NULL OR action = 'user.personal_updated')`),
  ];
}
