import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/server/load-context";
import {
  deliverEvent,
  hashId,
  loadOrNull,
  localStripeObjects,
  priceObject,
  seconds,
  toLocalCheckoutSession,
  type DeliverWebhook,
  type LocalCheckoutSession,
} from "./local-objects.server";

// The test checkout page's logic (/test-checkout/:id): what it shows, and "Pay", which completes
// the session and delivers the signed events Stripe would send.

/** A Checkout Session of the test checkout, with what the page shows; null when unknown. */
export async function getLocalCheckoutSession(app: AppContext, id: string): Promise<LocalCheckoutSession | null> {
  const data = await loadOrNull(app, id, "checkout.session");
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
 * null for an unknown session. In payment mode the session's charge is stored too, with the card
 * it was paid with (what a receipt shows).
 */
export async function payLocalCheckout(
  app: AppContext,
  sessionId: string,
  deliver: DeliverWebhook,
  card: LocalCard = { brand: "visa", last4: "4242" },
): Promise<string | null> {
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
    // Stripe makes a PaymentIntent for a payment-mode session, and its charge; a refund names the
    // PaymentIntent, a transfer the charge (its source_transaction).
    payment_intent: session.mode === "payment" ? await hashId("pi_test_", `payment:${session.id}`) : null,
    latest_charge: session.mode === "payment" ? await hashId("ch_test_", `charge:${session.id}`) : null,
  };
  const charge =
    session.mode === "payment"
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
    ...(charge
      ? [
          app.db
            .insert(localStripeObjects)
            .values({
              id: charge.id,
              type: "charge",
              customerId: session.customer,
              data: charge,
              createdAt: now,
              updatedAt: now,
            })
            .onConflictDoNothing(),
        ]
      : []),
    ...(subscription
      ? [
          app.db
            .insert(localStripeObjects)
            .values({
              id: subscription.id as string,
              type: "subscription",
              customerId: session.customer,
              data: subscription,
              createdAt: now,
              updatedAt: now,
            })
            .onConflictDoNothing(),
        ]
      : []),
    app.db
      .update(localStripeObjects)
      .set({ data: completed, updatedAt: now })
      .where(
        and(eq(localStripeObjects.id, session.id), sql`json_extract(${localStripeObjects.data}, '$.status') = 'open'`),
      )
      .returning({ id: localStripeObjects.id }),
  ] as const;
  const results = await app.db.batch(statements as unknown as Parameters<typeof app.db.batch>[0]);
  const updated = results[results.length - 1] as { id: string }[];
  if (updated.length === 0) return successUrl; // Completed by a concurrent submit; it delivers the events.

  await deliverEvent(app, deliver, "checkout.session.completed", stripeView(completed));
  if (subscription) await deliverEvent(app, deliver, "customer.subscription.created", subscription);
  return successUrl;
}

/** The object as Stripe would send it (without the test checkout's own fields). */
function stripeView(data: Record<string, unknown>): Record<string, unknown> {
  const { partwise_test: _details, ...rest } = data;
  return rest;
}
