import { and, eq, ne, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { users } from "~db/schema";
import { WRONG_OLD_PASSWORD_MESSAGE } from "~/lib/business/settings-schemas";
import { EMAIL_UNCHANGED_MESSAGE, type EmailChangeInput } from "~/lib/identity/email-change";
import { EMAIL_TAKEN_MESSAGE } from "~/lib/identity/signup-schemas";
import type { AppContext } from "~/server/load-context";
import { sendEmail } from "~/server/platform/email.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import { isEmailAvailable } from "./accounts.server";
import { verifyPassword } from "./password.server";
import type { Viewer } from "./session.server";

export type ChangeEmailResult =
  | { ok: true; previousEmail: string; email: string }
  | { ok: false; status: 400 | 409; field: "email" | "password" | null; msg: string };

/**
 * Changes the sign-in email after checking the current password, then tells the previous address:
 * if someone else made the change, the owner learns of it where they can still read mail. The
 * session stays valid (it belongs to the user, not to the address).
 */
export async function changeEmail(
  app: AppContext,
  viewer: Viewer,
  input: EmailChangeInput,
): Promise<ChangeEmailResult> {
  const row = await app.db
    .select({ passwordHash: users.passwordHash, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, viewer.user.id))
    .get();
  const check = row ? await verifyPassword(input.password, row.passwordHash, app.env.PASSWORD_PEPPER) : null;
  if (!row || !check?.valid) return { ok: false, status: 400, field: null, msg: WRONG_OLD_PASSWORD_MESSAGE };
  if (input.email === row.email) return { ok: false, status: 400, field: "email", msg: EMAIL_UNCHANGED_MESSAGE };

  const taken = { ok: false, status: 409, field: "email", msg: EMAIL_TAKEN_MESSAGE } as const;
  if (!(await isEmailAvailable(app, input.email))) return taken;

  // The availability check above gives the common answer; the guarded UPDATE and the unique index
  // close the gap when another account takes the address in between.
  const other = alias(users, "other_users");
  let updated: { id: string }[];
  try {
    updated = await app.db
      .update(users)
      .set({ email: input.email, updatedAt: app.now() })
      .where(
        and(
          eq(users.id, viewer.user.id),
          notExists(
            app.db
              .select({ id: other.id })
              .from(other)
              .where(and(eq(other.email, input.email), ne(other.id, viewer.user.id))),
          ),
        ),
      )
      .returning({ id: users.id })
      .all();
  } catch (error) {
    const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
    if (/UNIQUE constraint failed: users\.email/i.test(text)) return taken;
    throw error;
  }
  if (updated.length === 0) return taken;

  try {
    await sendEmail(app, {
      to: row.email,
      kind: "email_changed",
      ...emailChangedNotice(row.firstName, input.email),
    });
  } catch (error) {
    // The change is made and the outbox row records the failed delivery; the person is not told
    // their change failed when it did not.
    console.error("email change notice failed", error);
  }
  return { ok: true, previousEmail: row.email, email: input.email };
}

/** The notice to the previous address: subject, plain text and HTML. */
export function emailChangedNotice(firstName: string, newEmail: string) {
  const { text, html } = renderEmail({
    heading: "Your Partwise sign-in email changed",
    blocks: [
      { type: "paragraph", text: firstName ? `Hi ${firstName},` : "Hello," },
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
