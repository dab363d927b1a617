import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { NOTIFICATIONS_PATH } from "~/lib/consultants/portal";
import { NotificationsRouteView } from "~/components/notifications/notifications-page";
import { requireRole } from "~/http/guards.server";
import { notificationsAction, notificationsLoader, type NotificationsGuard } from "~/http/notifications-route.server";

export const meta: MetaFunction = () => [{ title: "Notifications | Consultant portal | Partwise" }];

/** Consultants only: visitors go to sign in (the page is reached from emailed links), anyone else 404. */
const consultant: NotificationsGuard = (app, request) =>
  requireRole(app, request, "consultant", { anonymous: "login" });

/**
 * /consultant/notifications: the consultant's own notifications, newest first, paged. Two
 * sequential D1 round trips: the viewer, then the page, total and unread count in one db.batch.
 */
export const loader = notificationsLoader(consultant);

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Mark one read, open one (marks it read, then its link), mark all read: the consultant's own only. */
export const action = notificationsAction(consultant, NOTIFICATIONS_PATH);

export default function ConsultantNotifications() {
  return <NotificationsRouteView path={NOTIFICATIONS_PATH} framed />;
}
