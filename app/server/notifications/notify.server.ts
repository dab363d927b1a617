import { eq, inArray } from "drizzle-orm";
import { notifications, users } from "~db/schema";
import { sendEmail } from "~/server/platform/email.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import type { AppContext } from "~/server/load-context";

/**
 * Telling someone they have something to do: an in-app notification (the bell, the dashboard
 * card) and an email with the same deep link. Used by every step of a flow that asks a person to
 * act. The notifications are written together in one db.batch; the emails follow, one by one,
 * each recorded in the outbox. An email that cannot be sent is logged and does not undo the step
 * it follows, which has already happened (the notification is still there).
 */
export type Notice = {
  /** Who is told: a user id. */
  userId: string;
  /** The business the notice is about, when there is one (deleted with it). */
  businessId?: string | null;
  /** What it is about, e.g. "candidate_proposed", "candidate_ready". */
  kind: string;
  /** The notification's title and the email's subject and heading. */
  title: string;
  /** One or two sentences: the notification's text and the email's first paragraph. */
  body: string;
  /** The in-app path that opens what needs doing, e.g. "/features?matchId=…". */
  link: string;
  /** The email button's label, e.g. "Review the candidacy". */
  action: string;
  /** Extra labelled lines in the email only (e.g. Business area: Finance). */
  fields?: { label: string; value: string }[];
  /** Why the recipient got the email. */
  footer: string;
};

/**
 * In-app notifications plus emails with absolute links on `origin` (the app's URL). Work done
 * outside a request (a queue job) takes APP_URL; without one (`null`, a local run without
 * APP_URL) there is no address for the email's link: only the notifications are written.
 */
export async function notify(app: AppContext, origin: string | null, notices: readonly Notice[]): Promise<void> {
  if (notices.length === 0) return;
  const now = app.now();
  const [first, ...rest] = notices.map((notice) =>
    app.db.insert(notifications).values({
      userId: notice.userId,
      businessId: notice.businessId ?? null,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link,
      createdAt: now,
    }),
  );
  const recipients = app.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      inArray(
        users.id,
        notices.map((notice) => notice.userId),
      ),
    );
  if (origin === null) {
    await app.db.batch([first!, ...rest]);
    return;
  }
  const [, ...results] = await app.db.batch([first!, ...rest, recipients]);
  const people = results[results.length - 1] as { id: string; email: string; firstName: string }[];
  for (const notice of notices) {
    const person = people.find((row) => row.id === notice.userId);
    if (!person) continue;
    const { text, html } = renderEmail({
      heading: notice.title,
      blocks: [
        { type: "paragraph", text: `Hi ${person.firstName || "there"},` },
        { type: "paragraph", text: notice.body },
        ...(notice.fields ?? []).map((field) => ({ type: "field" as const, ...field })),
        { type: "button", label: notice.action, url: new URL(notice.link, `${origin}/`).toString() },
      ],
      footer: notice.footer,
    });
    try {
      await sendEmail(app, { to: person.email, subject: notice.title, text, html, kind: notice.kind });
    } catch (error) {
      console.error(`The ${notice.kind} email to user ${notice.userId} could not be sent:`, error);
    }
  }
}

/** The ids of every engagement manager (told about new work in the console). One query. */
export async function managerIds(app: AppContext): Promise<string[]> {
  const rows = await app.db.select({ id: users.id }).from(users).where(eq(users.role, "manager"));
  return rows.map((row) => row.id);
}
