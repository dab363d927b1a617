import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { NotificationsPageData } from "~/components/notifications/notifications-page";
import type { AppContext } from "~/server/load-context";
import { readForm } from "~/http/http.server";
import {
  notificationFormAction,
  pageParam,
  type NotificationActionData,
} from "~/server/notifications/notification-actions.server";
import { loadNotificationPage } from "~/server/notifications/notifications.server";
import { formErrorReply } from "~/server/platform/form-reply.server";

/**
 * The loader and action of a Notifications page (the client's /notifications, the consultant
 * portal's, the console's). Each page names its guard (which throws its own answer to anyone it
 * does not admit: a redirect or a 404) and its list path; the rest is the same for everyone.
 */

/** Who may see the page: the signed-in viewer, or the guard's thrown answer. */
export type NotificationsGuard = (app: AppContext, request: Request) => Promise<{ user: { id: string } }>;

/**
 * The viewer's own notifications, newest first, paged (`?page=`), as the page's view reads them
 * (NotificationsRouteView). Two sequential D1 round trips: the viewer, then the page, its total and
 * the unread count in one db.batch.
 */
export function notificationsLoader(guard: NotificationsGuard) {
  return async ({ request, context }: LoaderFunctionArgs): Promise<NotificationsPageData> => {
    const viewer = await guard(context.app, request);
    return loadNotificationPage(context.app, viewer.user.id, pageParam(request));
  };
}

/**
 * Mark one read, open one (marks it read, then a 303 to its link, or to `listPath` when it has
 * none) and mark all read: the viewer's own only, another user's answers 404 and writes nothing.
 * A body that is not a form answers 400/413/415 with the form's error.
 */
export function notificationsAction(guard: NotificationsGuard, listPath: string) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const viewer = await guard(context.app, request);
    const body = await readForm(request);
    if (!body.ok) {
      return data<NotificationActionData>({ result: formErrorReply(body.msg), message: null }, { status: body.status });
    }
    const outcome = await notificationFormAction(context.app, viewer.user.id, body.form, listPath);
    if (outcome.kind === "open") throw redirect(outcome.location, 303);
    return data<NotificationActionData>(outcome.data, { status: outcome.status });
  };
}
