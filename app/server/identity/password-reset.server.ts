import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { passwordResets, sessions, users } from "~db/schema";
import {
  PASSWORD_RESET_DONE_MESSAGE,
  RECOVERY_FAILED_MESSAGE,
  RECOVERY_PASSWORD_MAX_ATTEMPTS,
  RECOVERY_PASSWORD_TTL_MINUTES,
  RESET_REQUESTED_MESSAGE,
} from "~/lib/identity/password-reset-copy";
import type { PasswordRecoveryInput, PasswordResetRequestInput } from "~/lib/identity/password-reset-schema";
import { appOrigin } from "~/server/platform/app-origin.server";
import { sendEmail } from "~/server/platform/email.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import type { AppContext } from "~/server/load-context";
import { hashPassword } from "./password.server";
import { expirePendingEmailChanges } from "./email-change.server";
import { sendPasswordChangedNotice } from "./password-change.server";
import {
  authRateLimits,
  countAttempt,
  notRefused,
  recordFailure,
  recordSuccess,
  TOO_MANY_ATTEMPTS_MESSAGE,
  verdictOf,
} from "~/server/platform/rate-limit.server";
import { createSession, viewerUserColumns, type Viewer } from "./session.server";

/**
 * Password reset by email (spec §2, §4, §8).
 *
 * 1. `requestPasswordReset`: a single-use recovery password (12 characters from an alphabet
 *    without look-alikes, about 60 bits) is emailed; D1 keeps only its HMAC-SHA256 under the
 *    password pepper. It expires after 30 minutes and dies after 5 wrong tries; asking again
 *    invalidates the earlier one. The answer is the same whether or not the email has an account,
 *    and takes the same work: only the throttle is counted before answering; looking the account
 *    up, the database writes and the email all happen after the response (`afterResponse`).
 * 2. `recoverAccount`: checks the recovery password (one text for wrong, used, expired and
 *    unknown), sets the new password, ends every session of the user and starts a new one.
 *
 * Both are throttled like sign-in (rate-limit.server.ts).
 */

const RECOVERY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const RECOVERY_LENGTH = 12;
const TTL_MS = RECOVERY_PASSWORD_TTL_MINUTES * 60 * 1000;

/** A fresh recovery password, shown as XXXX-XXXX-XXXX (32 symbols: every byte maps uniformly). */
export function newRecoveryPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RECOVERY_LENGTH));
  const symbols = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return symbols.match(/.{4}/g)!.join("-");
}

