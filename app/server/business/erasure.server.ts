import { sql } from "drizzle-orm";
import type { Database } from "~db/index";

/**
 * The business itself (docs/decisions/069): its memberships and invitations (the invited emails) go; its row stays as a tombstone
 * ("Deleted business", no place, no preferences) so the payments and signed statements of work
 * kept by law still belong to a row. Its Stripe customer and subscription ids stay: they find
 * the kept payments at Stripe.
 */
export function eraseBusinessRows(db: Database, businessId: string, at: Date) {
  const ms = at.getTime();
  return [
    db.run(sql`DELETE FROM business_members WHERE business_id = ${businessId}`),
    db.run(sql`DELETE FROM business_invitations WHERE business_id = ${businessId}`),
    db.run(sql`UPDATE businesses SET name = 'Deleted business', client_role = '', city = '', state = '',
      member_tier = 'BASIC', subscription_status = 'canceled', updated_at = ${ms} WHERE id = ${businessId}`),
  ];
}
