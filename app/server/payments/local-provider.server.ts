import { and, desc, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { schema } from "~db/index";
import { PLANS, parseLookupKey } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import {
  PaymentProviderError,
  type CheckoutSession,
  type PaymentProvider,
  type Subscription,
} from "./provider-types.server";
import { toCheckoutSession, toSubscription, verifyStripeSignature } from "./stripe-provider.server";

/**
 * The built-in test checkout (STRIPE_SECRET_KEY unset, never in production): Stripe-shaped objects
 * in local_stripe_objects, a hosted-checkout-like page at /test-checkout/:id and a billing portal
 * at /test-billing-portal/:id. Completing them delivers webhook events signed with
 * STRIPE_WEBHOOK_SECRET, exactly like Stripe's, to the same handler as real Stripe.
 *
 * Ids derive from the Idempotency-Key (a hash), so a repeated create answers the object created
 * the first time, like Stripe's idempotent requests.
 */

const { localStripeObjects } = schema;
type LocalType = (typeof schema.LOCAL_STRIPE_OBJECT_TYPES)[number];

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

async function hashId(prefix: string, key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const hex = Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${prefix}${hex}`;
}

function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

async function insertOnce(app: AppContext, id: string, type: LocalType, customerId: string | null, data: Record<string, unknown>) {
  await app.db
    .insert(localStripeObjects)
    .values({ id, type, customerId, data, createdAt: app.now(), updatedAt: app.now() })
    .onConflictDoNothing();
  return load(app, id, type);
}

async function load(app: AppContext, id: string, type: LocalType): Promise<Record<string, unknown>> {
  const row = await app.db.query.localStripeObjects.findFirst({
    where: and(eq(localStripeObjects.id, id), eq(localStripeObjects.type, type)),
  });
  if (!row) {
    throw new PaymentProviderError(`No such ${type}: '${id}'`, { status: 404 });
  }
  return row.data;
}

async function loadOrNull(app: AppContext, id: string, type: LocalType): Promise<Record<string, unknown> | null> {
  try {
    return await load(app, id, type);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 404) return null;
    throw error;
  }
}

function originOf(url: string): string {
  return new URL(url).origin;
}

function toLocalCheckoutSession(data: Record<string, unknown>): LocalCheckoutSession {
  return {
    ...toCheckoutSession(data as unknown as Stripe.Checkout.Session),
    details: data.partwise_test as LocalCheckoutDetails,
  };
}

export function createLocalProvider(app: AppContext): PaymentProvider {
  async function createCheckout(
    mode: "subscription" | "payment",
    input: {
      customerId: string;
      successUrl: string;
      cancelUrl: string;
      clientReferenceId: string;
      metadata: Record<string, string>;
      amountTotal: number;
      details: Omit<LocalCheckoutDetails, "successUrl" | "cancelUrl">;
    },
    idempotencyKey: string,
  ): Promise<CheckoutSession> {
    await load(app, input.customerId, "customer");
    const id = await hashId("cs_test_", `checkout:${idempotencyKey}`);
    const now = app.now();
    const data = await insertOnce(app, id, "checkout.session", input.customerId, {
      id,
      object: "checkout.session",
      url: `${originOf(input.successUrl)}/test-checkout/${id}`,
      mode,
      status: "open",
      payment_status: "unpaid",
      customer: input.customerId,
      subscription: null,
      client_reference_id: input.clientReferenceId,
      metadata: input.metadata,
      amount_total: input.amountTotal,
      currency: "usd",
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      created: seconds(now),
      expires_at: seconds(now) + 24 * 60 * 60,
      livemode: false,
      partwise_test: { ...input.details, successUrl: input.successUrl, cancelUrl: input.cancelUrl },
    });
    return toCheckoutSession(data as unknown as Stripe.Checkout.Session);
  }

  return {
    kind: "local",

    async createCustomer(input, idempotencyKey) {
      const id = await hashId("cus_test_", `customer:${idempotencyKey}`);
      await insertOnce(app, id, "customer", null, {
        id,
        object: "customer",
        email: input.email,
        name: input.name,
        metadata: { businessId: input.businessId },
        created: seconds(app.now()),
        livemode: false,
      });
      return { id };
    },

    async createSubscriptionCheckout(input, idempotencyKey) {
      const parsed = parseLookupKey(input.lookupKey);
      if (!parsed) throw new PaymentProviderError(`No active Stripe price has the lookup key ${input.lookupKey}`, { status: 400 });
      const plan = PLANS[parsed.tier];
      const monthly = plan.monthlyPriceCents[parsed.billing];
      const unitAmount = parsed.billing === "YEARLY" ? monthly * 12 : monthly;
      return createCheckout(
        "subscription",
        {
          ...input,
          // With a free trial nothing is charged today, as in Stripe.
          amountTotal: input.trialDays > 0 ? 0 : unitAmount,
          details: {
            productName: `Partwise ${plan.displayName} (${parsed.billing === "YEARLY" ? "billed yearly" : "billed monthly"})`,
            unitAmount,
            currency: "usd",
            lookupKey: input.lookupKey,
            trialDays: input.trialDays,
            interval: parsed.billing === "YEARLY" ? "year" : "month",
          },
        },
        idempotencyKey,
      );
    },

    async createPaymentCheckout(input, idempotencyKey) {
      return createCheckout(
        "payment",
        {
          ...input,
          amountTotal: input.amountCents,
          details: {
            productName: input.productName,
            unitAmount: input.amountCents,
            currency: input.currency,
            lookupKey: null,
            trialDays: 0,
            interval: null,
          },
        },
        idempotencyKey,
      );
    },

    async retrieveCheckoutSession(id) {
      return toCheckoutSession((await load(app, id, "checkout.session")) as unknown as Stripe.Checkout.Session);
    },

    async retrieveSubscription(id) {
      return toSubscription((await load(app, id, "subscription")) as unknown as Stripe.Subscription);
    },

    async createPortalSession(input) {
      await load(app, input.customerId, "customer");
      const id = randomId("bps_test_");
      await insertOnce(app, id, "billing_portal.session", input.customerId, {
        id,
        object: "billing_portal.session",
        customer: input.customerId,
        return_url: input.returnUrl,
        url: `${originOf(input.returnUrl)}/test-billing-portal/${id}`,
        created: seconds(app.now()),
        livemode: false,
      });
      return { url: `${originOf(input.returnUrl)}/test-billing-portal/${id}` };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeSignature(rawBody, signatureHeader, app.env.STRIPE_WEBHOOK_SECRET);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The test checkout and portal pages' actions
// ---------------------------------------------------------------------------------------------

/** A Checkout Session of the test checkout, with what the page shows; null when unknown. */
export async function getLocalCheckoutSession(app: AppContext, id: string): Promise<LocalCheckoutSession | null> {
  const data = await loadOrNull(app, id, "checkout.session");
  return data ? toLocalCheckoutSession(data) : null;
}

/** Stripe replaces this template in success URLs with the session's id. */
export function fillSessionId(url: string, sessionId: string): string {
  return url.replaceAll("{CHECKOUT_SESSION_ID}", encodeURIComponent(sessionId));
}

/** Signs an event like Stripe does (Stripe-Signature: t=…,v1=HMAC-SHA256(secret, `${t}.${body}`)) and delivers it. */
async function deliverEvent(
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

/** A Stripe-Signature header for the payload (the SDK's own signer, SubtleCrypto). */
export function signPayload(payload: string, secret: string, timestamp: number): Promise<string> {
  return new Stripe("sk_test_local_signer", { httpClient: Stripe.createFetchHttpClient() }).webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}

/**
 * "Pay" on the test checkout: completes an open session once (a conditional update, so a double
 * submit completes it once), creates the subscription in subscription mode (trialing with the
 * plan's lookup key), then delivers checkout.session.completed (and customer.subscription.created)
 * to the webhook handler. Answers the URL to continue to (the success URL with the session id), or
 * null for an unknown session.
 */
export async function payLocalCheckout(app: AppContext, sessionId: string, deliver: DeliverWebhook): Promise<string | null> {
  const current = await loadOrNull(app, sessionId, "checkout.session");
  if (!current) return null;
  const session = toLocalCheckoutSession(current);
  const successUrl = fillSessionId(session.details.successUrl, session.id);
  if (session.status !== "open") return successUrl;

  const now = app.now();
  let subscription: Record<string, unknown> | null = null;
  if (session.mode === "subscription" && session.customer) {
    const subscriptionId = await hashId("sub_test_", `subscription:${session.id}`);
    const trialEnd = seconds(now) + session.details.trialDays * 24 * 60 * 60;
    const periodEnd = session.details.trialDays > 0 ? trialEnd : seconds(now) + (session.details.interval === "year" ? 365 : 30) * 86_400;
    subscription = {
      id: subscriptionId,
      object: "subscription",
      status: session.details.trialDays > 0 ? "trialing" : "active",
      customer: session.customer,
      items: {
        object: "list",
        data: [
          {
            id: `si_${subscriptionId.slice("sub_".length)}`,
            object: "subscription_item",
            price: priceObject(session.details.lookupKey, session.details.unitAmount, session.details.interval),
            quantity: 1,
            current_period_start: seconds(now),
            current_period_end: periodEnd,
          },
        ],
      },
      current_period_end: periodEnd,
      trial_end: session.details.trialDays > 0 ? trialEnd : null,
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: session.metadata,
      created: seconds(now),
      livemode: false,
    };
  }
  const completed: Record<string, unknown> = {
    ...current,
    status: "complete",
    payment_status: session.mode === "subscription" && session.details.trialDays > 0 ? "no_payment_required" : "paid",
    subscription: subscription ? subscription.id : null,
  };
  const statements = [
    ...(subscription
      ? [
          app.db
            .insert(localStripeObjects)
            .values({ id: subscription.id as string, type: "subscription", customerId: session.customer, data: subscription, createdAt: now, updatedAt: now })
            .onConflictDoNothing(),
        ]
      : []),
    app.db
      .update(localStripeObjects)
      .set({ data: completed, updatedAt: now })
      .where(and(eq(localStripeObjects.id, session.id), sql`json_extract(${localStripeObjects.data}, '$.status') = 'open'`))
      .returning({ id: localStripeObjects.id }),
  ] as const;
  const results = await app.db.batch(statements as unknown as Parameters<typeof app.db.batch>[0]);
  const updated = results[results.length - 1] as { id: string }[];
  if (updated.length === 0) return successUrl; // Completed by a concurrent submit; it delivers the events.

  await deliverEvent(app, deliver, "checkout.session.completed", stripeView(completed));
  if (subscription) await deliverEvent(app, deliver, "customer.subscription.created", subscription);
  return successUrl;
}

function priceObject(lookupKey: string | null, unitAmount: number, interval: "month" | "year" | null) {
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

/** The object as Stripe would send it (without the test checkout's own fields). */
function stripeView(data: Record<string, unknown>): Record<string, unknown> {
  const { partwise_test: _details, ...rest } = data;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Billing portal
// ---------------------------------------------------------------------------------------------

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
  const live = rows.map((row) => row.data).find((data) => data.status !== "canceled" && data.status !== "incomplete_expired");
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
    .where(and(eq(localStripeObjects.id, portal.subscription.id), sql`json_extract(${localStripeObjects.data}, '$.status') <> 'canceled'`))
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
        data: [{ ...first, price: priceObject(newLookupKey, interval === "year" ? monthly * 12 : monthly, interval) }, ...rest],
      },
    };
  });
  if (!next) return false;
  await deliverEvent(app, deliver, "customer.subscription.updated", next);
  return true;
}

/** Cancels the subscription now; delivers customer.subscription.deleted. */
export async function cancelLocalSubscription(app: AppContext, portal: LocalPortal, deliver: DeliverWebhook): Promise<boolean> {
  const now = seconds(app.now());
  const next = await updateSubscription(app, portal, (data) => ({ ...data, status: "canceled", canceled_at: now, ended_at: now }));
  if (!next) return false;
  await deliverEvent(app, deliver, "customer.subscription.deleted", next);
  return true;
}
