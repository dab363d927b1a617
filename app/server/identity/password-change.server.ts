import { and, eq, ne } from "drizzle-orm";
import { sessions, users } from "~db/schema";
import { WRONG_OLD_PASSWORD_MESSAGE, type PasswordChangeInput } from "~/lib/business/settings-schemas";
import type { AppContext } from "~/server/load-context";
import { actorOf, auditStatement } from "~/server/audit/audit.server";
import { formatDateTime } from "~/lib/shared/dates";
import { sendEmail } from "~/server/platform/email.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import { expirePendingEmailChanges } from "./email-change.server";
import { hashPassword, verifyPassword } from "./password.server";
import type { Viewer } from "./session.server";

/**
 * Changing the password of any signed-in account: the business Settings (page and
 * PUT /api/client/auth/updatePassword) and the consultant portal's Settings call this one function,
 * so the rules, texts and the end of other sessions cannot differ between them.
 */

export type ChangePasswordResult = { ok: true } | { ok: false; status: 400; msg: string };

/**
 * Changes the password after checking the current one. The new hash, passwordChangedAt and the
 * end of every other session of the user go in one batch: a password change that leaves a stolen
 * session alive cannot happen. The session in use stays signed in.
 */
export async function changePassword(
  app: AppContext,
  viewer: Viewer,
  input: PasswordChangeInput,
): Promise<ChangePasswordResult> {
  const row = await app.db
    .select({ passwordHash: users.passwordHash, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, viewer.user.id))
    .get();
  const check = row ? await verifyPassword(input.password, row.passwordHash, app.env.PASSWORD_PEPPER) : null;
  if (!row || !check?.valid) return { ok: false, status: 400, msg: WRONG_OLD_PASSWORD_MESSAGE };

  const passwordHash = await hashPassword(input.newPassword, app.env.PASSWORD_PEPPER);
  const now = app.now();
  await app.db.batch([
    app.db
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, viewer.user.id)),
    // Same effect as destroyOtherSessions(app, userId, sessionId), inside the batch.
    app.db.delete(sessions).where(and(eq(sessions.userId, viewer.user.id), ne(sessions.id, viewer.sessionId))),
    // A pending email change dies with the old password (ADR 050).
    expirePendingEmailChanges(app, viewer.user.id, now),
    auditStatement(app, {
      actor: actorOf(viewer),
      action: "user.password_changed",
      businessId: viewer.business?.id ?? null,
      subject: { type: "user", id: viewer.user.id },
    }),
  ]);
  sendPasswordChangedNotice(app, row, now);
  return { ok: true };
}

/**
 * "Your password was changed" to the account's address, after a change in Settings or a reset by
 * recovery password (ADR 050). After the response: the change is made whatever the mail does; the
 * outbox row records a failed delivery.
 */
export function sendPasswordChangedNotice(app: AppContext, user: { email: string; firstName: string }, at: Date) {
  app.afterResponse(() =>
    sendEmail(app, { to: user.email, kind: "password_changed", ...passwordChangedNotice(user.firstName, at) }).catch(
      (error: unknown) => {
        console.error("password changed notice failed", error instanceof Error ? error.message : error);
      },
    ),
  );
}

/** The notice: subject, plain text and HTML. */
export function passwordChangedNotice(firstName: string, at: Date) {
  const { text, html } = renderEmail({
    heading: "Your Partwise password was changed",
    blocks: [
      { type: "paragraph", text: firstName ? `Hi ${firstName},` : "Hello," },
      {
        type: "paragraph",
        text: `The password of your Partwise account was changed on ${formatDateTime(at)}. Every other device signed in to it was signed out.`,
      },
      {
        type: "paragraph",
        text: 'If you made this change, there is nothing to do. If you did not, use "Forgot your password?" on the sign-in page at once and contact Partwise support.',
      },
    ],
    footer: "You got this email because it is the sign-in email of a Partwise account.",
  });
  return { subject: "Your Partwise password was changed", text, html };
}
