// Exactly-once fulfilment of Stripe payments (docs/decisions/010-payments.md).
//
// Two doors lead here: the verified webhook (`handleStripeWebhook`) and the success pages, which
// call `fulfilCheckoutSession` with the session id from their URL. Neither trusts what it is told:
// both retrieve the Checkout Session (or the Subscription) from the provider and act on its
// current state. Whichever arrives first fulfils; the other finds nothing left to do.
//
// D1 has no interactive transactions, so exactly-once rests on single-statement conditions:
// - a purchase turns paid with ONE conditional UPDATE ... WHERE status IN (unpaid states)
//   RETURNING, run in the same db.batch (atomic) as the purchase's effect;
// - every effect is itself idempotent (set-a-flag, INSERT ... ON CONFLICT DO NOTHING, a
//   subscription sync that writes the provider's current state), so running it again — after a
//   crash, a retry or a race — changes nothing more.
import { and, eq, inArray } from "drizzle-orm";
import { purchases, type Purchase } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { paymentProvider } from "./provider/factory.server";
import type { CheckoutSession, StripeEvent } from "./provider/types";
import type { PurchaseKind } from "./purchasable";
import { PURCHASABLES } from "./purchasables.server";
import { sendInvoiceReceipt, sendPaymentReceipt } from "./receipt-emails.server";
import { invoiceSubscriptionId, stripeId, syncSubscription } from "./subscriptions.server";
import { handleSignedEvent, ignored, processed, type EventOutcome, type WebhookResult } from "./webhook-events.server";

export { syncSubscription } from "./subscriptions.server";

export type { PurchaseKind } from "./purchasable";

export type FulfilmentResult = {
  /** True only for the one call that turned the purchase paid. */
  fulfilled: boolean;
  /** The purchase behind the session (as it stands after this call), or null if there is none. */
  purchase: Purchase | null;
  kind: PurchaseKind | null;
};

/** Purchase states a paid session may move to 'paid' (a canceled checkout can still be paid later
 * from its open Stripe page; 'failed' covers an async payment that was retried). Never 'refunded'. */
const UNPAID_STATES = ["pending", "canceled", "failed"] as const;

function isPaidSession(session: CheckoutSession): boolean {
  if (session.status !== "complete") return false;
  if (session.payment_status === "paid") return true;
  // A subscription with a free trial completes without a payment.
  return session.mode === "subscription" && session.payment_status === "no_payment_required";
}

/**
 * Retrieves the Checkout Session from the provider and, if it is complete and paid, marks its
 * purchase paid and applies the purchase's effect — exactly once across any number of concurrent
 * or repeated calls (webhook deliveries, success pages). Returns fulfilled: true only for the call
 * that made the purchase paid. Provider failures propagate (PaymentProviderError).
 */
