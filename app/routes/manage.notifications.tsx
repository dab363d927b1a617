import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { MANAGER_NOTIFICATIONS_PATH as NOTIFICATIONS_PATH } from "~/lib/notifications/notification-copy";
import { NotificationsRouteView } from "~/components/notifications/notifications-page";
import { requireRole } from "~/http/guards.server";
import { notificationsAction, notificationsLoader, type NotificationsGuard } from "~/http/notifications-route.server";

export const meta: MetaFunction = () => [{ title: "Notifications | Console | Partwise" }];

/** Managers only: anyone else, signed in or not, gets a plain 404. */
const manager: NotificationsGuard = (app, request) => requireRole(app, request, "manager");

/**
 * /manage/notifications: the manager's own notifications (shortlists, plans, deliverables, profiles), newest first, paged. Two
 * sequential D1 round trips: the viewer, then the page, total and unread count in one db.batch.
 */
export const loader = notificationsLoader(manager);

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Mark one read, open one (marks it read, then its link), mark all read: the manager's own only. */
export const action = notificationsAction(manager, NOTIFICATIONS_PATH);

export default function ManagerNotifications() {
  return <NotificationsRouteView path={NOTIFICATIONS_PATH} framed />;
}
