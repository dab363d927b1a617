import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/shared/dates";
import { NO_NOTIFICATIONS_MESSAGE } from "~/lib/insights/insight-views";
import { DashboardCard } from "./dashboard-card";
import { OpenNotification } from "~/components/notifications/notifications-page";
import { inAppPath, NOTIFICATIONS_PATH, NOTIFICATION_TEXTS } from "~/lib/notifications/notification-copy";

export type NotificationData = {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  link: string | null;
  unread: boolean;
};

/**
 * The dashboard's Notifications card (spec §2; the card itself goes nowhere): the user's newest
 * five notifications, as the top bar's bell lists them.
 */
export function NotificationsCard({ notifications }: { notifications: readonly NotificationData[] }) {
  return (
    <DashboardCard id="notifications" title="Notifications">
      <NotificationList notifications={notifications} />
    </DashboardCard>
  );
}

/**
 * The user's notifications — title (a link when it has one), body and date — or 'You have no
 * notifications.': the same rendering in the dashboard's card and the bell's panel.
 */
export function NotificationList({ notifications }: { notifications: readonly NotificationData[] }) {
  return (
    <>
      {notifications.length === 0 ? (
        <p className="empty-state">{NO_NOTIFICATIONS_MESSAGE}</p>
      ) : (
        <ul className="notification-list">
          {notifications.map((item) => {
            const href = inAppPath(item.link);
            return (
              <li key={item.id} className={item.unread ? "notification-item hub-n-unread" : "notification-item"}>
                <div className="notification-title">
                  {item.unread ? <span className="badge hub-n-badge">{NOTIFICATION_TEXTS.unreadBadge}</span> : null}
                  {href ? <OpenNotification id={item.id} title={item.title} action={NOTIFICATIONS_PATH} /> : item.title}
                </div>
                {item.body ? <p className="notification-body">{item.body}</p> : null}
                <time className="notification-date" dateTime={item.createdAt}>
                  {formatDate(item.createdAt)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
      <p className="hub-n-view-all">
        <Link to={NOTIFICATIONS_PATH}>{NOTIFICATION_TEXTS.viewAll}</Link>
      </p>
    </>
  );
}
