import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/server/load-context";
import {
  deliverEvent,
  hashId,
  loadCheckoutSession,
  localStripeObjects,
  priceObject,
  seconds,
  toLocalCheckoutSession,
  type DeliverWebhook,
  type LocalCheckoutSession,
} from "./local-objects.server";

// The test checkout page's logic (/test-checkout/:id): what it shows, and "Pay", which completes
// the session and delivers the signed events Stripe would send.

/** A Checkout Session of the test checkout (expired once its expires_at passed), with what the page shows; null when unknown. */
export async function getLocalCheckoutSession(app: AppContext, id: string): Promise<LocalCheckoutSession | null> {
  const data = await loadCheckoutSession(app, id);
  return data ? toLocalCheckoutSession(data) : null;
}

/** The card typed on the test checkout, as Stripe's charge reports it (payment_method_details.card). */
export type LocalCard = { brand: string; last4: string };

/** The brand Stripe names for a card number (by its leading digits) and its last 4 digits. */
export function cardOf(digits: string): LocalCard {
  const brand = /^4/.test(digits)
    ? "visa"
    : /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)
      ? "mastercard"
      : /^3[47]/.test(digits)
        ? "amex"
        : /^(6011|65|64[4-9])/.test(digits)
          ? "discover"
          : /^35(2[89]|[3-8])/.test(digits)
            ? "jcb"
            : /^3(0[0-5]|[68])/.test(digits)
              ? "diners"
              : /^62/.test(digits)
                ? "unionpay"
                : "unknown";
  return { brand, last4: digits.slice(-4) };
}

/** Stripe replaces this template in success URLs with the session's id. */
export function fillSessionId(url: string, sessionId: string): string {
  return url.replaceAll("{CHECKOUT_SESSION_ID}", encodeURIComponent(sessionId));
}

/**
 * "Pay" on the test checkout: completes an open session once (a conditional update, so a double
 * submit completes it once), creates the subscription in subscription mode (trialing with the
 * plan's lookup key), then delivers checkout.session.completed (and customer.subscription.created)
 * to the webhook handler. Answers the URL to continue to (the success URL with the session id), or
 * null for an unknown session or one that can no longer be paid (expired, as Stripe's page refuses
 * it: by the expire call or once its expires_at passed). In payment mode the session's charge is
 * stored too, with the card it was paid with (what a receipt shows).
 */
export async function payLocalCheckout(
  app: AppContext,
  sessionId: string,
  deliver: DeliverWebhook,
  card: LocalCard = { brand: "visa", last4: "4242" },
): Promise<string | null> {
  const current = await loadCheckoutSession(app, sessionId);
  if (!current) return null;
  const session = toLocalCheckoutSession(current);
  const successUrl = fillSessionId(session.details.successUrl, session.id);
  if (session.status === "expired") return null;
  if (session.status !== "open") return successUrl;

  const now = app.now();
  // Stripe makes a PaymentIntent for what the checkout charges today (a payment, or a subscription
  // without a trial), and its charge; a refund names the PaymentIntent, a transfer the charge.
  const charges = session.mode === "payment" || session.details.trialDays === 0;
  const paymentIntent = charges ? await hashId("pi_test_", `payment:${session.id}`) : null;
  let subscription: Record<string, unknown> | null = null;
  if (session.mode === "subscription" && session.customer) {
    const subscriptionId = await hashId("sub_test_", `subscription:${session.id}`);
    const trialEnd = seconds(now) + session.details.trialDays * 24 * 60 * 60;
    const periodEnd =
      session.details.trialDays > 0
        ? trialEnd
        : seconds(now) + (session.details.interval === "year" ? 365 : 30) * 86_400;
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
      // Its first invoice: $0 during a trial, else the first period, paid by the checkout.
      latest_invoice: {
        id: await hashId("in_test_", `invoice:${session.id}`),
        object: "invoice",
        amount_paid: paymentIntent ? session.details.unitAmount : 0,
        payment_intent: paymentIntent,
      },
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
    payment_intent: paymentIntent,
    latest_charge: paymentIntent ? await hashId("ch_test_", `charge:${session.id}`) : null,
  };
  const completeSession = app.db
    .update(localStripeObjects)
    .set({ data: completed, updatedAt: now })
    .where(
      and(eq(localStripeObjects.id, session.id), sql`json_extract(${localStripeObjects.data}, '$.status') = 'open'`),
    )
    .returning({ id: localStripeObjects.id });
  // The charge and the subscription exist only with the session this call completed (an expired
  // session makes neither): each is inserted from the session row only once it names them.
  const value = <T>(v: T, column: string) => sql<T>`${v}`.as(column);
  const insertNamedBySession = (object: Record<string, unknown>, type: string, field: string) =>
    app.db
      .insert(localStripeObjects)
      .select(
        app.db
          .select({
            id: value(String(object.id), "id"),
            type: value(type, "type"),
            customerId: value(session.customer, "customer_id"),
            data: value(JSON.stringify(object), "data"),
            createdAt: value(now.getTime(), "created_at"),
            updatedAt: value(now.getTime(), "updated_at"),
          })
          .from(localStripeObjects)
          .where(
            and(
              eq(localStripeObjects.id, session.id),
              sql`json_extract(${localStripeObjects.data}, ${`$.${field}`}) = ${String(object.id)}`,
            ),
          ),
      )
      .onConflictDoNothing();
  const charge =
    session.mode === "payment" && completed.latest_charge
      ? {
          id: completed.latest_charge as string,
          object: "charge",
          amount: session.amount_total ?? 0,
          currency: "usd",
          customer: session.customer,
          payment_intent: completed.payment_intent,
          paid: true,
          status: "succeeded",
          payment_method_details: { type: "card", card: { brand: card.brand, last4: card.last4 } },
          created: seconds(now),
          livemode: false,
        }
      : null;
  const statements = [
    completeSession,
    ...(charge ? [insertNamedBySession(charge, "charge", "latest_charge")] : []),
    ...(subscription ? [insertNamedBySession(subscription, "subscription", "subscription")] : []),
  ];
  const results = await app.db.batch(statements as unknown as Parameters<typeof app.db.batch>[0]);
  const updated = results[0] as { id: string }[];
  if (updated.length === 0) {
    // Completed by a concurrent submit (which delivers the events), or expired meanwhile.
    const now = await loadCheckoutSession(app, session.id);
    return now?.status === "complete" ? successUrl : null;
  }

  await deliverEvent(app, deliver, "checkout.session.completed", stripeView(completed));
  if (subscription) await deliverEvent(app, deliver, "customer.subscription.created", subscription);
  return successUrl;
}

/** The object as Stripe would send it (without the test checkout's own fields). */
function stripeView(data: Record<string, unknown>): Record<string, unknown> {
  const { partwise_test: _details, ...rest } = data;
  return rest;
}
