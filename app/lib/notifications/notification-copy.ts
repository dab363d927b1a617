/** Every user-facing text of the notifications feature (the bell, the page, preferences, unsubscribe). */
import type { NotificationGroup } from "./notification-kinds";

/** The Notifications page lists this many per page, newest first. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NOTIFICATIONS_PATH = "/notifications";
export const MANAGER_NOTIFICATIONS_PATH = "/manage/notifications";

export const NOTIFICATION_TEXTS = {
  title: "Notifications",
  bellLabel: "Notifications",
  empty: "You have no notifications yet. We tell you here, and by email, when something needs you.",
  unreadBadge: "Unread",
  open: "Open",
  markRead: "Mark read",
  markAllRead: "Mark all as read",
  allRead: "All notifications are marked as read.",
  markedRead: "Notification marked as read.",
  notFound: "That notification was not found.",
  viewAll: "View all notifications",
  previous: "Previous page",
  next: "Next page",
  pagination: "Notification pages",
} as const;

/**
 * The bell's accessible name: "Notifications", "Notifications, 3 unread"; with the unread messages
 * it also counts (issue #39), the total its badge shows, then what it is made of: "Notifications,
 * 5 unread: 3 notifications and 2 messages".
 */
export function bellLabel(unread: number, unreadMessages = 0): string {
  if (unreadMessages <= 0) {
    return unread > 0 ? `${NOTIFICATION_TEXTS.bellLabel}, ${unread} unread` : NOTIFICATION_TEXTS.bellLabel;
  }
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  const parts = [unread > 0 ? count(unread, "notification") : null, count(unreadMessages, "message")];
  return `${NOTIFICATION_TEXTS.bellLabel}, ${unread + unreadMessages} unread: ${parts.filter(Boolean).join(" and ")}`;
}

/** The badge on the bell: the count, "99+" past 99, nothing at zero. */
export function bellBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? "99+" : String(unread);
}

/** "Page 2 of 5". */
export function pageSummary(page: number, pageCount: number): string {
  return `Page ${page} of ${pageCount}`;
}

/** "3 unread" / "No unread notifications". */
export function unreadSummary(unread: number): string {
  return unread === 0 ? "No unread notifications" : `${unread} unread`;
}

/** Only in-app paths are followed (a stored link is never an external URL, but be sure). */
export function inAppPath(link: string | null): string | null {
  return link && link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\") ? link : null;
}

/** The Email notifications preferences form (Settings). */
export const PREFERENCE_TEXTS = {
  title: "Email notifications",
  intro:
    "Choose which emails we send you. You still see every notification in the app. Security, payment and signature emails are always sent.",
  save: "Save email preferences",
  saved: "Your email preferences are saved.",
  failed: "We couldn't save your email preferences. Please try again.",
} as const;

export const GROUP_LABELS: Record<NotificationGroup, { label: string; hint: string }> = {
  insights: { label: "Insights and benchmarking", hint: "When an insight or a benchmarking report is ready." },
  matching: { label: "Consultant matching", hint: "Candidates, shortlists and matches." },
  engagements: { label: "Engagements", hint: "Engagement plans and deliverables." },
  messages: { label: "Messages", hint: "Unread messages in your conversations, a few minutes after they are sent." },
  events: { label: "Events", hint: "A reminder the day before an event you registered for." },
  consultants: { label: "Consultant profile", hint: "Applications and profile reviews." },
};

/** The one-click unsubscribe page (works without signing in). */
export const UNSUBSCRIBE_TEXTS = {
  title: "Unsubscribe",
  settings: "Go to Partwise",
  confirm: (group: string) => `Stop emails about ${group}?`,
  explain: "You will still see these notifications in the app. You can turn the emails back on in Settings.",
  button: "Unsubscribe",
  done: (group: string) => `You will no longer get emails about ${group}.`,
  invalid: "This unsubscribe link is not valid or has expired. You can change your email preferences in Settings.",
  footer: "Unsubscribe from these emails:",
} as const;
