import { sql } from "drizzle-orm";
import type { Database } from "~db/index";

/**
 * A consultant's deletion (docs/decisions/069): the payout account's row goes (Stripe keeps the
 * connected account); the transfers stay, as payments the law requires to keep.
 */
export function erasePayoutRows(db: Database, userId: string) {
  return [db.run(sql`DELETE FROM consultant_payout_accounts WHERE consultant_user_id = ${userId}`)];
}
