import { NOTIFICATION_TEXTS as T } from "~/lib/notifications/notification-copy";
import {
  parseNotificationAction,
  type NotificationAction,
  type NotificationActionData,
} from "~/lib/notifications/notification-schemas";
import type { AppContext } from "~/server/load-context";
import { markAllNotificationsRead, markNotificationRead } from "./notifications.server";

export type { NotificationActionData };

/**
 * What a Notifications page's form comes to (ADR 019: the route turns it into the answer): the
 * page's data with its status, or, for `open`, the notification's link to go to.
 */
export type NotificationActionResult =
  { kind: "reply"; status: 200 | 400 | 404; data: NotificationActionData } | { kind: "open"; location: string };

const reply = (
  result: NotificationActionData["result"],
  message: string | null,
  status: 200 | 400 | 404 = 200,
): NotificationActionResult => ({ kind: "reply", status, data: { result, message } });

type Submission = ReturnType<typeof parseNotificationAction>;

/**
 * The forms of every Notifications page (clients' /notifications, the consultant portal's, the
 * console's): mark one read, open one (marks it read, then goes to its link, or `listPath` when it
 * has none) and mark all read. The user is the signed-in viewer (the caller's guard); another
 * user's notification answers 404 and nothing is written.
 */
export async function notificationFormAction(
  app: AppContext,
  userId: string,
  form: FormData,
  listPath: string,
): Promise<NotificationActionResult> {
  const submission = parseNotificationAction(form);
  if (submission.status !== "success") return reply(submission.reply(), null, 400);
  const input = submission.value;
  if (input.intent === "read-all") return markAllRead(app, userId, submission);
  return markOneRead(app, userId, input, submission, listPath);
}

/** intent=read-all. */
async function markAllRead(app: AppContext, userId: string, submission: Submission): Promise<NotificationActionResult> {
  await markAllNotificationsRead(app, userId);
  return reply(submission.reply({ resetForm: true }), T.allRead);
}

/** intent=read, and intent=open, which then goes to the notification's link. */
async function markOneRead(
  app: AppContext,
  userId: string,
  input: Exclude<NotificationAction, { intent: "read-all" }>,
  submission: Submission,
  listPath: string,
): Promise<NotificationActionResult> {
  const marked = await markNotificationRead(app, userId, input.id);
  if (!marked) return reply(submission.reply({ formErrors: [T.notFound] }), null, 404);
  if (input.intent === "open") return { kind: "open", location: marked.link ?? listPath };
  return reply(submission.reply({ resetForm: true }), T.markedRead);
}

/** The `?page=` of a Notifications page: a whole number ≥ 1, anything else is page 1. */
export function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}
