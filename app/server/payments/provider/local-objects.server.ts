import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { schema } from "~db/index";
import type { AppContext } from "~/server/load-context";
import { PaymentProviderError, type CheckoutSession } from "./types";
import { signPayload, toCheckoutSession } from "./stripe-wire.server";

/**
 * The built-in test checkout's store (STRIPE_SECRET_KEY unset, never in production): Stripe-shaped
 * objects in local_stripe_objects, shared by the provider (local.server.ts), the test checkout page
 * (local-checkout.server.ts) and the test billing portal (local-portal.server.ts).
 */

export const { localStripeObjects } = schema;
export type LocalType = (typeof schema.LOCAL_STRIPE_OBJECT_TYPES)[number];

/** What the test checkout page shows and does, beyond the Checkout Session fields. */
export type LocalCheckoutDetails = {
  productName: string;
  /** The amount of the line item (the plan's price for subscriptions, although a trial charges nothing today). */
  unitAmount: number;
  currency: "usd";
  lookupKey: string | null;
  trialDays: number;
  interval: "month" | "year" | null;
  successUrl: string;
  cancelUrl: string;
};

export type LocalCheckoutSession = CheckoutSession & { details: LocalCheckoutDetails };

/** The answer to a webhook delivery: fulfilment's handleStripeWebhook(app, rawBody, signatureHeader). */
export type DeliverWebhook = (rawBody: string, signatureHeader: string) => Promise<{ status: number; msg: string }>;

export async function hashId(prefix: string, key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const hex = Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${prefix}${hex}`;
}

export function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export async function insertOnce(
  app: AppContext,
  id: string,
  type: LocalType,
  customerId: string | null,
  data: Record<string, unknown>,
) {
  await app.db
    .insert(localStripeObjects)
    .values({ id, type, customerId, data, createdAt: app.now(), updatedAt: app.now() })
    .onConflictDoNothing();
  return load(app, id, type);
}

export async function load(app: AppContext, id: string, type: LocalType): Promise<Record<string, unknown>> {
  const row = await app.db.query.localStripeObjects.findFirst({
    where: and(eq(localStripeObjects.id, id), eq(localStripeObjects.type, type)),
  });
  if (!row) {
    throw new PaymentProviderError(`No such ${type}: '${id}'`, { status: 404 });
  }
  return row.data;
}

export async function loadOrNull(
  app: AppContext,
  id: string,
  type: LocalType,
): Promise<Record<string, unknown> | null> {
  try {
    return await load(app, id, type);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 404) return null;
    throw error;
  }
}

/**
 * A test checkout session as it stands now: like Stripe, an open session whose expires_at has
 * passed is expired (written once, conditionally, so it can no longer be paid).
 */
export async function loadCheckoutSession(app: AppContext, id: string): Promise<Record<string, unknown> | null> {
  const data = await loadOrNull(app, id, "checkout.session");
  if (!data || data.status !== "open" || typeof data.expires_at !== "number") return data;
  if (data.expires_at > seconds(app.now())) return data;
  return (await expireOpenSession(app, data)) ?? loadOrNull(app, id, "checkout.session");
}

/** Expires an open test checkout session (one conditional update); null when it was not open. */
export async function expireOpenSession(
  app: AppContext,
  data: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const next = { ...data, status: "expired", url: null };
  const [updated] = await app.db
    .update(localStripeObjects)
    .set({ data: next, updatedAt: app.now() })
    .where(
      and(
        eq(localStripeObjects.id, String(data.id)),
        eq(localStripeObjects.type, "checkout.session"),
        sql`json_extract(${localStripeObjects.data}, '$.status') = 'open'`,
      ),
    )
    .returning({ id: localStripeObjects.id });
  return updated ? next : null;
}

export function toLocalCheckoutSession(data: Record<string, unknown>): LocalCheckoutSession {
  return {
    ...toCheckoutSession(data as unknown as Stripe.Checkout.Session),
    details: data.partwise_test as LocalCheckoutDetails,
  };
}
/** Signs an event like Stripe does (Stripe-Signature: t=…,v1=HMAC-SHA256(secret, `${t}.${body}`)) and delivers it. */
export async function deliverEvent(
  app: AppContext,
  deliver: DeliverWebhook,
  type: string,
  object: Record<string, unknown>,
): Promise<void> {
  const created = seconds(app.now());
  const body = JSON.stringify({
    id: randomId("evt_test_"),
    object: "event",
    type,
    created,
    livemode: false,
    api_version: Stripe.API_VERSION,
    data: { object },
  });
  const header = await signPayload(body, app.env.STRIPE_WEBHOOK_SECRET, created);
  // Like Stripe, the checkout completes whatever the webhook answers: a failed delivery is logged
  // (Stripe would retry it) and the success page still fulfils by reading the session.
  try {
    const answer = await deliver(body, header);
    if (answer.status !== 200) {
      console.error(`Test checkout: the webhook handler answered ${answer.status} to ${type}: ${answer.msg}`);
    }
  } catch (error) {
    console.error(`Test checkout: delivering ${type} failed:`, error);
  }
}

export function priceObject(lookupKey: string | null, unitAmount: number, interval: "month" | "year" | null) {
  return {
    id: lookupKey ? `price_test_${lookupKey.toLowerCase()}` : "price_test_one_off",
    object: "price",
    lookup_key: lookupKey,
    unit_amount: unitAmount,
    currency: "usd",
    recurring: interval ? { interval, interval_count: 1 } : null,
    active: true,
  };
}
