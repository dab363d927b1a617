import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { EmailDeliveryError, sendEmail } from "~/server/platform/email.server";

/**
 * What every invitation link shares (a consultant's, a staff member's, a business's): the token's
 * shape (32 random bytes, base64url: 43 characters; D1 keeps only its SHA-256), the check that the
 * invited email has no account yet, the inviter's name as the pages and emails say it, and the
 * sending of the email.
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

/** "First Last" of the user `userId`, or null when there is none. */
export async function userFullName(app: AppContext, userId: string): Promise<string | null> {
  const [row] = await app.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? inviterName(row.firstName, row.lastName) : null;
}

/**
 * Emails an invitation's link; false when the provider refused it (the invitation is kept: the
 * inviter uses Resend later). Any other failure is thrown.
 */
export async function sendInvitationEmail(
  app: AppContext,
  email: { to: string; kind: string; subject: string; text: string; html: string },
): Promise<boolean> {
  try {
    await sendEmail(app, email);
    return true;
  } catch (error) {
    if (error instanceof EmailDeliveryError) {
      console.error(`The ${email.kind} email could not be sent:`, error.message);
      return false;
    }
    throw error;
  }
}
