import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { EmailVerificationBanner } from "~/components/identity/email-verification-banner";
import { AppShell } from "~/components/shell/app-shell";
import { requireClientBusiness } from "~/http/guards.server";
import { hasEngagements } from "~/server/engagements/engagement-views.server";
import { loadNotificationSummary } from "~/server/notifications/notifications.server";
import { loadMemberships } from "~/server/business/members.server";
import { unreadMessageCount } from "~/server/conversations/threads.server";

/**
 * Pathless layout of every signed-in client page. The guard applies startup routing (spec §2):
 * no session → /, other roles → their home, a client without a business → /signup-business.
 * It also loads the user's notifications: the one list the top bar's bell and the dashboard's
 * Notifications card both show (and the bell's unread count, in the same db.batch), and whether the business has an engagement (the navigation's
 * Engagements entry, spec §2), and the businesses the person belongs to (the shell's switcher,
 * docs/decisions/068), and their unread messages (docs/decisions/072). Two sequential D1 round trips (viewer, then the four side by side).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const [{ notifications, unread }, engagements, memberships, [messages]] = await Promise.all([
    loadNotificationSummary(context.app, viewer.user.id),
    hasEngagements(context.app, viewer.business.id),
    loadMemberships(context.app, viewer.user.id),
    unreadMessageCount(context.app, viewer),
  ]);
  return {
    notifications,
    unreadNotifications: unread,
    /** Messages by others the person has not read (the navigation's Messages entry and the bell). */
    unreadMessages: messages?.count ?? 0,
    hasEngagements: engagements,
    user: {
      firstName: viewer.user.firstName,
      lastName: viewer.user.lastName,
      email: viewer.user.email,
    },
    /** The "Confirm your email address" banner (docs/decisions/070): the address, while unverified. */
    unverifiedEmail: viewer.user.emailVerified ? null : viewer.user.email,
    business: {
      id: viewer.business.id,
      name: viewer.business.name,
      memberTier: viewer.business.memberTier,
      /** The subscription's last renewal payment failed (Stripe's past_due). */
      paymentPastDue: viewer.business.subscriptionStatus === "past_due",
    },
    /** The viewer's role in the business: pages hide what it may not do (can(), docs/decisions/068). */
    member: viewer.member,
    /** Every business the person belongs to (the switcher shows when there is more than one). */
    memberships: memberships.map(({ businessId, name, role }) => ({ businessId, name, role })),
  };
}

/** Personal pages: never stored by shared caches or the back-forward cache of another user. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * Reload the shell's data on every page change, not only after actions: a notification published
 * while the client moves between pages shows in the bell (and the dashboard) on the next page.
 * Single fetch makes this part of the page's one request, and the viewer lookup is shared.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function AppLayout() {
  const {
    user,
    hasEngagements: engagements,
    business,
    memberships,
    unverifiedEmail,
    unreadMessages,
  } = useLoaderData<typeof loader>();
  return (
    <AppShell
      user={user}
      hasEngagements={engagements}
      unreadMessages={unreadMessages}
      business={business}
      memberships={memberships}
    >
      {unverifiedEmail ? <EmailVerificationBanner email={unverifiedEmail} /> : null}
      <Outlet />
    </AppShell>
  );
}
