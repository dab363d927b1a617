import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import type { AppContext } from "~/server/load-context";

/**
 * What every invitation link shares (a consultant's, a staff member's): the token's shape (32
 * random bytes, base64url: 43 characters; D1 keeps only its SHA-256), the check that the invited
 * email has no account yet, and the inviter's name as the pages and emails say it.
 */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whether an account already uses this (lowercased) email. */
export async function emailHasAccount(app: AppContext, email: string): Promise<boolean> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row);
}

/** "First Last" of a joined inviter, or null when the inviter is gone (or was the command line). */
export function inviterName(first: string | null, last: string | null): string | null {
  return first === null ? null : `${first} ${last ?? ""}`.trim();
}
