import { and, desc, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { PLANS, parseLookupKey } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import {
  deliverEvent,
  load,
  loadOrNull,
  localStripeObjects,
  priceObject,
  seconds,
  type DeliverWebhook,
} from "./local-objects.server";
import { toSubscription } from "./stripe-wire.server";
import type { Subscription } from "./types";

// The test billing portal's logic (/test-billing-portal/:id): the customer's subscription, a plan
// switch and a cancel, each delivering the event Stripe would send.

export type LocalPortal = {
  id: string;
  customerId: string;
  returnUrl: string;
  /** The customer's current subscription (the newest one not canceled), if any. */
  subscription: Subscription | null;
};

export async function getLocalPortal(app: AppContext, portalId: string): Promise<LocalPortal | null> {
  const portal = await loadOrNull(app, portalId, "billing_portal.session");
  if (!portal) return null;
  const customerId = portal.customer as string;
  const rows = await app.db.query.localStripeObjects.findMany({
    where: and(eq(localStripeObjects.customerId, customerId), eq(localStripeObjects.type, "subscription")),
    orderBy: [desc(localStripeObjects.createdAt)],
  });
  const live = rows
    .map((row) => row.data)
    .find((data) => data.status !== "canceled" && data.status !== "incomplete_expired");
  return {
    id: portalId,
    customerId,
    returnUrl: portal.return_url as string,
    subscription: live ? toSubscription(live as unknown as Stripe.Subscription) : null,
  };
}

async function updateSubscription(
  app: AppContext,
  portal: LocalPortal,
  change: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  if (!portal.subscription) return null;
  const data = await load(app, portal.subscription.id, "subscription");
  const next = change(data);
  const updated = await app.db
    .update(localStripeObjects)
    .set({ data: next, updatedAt: app.now() })
    .where(
      and(
        eq(localStripeObjects.id, portal.subscription.id),
        sql`json_extract(${localStripeObjects.data}, '$.status') <> 'canceled'`,
      ),
    )
    .returning({ id: localStripeObjects.id });
  return updated.length > 0 ? next : null;
}

/** Switches the subscription to another plan (lookup key); delivers customer.subscription.updated. */
export async function switchLocalPlan(
  app: AppContext,
  portal: LocalPortal,
  newLookupKey: string,
  deliver: DeliverWebhook,
): Promise<boolean> {
  const parsed = parseLookupKey(newLookupKey);
  if (!parsed || !portal.subscription || portal.subscription.lookup_key === newLookupKey) return false;
  const monthly = PLANS[parsed.tier].monthlyPriceCents[parsed.billing];
  const interval = parsed.billing === "YEARLY" ? "year" : "month";
  const next = await updateSubscription(app, portal, (data) => {
    const items = data.items as { data: Record<string, unknown>[] };
    const [first, ...rest] = items.data;
    return {
      ...data,
      items: {
        ...items,
        data: [
          { ...first, price: priceObject(newLookupKey, interval === "year" ? monthly * 12 : monthly, interval) },
          ...rest,
        ],
      },
    };
  });
  if (!next) return false;
  await deliverEvent(app, deliver, "customer.subscription.updated", next);
  return true;
}

/** Cancels the subscription now; delivers customer.subscription.deleted. */
export async function cancelLocalSubscription(
  app: AppContext,
  portal: LocalPortal,
  deliver: DeliverWebhook,
): Promise<boolean> {
  const now = seconds(app.now());
  const next = await updateSubscription(app, portal, (data) => ({
    ...data,
    status: "canceled",
    canceled_at: now,
    ended_at: now,
  }));
  if (!next) return false;
  await deliverEvent(app, deliver, "customer.subscription.deleted", next);
  return true;
}