export async function fulfilCheckoutSession(
  app: AppContext,
  sessionId: string,
  origin: string | null = app.env.APP_URL ?? null,
): Promise<FulfilmentResult> {
  // Our own record first: a session Partwise never made (another app on the Stripe account, or an
  // id Stripe does not know) has nothing to fulfil, and asking Stripe about it could only fail.
  const [found] = await app.db
    .select()
    .from(purchases)
    .where(eq(purchases.stripeCheckoutSessionId, sessionId))
    .limit(1);
  if (!found) return { fulfilled: false, purchase: null, kind: null };
  const provider = paymentProvider(app);
  const session = await provider.retrieveCheckoutSession(sessionId);
  if (!isPaidSession(session) || found.status === "refunded") {
    return { fulfilled: false, purchase: found, kind: found.kind };
  }
  if (session.mode === "payment" && session.amount_total !== null && session.amount_total !== found.amountCents) {
    // The amount is set by the server; a different total means this session is not this purchase.
    console.error(
      `Checkout session ${session.id} total ${session.amount_total} does not match purchase ${found.id} (${found.amountCents}); not fulfilled.`,
    );
    return { fulfilled: false, purchase: found, kind: found.kind };
  }

  // An effect that needs the provider's current state (a subscription's) reads it before the
  // batch; it is idempotent (it writes the current state), so it may run on every call.
  const purchasable = PURCHASABLES[found.kind];
  await purchasable.prepare?.(app, found, session, provider);

  const now = app.now();
  const markPaid = app.db
    .update(purchases)
    .set({ status: "paid", paidAt: now, updatedAt: now, stripePaymentIntentId: session.payment_intent })
    .where(and(eq(purchases.stripeCheckoutSessionId, session.id), inArray(purchases.status, [...UNPAID_STATES])))
    .returning();
  const effect = purchasable.fulfil(app.db, found, now);
  // One atomic batch: the paid mark and the effect land together or not at all. The effect
  // statements are idempotent, so they also repair a purchase paid by an earlier partial run.
  const [updated] = effect.length > 0 ? await app.db.batch([markPaid, ...effect]) : [await markPaid];
  const winner = (updated as Purchase[])[0];
  if (winner && purchasable.afterFulfil && origin) {
    await purchasable.afterFulfil(app, winner, origin).catch((error: unknown) => {
      console.error(`After-payment step of purchase ${winner.id} failed:`, error);
    });
  }
  // The receipt, by the call that turned the purchase paid (once more guarded by its outbox key;
  // it never throws). A plan's charges get theirs from invoice.paid.
  if (winner) await sendPaymentReceipt(app, winner.id, origin, { taxCents: session.amount_tax });
  const [current] = winner
    ? [winner]
    : await app.db.select().from(purchases).where(eq(purchases.id, found.id)).limit(1);
  return { fulfilled: Boolean(winner), purchase: current ?? found, kind: found.kind };
}

/** Acts on one verified event. Every branch is idempotent. Returns its outcome and a note for the log. */
async function processEvent(app: AppContext, event: StripeEvent, origin: string | null): Promise<EventOutcome> {
  const object = event.data.object;
  const id = stripeId(object.id);
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      if (!id) return ignored("No session id.");
      const result = await fulfilCheckoutSession(app, id, origin);
      if (!result.purchase) return ignored("Not a Partwise checkout.");
      return processed(result.fulfilled ? "Fulfilled." : "Nothing to fulfil.");
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      if (!id) return ignored("No session id.");
      const now = app.now();
      const [known] = await app.db.batch([
        app.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.stripeCheckoutSessionId, id)).limit(1),
        app.db
          .update(purchases)
          .set({ status: event.type === "checkout.session.expired" ? "canceled" : "failed", updatedAt: now })
          .where(and(eq(purchases.stripeCheckoutSessionId, id), eq(purchases.status, "pending"))),
      ]);
      return known.length > 0 ? processed("Recorded.") : ignored("Not a Partwise checkout.");
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      if (!id) return ignored("No subscription id.");
      await syncSubscription(app, id);
      return processed("Synced.");
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const subscriptionId = invoiceSubscriptionId(object);
      if (!subscriptionId) return ignored("No subscription.");
      await syncSubscription(app, subscriptionId);
      // A membership charge's receipt, once per invoice (nothing for a trial's $0 invoice).
      if (event.type === "invoice.paid") await sendInvoiceReceipt(app, object);
      return processed("Synced.");
    }
    default:
      return ignored("Ignored.");
  }
}

/**
 * Verifies (STRIPE_WEBHOOK_SECRET) and handles one Stripe webhook delivery (also used by the
 * built-in test checkout): see handleSignedEvent for the statuses and the act-then-record order.
 * Concurrent deliveries of one event may both act; the conditional purchase UPDATE lets only one
 * of them fulfil.
 */
export async function handleStripeWebhook(
  app: AppContext,
  rawBody: string,
  signatureHeader: string | null,
  origin: string | null = app.env.APP_URL ?? null,
): Promise<WebhookResult> {
  return handleSignedEvent(
    app,
    "Stripe webhook",
    () => paymentProvider(app).verifyWebhook(rawBody, signatureHeader),
    (event) => processEvent(app, event, origin),
  );
}
