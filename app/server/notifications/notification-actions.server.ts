import { data, redirect } from "@remix-run/cloudflare";
import { NOTIFICATION_TEXTS as T } from "~/lib/notifications/notification-copy";
import { parseNotificationAction, type NotificationActionData } from "~/lib/notifications/notification-schemas";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/server/platform/http.server";
import type { AppContext } from "~/server/load-context";
import { markAllNotificationsRead, markNotificationRead } from "./notifications.server";

export type { NotificationActionData };

const answer = (result: NotificationActionData["result"], message: string | null, status = 200) =>
  data<NotificationActionData>({ result, message }, { status });

/**
 * The action behind every Notifications page (clients' /notifications, the consultant portal's):
 * mark one read, open one (marks it read, then goes to its link) and mark all read. The user is
 * the signed-in viewer (the caller's guard); another user's notification answers 404 and nothing
 * is written. A body that is not a form answers 400/415 with the form's error.
 */
export async function notificationAction(
  app: AppContext,
  request: Request,
  userId: string,
  listPath: string,
): Promise<ReturnType<typeof answer>> {
  const body = await readForm(request);
  if (!body.ok) return answer(formErrorReply(body.msg), null, body.status);
  const submission = parseNotificationAction(body.form);
  if (submission.status !== "success") return answer(submission.reply(), null, 400);
  const input = submission.value;
  if (input.intent === "read-all") {
    await markAllNotificationsRead(app, userId);
    return answer(submission.reply({ resetForm: true }), T.allRead);
  }
  const marked = await markNotificationRead(app, userId, input.id);
  if (!marked) return answer(submission.reply({ formErrors: [T.notFound] }), null, 404);
  if (input.intent === "open") throw redirect(marked.link ?? listPath, 303);
  return answer(submission.reply({ resetForm: true }), T.markedRead);
}

/** The `?page=` of a Notifications page: a whole number ≥ 1, anything else is page 1. */
export function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}
