import { and, eq, ne } from "drizzle-orm";
import { sessions, users } from "~db/schema";
import { WRONG_OLD_PASSWORD_MESSAGE, type PasswordChangeInput } from "~/lib/business/settings-schemas";
import type { AppContext } from "~/server/load-context";
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
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, viewer.user.id))
    .get();
  const check = row ? await verifyPassword(input.password, row.passwordHash, app.env.PASSWORD_PEPPER) : null;
  if (!check?.valid) return { ok: false, status: 400, msg: WRONG_OLD_PASSWORD_MESSAGE };

  const passwordHash = await hashPassword(input.newPassword, app.env.PASSWORD_PEPPER);
  const now = app.now();
  await app.db.batch([
    app.db
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, viewer.user.id)),
    // Same effect as destroyOtherSessions(app, userId, sessionId), inside the batch.
    app.db.delete(sessions).where(and(eq(sessions.userId, viewer.user.id), ne(sessions.id, viewer.sessionId))),
  ]);
  return { ok: true };
}
