import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { NotificationsRouteView } from "~/components/notifications/notifications-page";
import { NOTIFICATIONS_PATH } from "~/lib/notifications/notification-copy";
import { requireClientBusiness } from "~/http/guards.server";
import { notificationsAction, notificationsLoader } from "~/http/notifications-route.server";

export const meta: MetaFunction = () => [{ title: "Notifications | Partwise" }];

/**
 * /notifications: the client's notifications, newest first, paged (`?page=`). Visitors go to sign
 * in, staff to their own home. Two sequential D1 round trips: the viewer, then the page, its total
 * and the unread count in one db.batch.
 */
export const loader = notificationsLoader(requireClientBusiness);

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Mark one read, open one (marks it read, then its link), mark all read: the client's own only. */
export const action = notificationsAction(requireClientBusiness, NOTIFICATIONS_PATH);

export default function Notifications() {
  return <NotificationsRouteView path={NOTIFICATIONS_PATH} />;
}
