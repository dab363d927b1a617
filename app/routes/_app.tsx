import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "../components/shell/app-shell";
import { requireClientBusiness } from "../server/auth.server";

/**
 * Pathless layout of every signed-in client page. The guard applies startup routing (spec §2):
 * no session → /, other roles → their home, a client without a business → /signup-business.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  return {
    user: {
      firstName: viewer.user.firstName,
      lastName: viewer.user.lastName,
      email: viewer.user.email,
    },
    business: {
      name: viewer.business.name,
      memberTier: viewer.business.memberTier,
      /** The subscription's last renewal payment failed (Stripe's past_due). */
      paymentPastDue: viewer.business.subscriptionStatus === "past_due",
    },
  };
}

/** Personal pages: never stored by shared caches or the back-forward cache of another user. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
