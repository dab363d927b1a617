import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { emailChanges, users } from "~db/schema";
import { WRONG_OLD_PASSWORD_MESSAGE } from "~/lib/business/settings-schemas";
import {
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_UNCHANGED_MESSAGE,
  PASSWORD_FOR_EMAIL_MESSAGE,
  VERIFY_EMAIL_COPY,
} from "~/lib/identity/email-change";
import { EMAIL_TAKEN_MESSAGE } from "~/lib/identity/signup-schemas";
import { formatDateTime } from "~/lib/shared/dates";
import type { AppContext } from "~/server/load-context";
import { EMAIL_DELIVERY_FAILED_MESSAGE, sendEmail } from "~/server/platform/email.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import { isEmailAvailable } from "./email-availability.server";
import { verifyPassword } from "./password.server";
import type { Viewer } from "./session.server";

/**
 * Changing a sign-in email (ADR 050), for every account that has one: the business Settings'
 * Personal tab and PUT /api/client/updateInfo, and the consultant portal's Settings.
 *
 * 1. `requestEmailChange`: the current password is checked, then a link is sent to the NEW address
 *    (a 256-bit token; D1 keeps only its HMAC-SHA256 under the password pepper, for
 *    EMAIL_CHANGE_TTL_HOURS) and the OLD address is told a change was requested. Nothing changes
 *    yet. A new request expires the earlier ones in the same batch, so only the newest link works.
 * 2. `confirmEmailChange` (the link, /verify-email): ONE batch claims the link (unused, unexpired,
 *    the user's newest, the address still free) and sets the email from it, so two clicks, two
 *    links or a sign-up taking the address in between change it at most once, to the newest. The
 *    old address is told it changed.
 * A password change or reset expires every pending change (`expirePendingEmailChanges`).
 *
 * A new account's verification link (docs/decisions/070, email-verification.server.ts) is the same
 * row with `new_email` = the account's current address: one table, one token, one page, one claim.
 * Confirming either sets `email_verified_at` (the link proved the address), and only the newest
 * link of a user, of either kind, works.
 */

const TTL_MS = EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000;

