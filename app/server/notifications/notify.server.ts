import { and, eq, inArray, isNull } from "drizzle-orm";
import { notifications, users } from "~db/schema";
import { sendEmail } from "~/server/platform/email.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import type { AppContext } from "~/server/load-context";
import { notificationKind } from "~/lib/notifications/notification-kinds";
import { UNSUBSCRIBE_TEXTS } from "~/lib/notifications/notification-copy";
import { optOutsQuery } from "./preferences.server";
import { signUnsubscribeToken } from "./unsubscribe-token.server";
import { configuredOrigin, rememberOriginStatement, storedOriginQuery } from "~/server/platform/app-origin.server";

/**
 * Telling someone they have something to do: an in-app notification (the bell, the dashboard
 * card) and an email with the same deep link. Used by every step of a flow that asks a person to
 * act. The notifications are written together in one db.batch; the emails follow, one by one,
 * each recorded in the outbox. An email that cannot be sent is logged and does not undo the step
 * it follows, which has already happened (the notification is still there).
 *
 * Each kind's registry entry (app/lib/notifications/notification-kinds.ts) decides the email: a
 * recipient who turned the kind's group off in Settings (or through an unsubscribe link) gets
 * only the in-app notification; every non-essential email carries a one-click unsubscribe link
 * and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058). Essential kinds (security,
 * payments, signatures) are always emailed, without the link.
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
  /** The email's subject when it is not the title. */
  subject?: string;
};

/** The same notice for each of `userIds` (the members whose role acts on it, docs/decisions/068), each once. */
export function noticesTo(userIds: readonly (string | null | undefined)[], notice: Omit<Notice, "userId">): Notice[] {
  return [...new Set(userIds.filter((id): id is string => Boolean(id)))].map((userId) => ({ ...notice, userId }));
}

/**
 * In-app notifications plus emails with absolute links on `origin` (the app's URL). Work done in
 * a request passes the request's origin (which is then recorded as the app's last known one);
 * work done outside a request (a queue job, cron) passes null and gets APP_URL, else the last
 * known origin recorded in D1 (app-origin.server.ts), read in the same batch as the writes. Only
 * when neither exists (nobody ever reached the app) is there no address for the email's link:
 * then only the notifications are written, and the log says so.
 */
export async function notify(app: AppContext, origin: string | null, notices: readonly Notice[]): Promise<void> {
  await deliver(app, origin, notices, true);
}

/**
 * Only the emails of `notices`, whose notifications the change's own batch already wrote (an
 * INSERT … SELECT that exists only when the change did): each recipient's preferences decide, as
 * notify's do.
 */
export async function emailNotices(app: AppContext, origin: string | null, notices: readonly Notice[]): Promise<void> {
  await deliver(app, origin, notices, false);
}

/**
 * Notices delivered per batch: its reads list each recipient's id, and D1 binds at most 100
 * parameters a statement (the monthly statements tell thousands of people at once).
 */
const DELIVER_CHUNK = 60;

async function deliver(app: AppContext, origin: string | null, notices: readonly Notice[], write: boolean) {
  for (let index = 0; index < notices.length; index += DELIVER_CHUNK) {
    await deliverChunk(app, origin, notices.slice(index, index + DELIVER_CHUNK), write);
  }
}

async function deliverChunk(app: AppContext, origin: string | null, notices: readonly Notice[], write: boolean) {
  if (notices.length === 0) return;
  const now = app.now();
  const inserts = (write ? notices : []).map((notice) =>
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
  const optOuts = optOutsQuery(
    app,
    notices.map((notice) => notice.userId),
  );
  const known = origin ?? configuredOrigin(app);
  const remember = origin !== null ? rememberOriginStatement(app) : null;
  const results = await app.db.batch([
    recipients,
    ...inserts,
    optOuts,
    ...(remember ? [remember] : []),
    ...(known === null ? [storedOriginQuery(app)] : []),
  ]);
  const people = results[0] as { id: string; email: string; firstName: string }[];
  const at = inserts.length;
  const off = new Set(
    (results[at + 1] as { userId: string; group: string }[]).map((row) => `${row.userId}:${row.group}`),
  );
  const linkOrigin =
    known ?? (results[results.length - 1] as { origin: string }[])[0]?.origin?.replace(/\/+$/, "") ?? null;
  if (linkOrigin === null) {
    console.error(
      `No address is known for the links of ${notices.length} email(s): only the notifications were written.`,
    );
    return;
  }
  for (const notice of notices) {
    const person = people.find((row) => row.id === notice.userId);
    if (!person) continue;
    const entry = notificationKind(notice.kind);
    if (!entry.essential && off.has(`${notice.userId}:${entry.group}`)) continue;
    const unsubscribeUrl = entry.essential
      ? null
      : `${linkOrigin}/unsubscribe?token=${encodeURIComponent(
          await signUnsubscribeToken(app.env.PASSWORD_PEPPER, notice.userId, entry.group, now),
        )}`;
    const { text, html } = renderEmail({
      heading: notice.title,
      blocks: [
        { type: "paragraph", text: `Hi ${person.firstName || "there"},` },
        { type: "paragraph", text: notice.body },
        ...(notice.fields ?? []).map((field) => ({ type: "field" as const, ...field })),
        { type: "button", label: notice.action, url: new URL(notice.link, `${linkOrigin}/`).toString() },
      ],
      footer: notice.footer,
      ...(unsubscribeUrl ? { unsubscribe: { label: UNSUBSCRIBE_TEXTS.footer, url: unsubscribeUrl } } : {}),
    });
    const headers = unsubscribeUrl
      ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : undefined;
    try {
      await sendEmail(app, {
        to: person.email,
        subject: notice.subject ?? notice.title,
        text,
        html,
        kind: notice.kind,
        headers,
      });
    } catch (error) {
      console.error(`The ${notice.kind} email to user ${notice.userId} could not be sent:`, error);
    }
  }
}

/** The ids of every engagement manager (told about new work in the console). One query. */
export async function managerIds(app: AppContext): Promise<string[]> {
  // Removed staff are told nothing more.
  const rows = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "manager"), isNull(users.deactivatedAt)));
  return rows.map((row) => row.id);
}
