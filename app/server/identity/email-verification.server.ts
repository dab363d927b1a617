import { and, eq, isNull, sql } from "drizzle-orm";
import { emailChanges, users } from "~db/schema";
import { EMAIL_VERIFICATION_TTL_DAYS, type ResendOutcome } from "~/lib/identity/email-verification";
import type { AppContext } from "~/server/load-context";
import { sendEmail } from "~/server/platform/email.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import { countAttempt, verdictOf, type RateLimitPolicy } from "~/server/platform/rate-limit.server";
import { expirePendingEmailChanges, greeting, hashEmailChangeToken, newEmailLinkToken } from "./email-change.server";

/**
 * Verified email (docs/decisions/070). A new account's sign-in email is proven by a link sent to
 * it; the link is an `email_changes` row whose new address is the account's current one, so it
 * shares the change of address's machinery (ADR 050): a 256-bit token of which D1 keeps the
 * HMAC, /verify-email whose GET shows and whose POST confirms (`confirmEmailChange`: once, the
 * user's newest link only, in one batch that also sets `users.email_verified_at`).
 *
 * Accounts made from an emailed invitation are verified when they accept it: following a link
 * sent to the address proves it (`verifiedOnAcceptance`).
 */

const TTL_MS = EMAIL_VERIFICATION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** "Send the link again": at most this many links an hour per account. */
export const RESEND_POLICY: RateLimitPolicy = { max: 5, windowMs: 60 * 60 * 1000 };

export type VerificationLinkResult = { ok: true } | { ok: false };

/**
 * Sends a verification link to the user's current address, expiring any earlier link (of either
 * kind) in the same batch, so only the newest works. Nothing is sent to an account already
 * verified. A delivery that fails expires the new link and answers `{ ok: false }`: the banner's
 * "Send the link again" tries once more.
 */
export async function sendVerificationLink(
  app: AppContext,
  userId: string,
  origin: string,
): Promise<VerificationLinkResult & { sent?: boolean }> {
  const [user] = await app.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  if (!user) return { ok: true, sent: false };
  const now = app.now();
  const token = newEmailLinkToken();
  const id = crypto.randomUUID();
  await app.db.batch([
    expirePendingEmailChanges(app, userId, now),
    app.db.insert(emailChanges).values({
      id,
      userId,
      newEmail: user.email,
      tokenHash: await hashEmailChangeToken(token, app.env.PASSWORD_PEPPER),
      expiresAt: new Date(now.getTime() + TTL_MS),
      createdAt: now,
    }),
  ]);
  try {
    await sendEmail(app, {
      to: user.email,
      kind: "email_verification",
      ...verificationEmail(user.firstName, user.email, `${origin}/verify-email?token=${token}`),
    });
  } catch (error) {
    console.error("email verification link failed", error instanceof Error ? error.message : error);
    await app.db.update(emailChanges).set({ expiresAt: now }).where(eq(emailChanges.id, id));
    return { ok: false };
  }
  return { ok: true, sent: true };
}

/**
 * A new account's first link, sent right after it was made: a failure is logged and leaves the
 * account as it is (the banner offers "Send the link again"); it never undoes the sign-up.
 */
export async function sendFirstVerificationLink(app: AppContext, userId: string, origin: string): Promise<void> {
  try {
    await sendVerificationLink(app, userId, origin);
  } catch (error) {
    console.error("the first email verification link failed", error instanceof Error ? error.message : error);
  }
}

/**
 * The banner's "Send the link again": limited per account (RESEND_POLICY, on the shared
 * rate-limit table, counted before anything is sent); an account already verified is told it was
 * sent (there is nothing to do).
 */
export async function resendVerificationLink(
  app: AppContext,
  viewer: { user: { id: string; emailVerified: boolean } },
  origin: string,
): Promise<ResendOutcome> {
  if (viewer.user.emailVerified) return "sent";
  const now = app.now();
  const limit = { key: `verify-email:user:${viewer.user.id}`, policy: RESEND_POLICY };
  const verdict = verdictOf([limit], [await countAttempt(app, limit, now)], now);
  if (!verdict.allowed) return "limited";
  const result = await sendVerificationLink(app, viewer.user.id, origin);
  return result.ok ? "sent" : "failed";
}

/**
 * The statement that marks an existing account verified because it accepted an invitation emailed
 * to its own address (a business member who signs in to accept): only while the account's email
 * is still the invitation's, and a first proof stands. For the caller's batch.
 */
export function markEmailVerifiedStatement(app: AppContext, userId: string, invitedEmail: string, now: Date) {
  return app.db
    .update(users)
    .set({ emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${now.getTime()})` })
    .where(and(eq(users.id, userId), eq(users.email, invitedEmail.trim().toLowerCase())));
}

/** The email with the link. */
export function verificationEmail(firstName: string, email: string, link: string) {
  const { text, html } = renderEmail({
    heading: "Confirm your email address",
    blocks: [
      greeting(firstName),
      {
        type: "paragraph",
        text: `Welcome to Partwise. Open this link to confirm that ${email} is your email address. Paying, inviting colleagues and receiving payouts wait until you do. The link works once and expires in ${EMAIL_VERIFICATION_TTL_DAYS} days.`,
      },
      { type: "button", label: "Confirm my email", url: link },
      {
        type: "paragraph",
        text: "If you didn't create a Partwise account, ignore this email.",
      },
    ],
    footer: "You got this email because this address was used to create a Partwise account.",
  });
  return { subject: "Confirm your email address for Partwise", text, html };
}
