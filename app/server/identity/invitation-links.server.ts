import { eq, sql } from "drizzle-orm";
import { users } from "~db/schema";
import {
  INVITATION_TTL_MS,
  invitationChangeRefusal,
  invitationLinkProblem,
  invitationStatus,
  type InvitationChangeTexts,
  type InvitationLinkTexts,
} from "~/lib/identity/invitations";
import { hashToken, newToken } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { EmailDeliveryError, sendEmail } from "~/server/platform/email.server";

/**
 * What every invitation link shares (a consultant's, a staff member's, a business's): the token's
 * shape (32 random bytes, base64url: 43 characters; D1 keeps only its SHA-256) and its 7 days, the
 * lookup of a link with the reasons it cannot be used, the resend and revoke of an open invitation
 * with their refusals, the check that the invited email has no account yet, the inviter's name as
 * the pages and emails say it, and the sending of the email. Each domain keeps its own table: it
 * hands these functions its statements (closures over its table) and its texts.
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

/** A new link: the token the email carries, the SHA-256 D1 keeps of it, and its end 7 days from `now`. */
export async function newInvitationLink(now: Date): Promise<{ token: string; tokenHash: string; expiresAt: Date }> {
  const token = newToken();
  return { token, tokenHash: await hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) };
}

/** The partial unique index's condition (one open invitation per email): the upsert's `targetWhere`. */
export const OPEN_INVITATION_INDEX_WHERE = sql`accepted_at IS NULL AND revoked_at IS NULL`;

/** An invitation row's timestamps, from which its status is told. */
type InvitationTimes = { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date };

/**
 * The invitation of a link while it can be used, or what the page says instead: a token of the
 * wrong shape or of no invitation is unknown; a used, expired or withdrawn one says so. `find`
 * is the domain's query of its table by the token's hash.
 */
export async function openInvitationOfLink<Row extends InvitationTimes>(
  app: AppContext,
  token: string,
  texts: InvitationLinkTexts,
  find: (tokenHash: string) => Promise<Row | undefined>,
): Promise<{ ok: true; row: Row } | { ok: false; msg: string }> {
  const row = INVITATION_TOKEN_PATTERN.test(token) ? await find(await hashToken(token)) : undefined;
  const problem = invitationLinkProblem(row ? invitationStatus(row, app.now()) : "unknown", texts);
  return problem || !row ? { ok: false, msg: problem ?? texts.unknown } : { ok: true, row };
}

type ChangeRefusal = ReturnType<typeof invitationChangeRefusal>;

/**
 * A new link and 7 new days for an open invitation (pending or expired); the old link dies.
 * `change` is the domain's conditional update of its open invitation (with whatever it records in
 * the same batch) answering the row, or nothing when it is not open; `exists` tells a closed one
 * (409) from none (404); `send` emails the new link, false when the provider refused it (503: the
 * invitation is kept, Resend later).
 */
export async function resendOpenInvitation<Row>(
  app: AppContext,
  steps: {
    change: (link: { tokenHash: string; expiresAt: Date }) => Promise<Row | undefined>;
    exists: () => Promise<boolean>;
    send: (row: Row, token: string) => Promise<boolean>;
  },
  texts: InvitationChangeTexts & { resent: string; emailFailed: string },
): Promise<{ ok: true; msg: string } | ChangeRefusal | { ok: false; status: 503; msg: string }> {
  const { token, ...link } = await newInvitationLink(app.now());
  const row = await steps.change(link);
  if (row === undefined) return invitationChangeRefusal(await steps.exists(), texts);
  if (!(await steps.send(row, token))) return { ok: false, status: 503, msg: texts.emailFailed };
  return { ok: true, msg: texts.resent };
}

/** Withdraws an open invitation (its link says so from now on): `change` as for a resend, given the time. */
export async function revokeOpenInvitation(
  app: AppContext,
  steps: { change: (revokedAt: Date) => Promise<unknown>; exists: () => Promise<boolean> },
  texts: InvitationChangeTexts & { revoked: string },
): Promise<{ ok: true; msg: string } | ChangeRefusal> {
  const row = await steps.change(app.now());
  if (row === undefined) return invitationChangeRefusal(await steps.exists(), texts);
  return { ok: true, msg: texts.revoked };
}
