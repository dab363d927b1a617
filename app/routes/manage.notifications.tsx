import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MANAGER_NOTIFICATIONS_PATH as NOTIFICATIONS_PATH } from "~/lib/notifications/notification-copy";
import { NotificationsPage } from "~/components/notifications/notifications-page";
import { requireRole } from "~/http/guards.server";
import {
  notificationFormAction,
  pageParam,
  type NotificationActionData,
} from "~/server/notifications/notification-actions.server";
import { loadNotificationPage } from "~/server/notifications/notifications.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";

export const meta: MetaFunction = () => [{ title: "Notifications | Console | Partwise" }];

/**
 * /manage/notifications: the manager's own notifications (shortlists, plans, deliverables, profiles), newest first, paged. Two
 * sequential D1 round trips: the viewer, then the page, total and unread count in one db.batch.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  return loadNotificationPage(context.app, viewer.user.id, pageParam(request));
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Mark one read, open one (marks it read, then its link), mark all read: the manager's own only. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  const body = await readForm(request);
  if (!body.ok) {
    return data<NotificationActionData>({ result: formErrorReply(body.msg), message: null }, { status: body.status });
  }
  const outcome = await notificationFormAction(context.app, viewer.user.id, body.form, NOTIFICATIONS_PATH);
  if (outcome.kind === "open") throw redirect(outcome.location, 303);
  return data<NotificationActionData>(outcome.data, { status: outcome.status });
}

export default function ManagerNotifications() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="console-page">
      <NotificationsPage {...page} path={NOTIFICATIONS_PATH} actionData={actionData} />
    </div>
  );
}
