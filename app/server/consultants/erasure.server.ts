import { sql } from "drizzle-orm";
import type { Database } from "~db/index";

/**
 * A consultant's deletion (docs/decisions/069): their profile, its drafts, past clients and
 * vetting records, invitation and application go (the photo's bytes are removed from R2 before).
 */
export function eraseConsultantRows(db: Database, userId: string) {
  return [
    // Before the account's address is erased: the application is found by it.
    db.run(sql`DELETE FROM consultant_applications WHERE email = (SELECT email FROM users WHERE id = ${userId})`),
    db.run(sql`DELETE FROM consultant_invitations WHERE accepted_user_id = ${userId}`),
    db.run(sql`DELETE FROM consultant_profile_drafts WHERE user_id = ${userId}`),
    db.run(sql`DELETE FROM consultant_experiences WHERE consultant_id = ${userId}`),
    db.run(sql`DELETE FROM consultant_vettings WHERE consultant_id = ${userId}`),
    db.run(sql`DELETE FROM consultant_profiles WHERE user_id = ${userId}`),
  ];
}
