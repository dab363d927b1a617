import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NOTIFICATIONS_PATH } from "~/lib/consultants/portal";
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

export const meta: MetaFunction = () => [{ title: "Notifications | Consultant portal | Partwise" }];

/**
 * /consultant/notifications: the consultant's own notifications, newest first, paged. Two
 * sequential D1 round trips: the viewer, then the page, total and unread count in one db.batch.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  return loadNotificationPage(context.app, viewer.user.id, pageParam(request));
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Mark one read, open one (marks it read, then its link), mark all read: the consultant's own only. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const body = await readForm(request);
  if (!body.ok) {
    return data<NotificationActionData>({ result: formErrorReply(body.msg), message: null }, { status: body.status });
  }
  const outcome = await notificationFormAction(context.app, viewer.user.id, body.form, NOTIFICATIONS_PATH);
  if (outcome.kind === "open") throw redirect(outcome.location, 303);
  return data<NotificationActionData>(outcome.data, { status: outcome.status });
}

export default function ConsultantNotifications() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="console-page">
      <NotificationsPage {...page} path={NOTIFICATIONS_PATH} actionData={actionData} />
    </div>
  );
}