/** A fresh link token: 32 random bytes, base64url (43 characters). Also the verification links' (ADR 070). */
export function newEmailLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** What D1 keeps of a token: its HMAC-SHA256 under the pepper, hex. */
export async function hashEmailChangeToken(token: string, pepper: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`email-change:${token}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A token as the link carries it: 43 base64url characters (anything else is never looked up). */
export const isEmailChangeToken = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);

export type EmailChangeRefusal = {
  ok: false;
  status: 400 | 409 | 502;
  field: "email" | "password" | null;
  msg: string;
};

export type RequestEmailChangeResult = { ok: true; pendingEmail: string; expiresAt: Date } | EmailChangeRefusal;

/**
 * Starts a change of the viewer's sign-in email to `input.email` (trimmed and lowercased by the
 * schema). Refused, with nothing written or sent: no or a wrong current password, the same email,
 * an email another account has. The link's email must be delivered, or the answer says it was not
 * (502) and the request is dropped.
 */
export async function requestEmailChange(
  app: AppContext,
  viewer: Viewer,
  input: { email: string; password: string | undefined },
  origin: string,
): Promise<RequestEmailChangeResult> {
  const row = await app.db
    .select({ passwordHash: users.passwordHash, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, viewer.user.id))
    .get();
  if (!row) return { ok: false, status: 400, field: null, msg: WRONG_OLD_PASSWORD_MESSAGE };
  if (input.email === row.email) return { ok: false, status: 400, field: "email", msg: EMAIL_UNCHANGED_MESSAGE };
  if (!input.password) return { ok: false, status: 400, field: "password", msg: PASSWORD_FOR_EMAIL_MESSAGE };
  const check = await verifyPassword(input.password, row.passwordHash, app.env.PASSWORD_PEPPER);
  if (!check.valid) return { ok: false, status: 400, field: "password", msg: WRONG_OLD_PASSWORD_MESSAGE };
  if (!(await isEmailAvailable(app, input.email))) {
    return { ok: false, status: 409, field: "email", msg: EMAIL_TAKEN_MESSAGE };
  }

  const now = app.now();
  const token = newEmailLinkToken();
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + TTL_MS);
  await app.db.batch([
    // Only the newest link works.
    expirePendingEmailChanges(app, viewer.user.id, now),
    app.db.insert(emailChanges).values({
      id,
      userId: viewer.user.id,
      newEmail: input.email,
      tokenHash: await hashEmailChangeToken(token, app.env.PASSWORD_PEPPER),
      expiresAt,
      createdAt: now,
    }),
  ]);
  try {
    await sendEmail(app, {
      to: input.email,
      kind: "email_change_verify",
      ...verifyNewEmail(row.firstName, input.email, `${origin}/verify-email?token=${token}`),
    });
  } catch (error) {
    console.error("email change link failed", error instanceof Error ? error.message : error);
    await app.db.update(emailChanges).set({ expiresAt: now }).where(eq(emailChanges.id, id));
    return { ok: false, status: 502, field: null, msg: EMAIL_DELIVERY_FAILED_MESSAGE };
  }
  await notifyQuietly(app, row.email, "email_change_requested", changeRequestedNotice(row.firstName, input.email));
  return { ok: true, pendingEmail: input.email, expiresAt };
}

/** The statement that expires every pending change of a user (for a caller's batch). */
export function expirePendingEmailChanges(app: AppContext, userId: string, now: Date) {
  return app.db
    .update(emailChanges)
    .set({ expiresAt: now })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)));
}

/** The user's change waiting for its link, if any (the settings pages show it). */
export async function pendingEmailChange(
  app: AppContext,
  userId: string,
): Promise<{ email: string; expiresAt: Date; until: string } | null> {
  const now = app.now();
  const row = await app.db
    .select({ email: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    .orderBy(desc(emailChanges.createdAt))
    .get();
  return row ? { ...row, until: formatDateTime(row.expiresAt) } : null;
}

/** A link changes the address (`change`) or confirms the one the account has (`verify`, ADR 070). */
export type EmailLinkKind = "change" | "verify";

export type EmailChangeLink =
  { ok: true; email: string; kind: EmailLinkKind } | { ok: false; status: 400; msg: string };

/** What /verify-email shows for a link before it is confirmed (reading changes nothing). */
export async function describeEmailChangeLink(app: AppContext, token: unknown): Promise<EmailChangeLink> {
  const invalid = { ok: false, status: 400, msg: VERIFY_EMAIL_COPY.invalid } as const;
  if (!isEmailChangeToken(token)) return invalid;
  const row = await app.db
    .select({ email: emailChanges.newEmail, current: users.email })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(
      and(
        eq(emailChanges.tokenHash, await hashEmailChangeToken(token, app.env.PASSWORD_PEPPER)),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, app.now()),
      ),
    )
    .get();
  return row ? { ok: true, email: row.email, kind: row.email === row.current ? "verify" : "change" } : invalid;
}

export type ConfirmEmailChangeResult =
  | { ok: true; kind: EmailLinkKind; email: string; previousEmail: string; userId: string; role: string }
  | { ok: false; status: 400 | 409; msg: string };

/**
 * Opens a link: in ONE batch, (1) reads the user's current address, (2) claims the link — unused,
 * unexpired, no newer request of the same user, the address not taken by another account — and
 * (3) sets users.email from the claimed row and marks it verified (the link proved it). Only a
 * claim made by this call (used_at = this instant, by this token) can change the email, so a
 * reused, expired or older link changes nothing. Then the old address is told (a verification
 * link, whose address is the current one, tells nobody: nothing changed but the proof).
 */
export async function confirmEmailChange(app: AppContext, token: unknown): Promise<ConfirmEmailChangeResult> {
  const invalid = { ok: false, status: 400, msg: VERIFY_EMAIL_COPY.invalid } as const;
  if (!isEmailChangeToken(token)) return invalid;
  const now = app.now();
  const at = now.getTime();
  const tokenHash = await hashEmailChangeToken(token, app.env.PASSWORD_PEPPER);
  const claimed = sql`(SELECT ec.user_id FROM email_changes ec WHERE ec.token_hash = ${tokenHash} AND ec.used_at = ${at})`;
  const [before, claim, changed] = await app.db.batch([
    app.db
      .select({ email: users.email, firstName: users.firstName, id: users.id, role: users.role })
      .from(users)
      .innerJoin(emailChanges, eq(emailChanges.userId, users.id))
      .where(eq(emailChanges.tokenHash, tokenHash)),
    app.db
      .update(emailChanges)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailChanges.tokenHash, tokenHash),
          isNull(emailChanges.usedAt),
          gt(emailChanges.expiresAt, now),
          sql`NOT EXISTS (SELECT 1 FROM email_changes newer WHERE newer.user_id = ${emailChanges.userId} AND newer.created_at > ${emailChanges.createdAt})`,
          // Taken by ANOTHER account: a verification link's address is the user's own.
          sql`NOT EXISTS (SELECT 1 FROM users taken WHERE taken.email = ${emailChanges.newEmail} AND taken.id <> ${emailChanges.userId})`,
        ),
      )
      .returning({ email: emailChanges.newEmail }),
    app.db
      .update(users)
      .set({
        email: sql`(SELECT ec.new_email FROM email_changes ec WHERE ec.token_hash = ${tokenHash} AND ec.used_at = ${at})`,
        // The first proof stands (a later change of address proves the new one just the same).
        emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${at})`,
        updatedAt: now,
      })
      .where(sql`${users.id} = ${claimed}`)
      .returning({ email: users.email }),
  ]);
  const email = changed[0]?.email;
  if (!claim[0] || !email) {
    // Explain only the one refusal the person can act on differently: the address was taken.
    const row = await app.db
      .select({ email: emailChanges.newEmail })
      .from(emailChanges)
      .where(and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
      .get();
    const taken = row ? !(await isEmailAvailable(app, row.email)) : false;
    return taken ? { ok: false, status: 409, msg: VERIFY_EMAIL_COPY.taken } : invalid;
  }
  const previous = before[0];
  const kind: EmailLinkKind = previous?.email === email ? "verify" : "change";
  if (previous && kind === "change") {
    await notifyQuietly(app, previous.email, "email_changed", emailChangedNotice(previous.firstName, email));
  }
  return {
    ok: true,
    kind,
    email,
    previousEmail: previous?.email ?? "",
    userId: previous?.id ?? "",
    role: previous?.role ?? "",
  };
}

