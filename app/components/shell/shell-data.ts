import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/_app";
import type { NotificationData } from "~/components/dashboard/notifications-card";
import type { BusinessMemberRole } from "~db/enums";

/** A business the person belongs to, with their role in it (the switcher's options). */
export type ShellMembership = { businessId: string; name: string; role: BusinessMemberRole };

export type ShellData = {
  user: { firstName: string; lastName: string; email: string };
  business: { id: string; name: string; memberTier: string; paymentPastDue: boolean };
  /** The person's role in the business (pages hide what it may not do). */
  member: { role: BusinessMemberRole };
  /** Every business the person belongs to, by name. */
  memberships: ShellMembership[];
  /** The user's newest notifications: the bell and the dashboard's card show this one list. */
  notifications: NotificationData[];
  /** How many of the user's notifications are unread (the bell's badge). */
  unreadNotifications: number;
  /** Messages by others the user has not read (the Messages entry's count; the bell counts them too). */
  unreadMessages: number;
  /** The business has an engagement (the navigation's Engagements entry). */
  hasEngagements: boolean;
};

/** What the `_app` layout loaded for the signed-in client: only what the shell and pages show. */
export function useShellData(): ShellData {
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  if (!data) throw new Error("useShellData must be used inside the _app layout.");
  return data as ShellData;
}
