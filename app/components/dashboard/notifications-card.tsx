import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/shared/dates";
import { NO_NOTIFICATIONS_MESSAGE } from "~/lib/insights/insight-views";
import { DashboardCard } from "./dashboard-card";

export type NotificationData = { id: string; title: string; body: string; createdAt: string; link: string | null };

/** Only in-app paths become links (a stored link is never an external URL, but be sure). */
function inAppPath(link: string | null): string | null {
  return link && link.startsWith("/") && !link.startsWith("//") ? link : null;
}

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
              <li key={item.id} className="notification-item">
                <p className="notification-title">{href ? <Link to={href}>{item.title}</Link> : item.title}</p>
                {item.body ? <p className="notification-body">{item.body}</p> : null}
                <time className="notification-date" dateTime={item.createdAt}>
                  {formatDate(item.createdAt)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