/** A notice whose failure must not undo what was done: the outbox row records it, the log says why. */
export async function notifyQuietly(
  app: AppContext,
  to: string,
  kind: string,
  content: { subject: string; text: string; html: string },
) {
  try {
    await sendEmail(app, { to, kind, ...content });
  } catch (error) {
    console.error(`${kind} notice failed`, error instanceof Error ? error.message : error);
  }
}

export const greeting = (firstName: string) => ({
  type: "paragraph" as const,
  text: firstName ? `Hi ${firstName},` : "Hello,",
});

/** To the new address: the link that makes it the sign-in email. */
export function verifyNewEmail(firstName: string, newEmail: string, link: string) {
  const { text, html } = renderEmail({
    heading: "Confirm your new sign-in email",
    blocks: [
      greeting(firstName),
      {
        type: "paragraph",
        text: `You asked to sign in to Partwise with ${newEmail} from now on. Open this link to confirm it. It works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours.`,
      },
      { type: "button", label: "Confirm my new email", url: link },
      {
        type: "paragraph",
        text: "If you didn't ask for this, ignore this email: nothing changes without the link.",
      },
    ],
    footer: "You got this email because someone asked to make this address the sign-in email of a Partwise account.",
  });
  return { subject: "Confirm your new Partwise sign-in email", text, html };
}

/** To the current address, when a change is asked for: nothing has changed yet. */
export function changeRequestedNotice(firstName: string, newEmail: string) {
  const { text, html } = renderEmail({
    heading: "A change of your sign-in email was requested",
    blocks: [
      greeting(firstName),
      {
        type: "paragraph",
        text: `Someone signed in to your Partwise account asked to change its sign-in email to ${newEmail}. It changes only if the link we sent to that address is opened.`,
      },
      {
        type: "paragraph",
        text: "If you asked for this, there is nothing to do. If you did not, change your password at once: that also cancels the change.",
      },
    ],
    footer: "You got this email because it is the sign-in email of a Partwise account.",
  });
  return { subject: "A change of your Partwise sign-in email was requested", text, html };
}

/** To the previous address, once the change is made. */
export function emailChangedNotice(firstName: string, newEmail: string) {
  const { text, html } = renderEmail({
    heading: "Your Partwise sign-in email changed",
    blocks: [
      greeting(firstName),
      { type: "paragraph", text: `The email you sign in to Partwise with was changed to ${newEmail}.` },
      {
        type: "paragraph",
        text: "If you made this change, there is nothing to do. If you did not, contact Partwise support at once.",
      },
    ],
    footer: "You got this email because it was the sign-in email of a Partwise account.",
  });
  return { subject: "Your Partwise sign-in email changed", text, html };
}
