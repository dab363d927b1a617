import { eq, sql, type SQL } from "drizzle-orm";
import { users } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { verifyPassword } from "./password.server";

import type { Database } from "~db/index";

/**
 * The people a business's deletion erases: its members who belong to no other business, and
 * are clients (staff and consultants are never a business's members by account). A subquery,
 * read before the memberships go (they go last in the deletion's batch).
 */
export function erasedMembersOf(businessId: string): SQL {
  return sql`(SELECT m.user_id FROM business_members m JOIN users u ON u.id = m.user_id
    WHERE m.business_id = ${businessId} AND u.role = 'client'
      AND NOT EXISTS (SELECT 1 FROM business_members o WHERE o.user_id = m.user_id AND o.business_id <> ${businessId}))`;
}

/** Every member of the business, erased or not (their sessions end when the deletion is asked). */
export function membersOf(businessId: string): SQL {
  return sql`(SELECT user_id FROM business_members WHERE business_id = ${businessId})`;
}

/**
 * When a deletion is asked (docs/decisions/069): the sessions of `everyone` end, and the accounts
 * to be erased are closed (users.deactivated_at), so no one signs in while the job runs.
 */
export function closeAccountsForDeletion(db: Database, everyone: SQL, erased: SQL, at: Date) {
  const ms = at.getTime();
  return [
    db.run(
      sql`UPDATE users SET deactivated_at = ${ms}, updated_at = ${ms} WHERE id IN ${erased} AND deactivated_at IS NULL`,
    ),
    db.run(sql`DELETE FROM sessions WHERE user_id IN ${everyone}`),
  ];
}

/**
 * The people's personal data erased (docs/decisions/069): each account stays as an anonymous,
 * closed row ("Deleted user", an address that cannot receive mail, no password), so the records
 * kept by law (payments, signatures) keep pointing at a row; its sessions, password resets and
 * email changes go.
 */
export function eraseAccounts(db: Database, people: SQL, at: Date) {
  const ms = at.getTime();
  return [
    db.run(sql`DELETE FROM sessions WHERE user_id IN ${people}`),
    db.run(sql`DELETE FROM password_resets WHERE user_id IN ${people}`),
    db.run(sql`DELETE FROM email_changes WHERE user_id IN ${people}`),
    db.run(sql`UPDATE users SET email = 'deleted-' || id || '@deleted.invalid', first_name = 'Deleted', last_name = 'user',
      phone = '', password_hash = '!', deactivated_at = COALESCE(deactivated_at, ${ms}), updated_at = ${ms}
      WHERE id IN ${people} AND email NOT LIKE 'deleted-%@deleted.invalid'`),
  ];
}

/** Whether `password` is the account's (the confirmation of a deletion). */
export async function passwordMatches(app: AppContext, userId: string, password: string): Promise<boolean> {
  const row = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  if (!row) return false;
  return (await verifyPassword(password, row.hash, app.env.PASSWORD_PEPPER)).valid;
}