/** What people type: any case, with or without the dashes or spaces. */
export function normalizeRecoveryPassword(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

export async function hashRecoveryPassword(value: string, pepper: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`recovery:${normalizeRecoveryPassword(value)}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type ResetRequestResult =
  { ok: true; msg: string } | { ok: false; status: 429; msg: string; retryAfterSeconds: number };

/** Asks for a recovery password. The same answer for every email; the email goes out in the background. */
export async function requestPasswordReset(
  app: AppContext,
  request: Request,
  input: PasswordResetRequestInput,
): Promise<ResetRequestResult> {
  const email = input.email.trim().toLowerCase();
  const now = app.now();
  const limits = await authRateLimits("reset", email, request);
  const [first, ...rest] = limits.map((limit) => countAttempt(app, limit, now));
  const counted = await app.db.batch([first, ...rest]);
  const verdict = verdictOf(limits, counted as Parameters<typeof verdictOf>[1], now);
  if (!verdict.allowed) {
    return { ok: false, status: 429, msg: TOO_MANY_ATTEMPTS_MESSAGE, retryAfterSeconds: verdict.retryAfterSeconds };
  }
  // Nothing about the account is known before answering, so no answer can differ by it.
  const origin = appOrigin(app, request);
  app.afterResponse(() =>
    issueRecoveryPassword(app, email, origin, now).catch((error: unknown) => {
      // Never log the recovery password itself.
      console.error("Password reset email failed:", error instanceof Error ? error.message : error);
    }),
  );
  return { ok: true, msg: RESET_REQUESTED_MESSAGE };
}

/** After the response: when the email has an account, a new recovery password is stored and emailed. */
async function issueRecoveryPassword(app: AppContext, email: string, origin: string, now: Date) {
  const [user] = await app.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    // A closed account gets no recovery password (it cannot sign in).
    .where(and(eq(users.email, email), isNull(users.deactivatedAt)))
    .limit(1);
  if (!user) return;
  const recoveryPassword = newRecoveryPassword();
  const codeHash = await hashRecoveryPassword(recoveryPassword, app.env.PASSWORD_PEPPER);
  const link = `${origin}/password-reset?email=${encodeURIComponent(user.email)}`;
  await app.db.batch([
    // Only the newest recovery password works.
    app.db
      .update(passwordResets)
      .set({ expiresAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now))),
    app.db.insert(passwordResets).values({
      id: crypto.randomUUID(),
      userId: user.id,
      codeHash,
      attempts: 0,
      expiresAt: new Date(now.getTime() + TTL_MS),
      createdAt: now,
    }),
  ]);
  await sendEmail(app, {
    to: user.email,
    kind: "password_reset",
    ...recoveryEmail(user.firstName, recoveryPassword, link),
  });
}

/** The recovery email: subject, plain text and HTML. */
export function recoveryEmail(firstName: string, recoveryPassword: string, link: string) {
  const { text, html } = renderEmail({
    heading: "Reset your Partwise password",
    blocks: [
      { type: "paragraph", text: `Hi ${firstName},` },
      {
        type: "paragraph",
        text: `Someone asked to reset the password of your Partwise account. Use this recovery password to choose a new one. It works once and expires in ${RECOVERY_PASSWORD_TTL_MINUTES} minutes.`,
      },
      { type: "code", label: "Recovery password", code: recoveryPassword },
      { type: "button", label: "Choose a new password", url: link },
      {
        type: "paragraph",
        text: "If you didn't ask for this, you can ignore this email: your password stays the same.",
      },
    ],
    footer: "You received this email because a password reset was requested for your Partwise account.",
  });
  return { subject: "Your Partwise recovery password", text, html };
}

export type RecoveryResult =
  | { ok: true; cookie: string; user: Viewer["user"]; msg: string }
  | { ok: false; status: 400 | 429; msg: string; retryAfterSeconds?: number };

/**
 * Sets a new password with an emailed recovery password. Every guess takes one of the reset's 5
 * tries in the same statement that finds it, so parallel guesses cannot get more than 5.
 */
export async function recoverAccount(
  app: AppContext,
  request: Request,
  input: PasswordRecoveryInput,
): Promise<RecoveryResult> {
  const email = input.email.trim().toLowerCase();
  const now = app.now();
  const limits = await authRateLimits("recover", email, request);
  const codeHash = await hashRecoveryPassword(input.recoveryPassword, app.env.PASSWORD_PEPPER);

  const liveReset = app.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(users.email, email),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
        lt(passwordResets.attempts, RECOVERY_PASSWORD_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  const [first, ...rest] = limits.map((limit) => countAttempt(app, limit, now));
  const [firstCount, ...restCounts] = await app.db.batch([
    first,
    ...rest,
    // Runs after the counters, in the same transaction: a refused attempt takes no try.
    app.db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(and(inArray(passwordResets.id, liveReset), notRefused(limits, now)))
      .returning({ id: passwordResets.id, userId: passwordResets.userId, codeHash: passwordResets.codeHash }),
  ]);
  const claimed = restCounts.pop() as { id: string; userId: string; codeHash: string }[];
  const counted = [firstCount, ...restCounts] as Parameters<typeof verdictOf>[1];
  const verdict = verdictOf(limits, counted, now);
  if (!verdict.allowed) {
    return { ok: false, status: 429, msg: TOO_MANY_ATTEMPTS_MESSAGE, retryAfterSeconds: verdict.retryAfterSeconds };
  }

  const reset = claimed[0];
  // Compared either way (against itself when there is no reset), so no case is faster to refuse.
  const matches = constantTimeEqual(codeHash, reset?.codeHash ?? codeHash.replace(/./g, "0"));
  if (!reset || !matches) {
    const failure = recordFailure(app, limits, now);
    if (failure) await failure;
    return { ok: false, status: 400, msg: RECOVERY_FAILED_MESSAGE };
  }

  const passwordHash = await hashPassword(input.password, app.env.PASSWORD_PEPPER);
  // Single use: only one request can mark it used.
  const used = await app.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ id: passwordResets.id });
  if (used.length === 0) return { ok: false, status: 400, msg: RECOVERY_FAILED_MESSAGE };

  const [, , , , , updated] = await app.db.batch([
    app.db
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, reset.userId)),
    // Every session ends, including any on this browser; a new one starts below.
    app.db.delete(sessions).where(eq(sessions.userId, reset.userId)),
    app.db
      .update(passwordResets)
      .set({ expiresAt: now })
      .where(
        and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
      ),
    recordSuccess(app, limits, now),
    // A pending email change dies with the old password (ADR 050).
    expirePendingEmailChanges(app, reset.userId, now),
    app.db.select(viewerUserColumns).from(users).where(eq(users.id, reset.userId)),
  ]);
  const user = updated[0];
  sendPasswordChangedNotice(app, user, now);
  const { cookie } = await createSession(app, request, reset.userId);
  return { ok: true, cookie, user, msg: PASSWORD_RESET_DONE_MESSAGE };
}
