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
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { purchases, type Purchase } from "~db/schema";
import { auditAfterChange, SYSTEM_ACTOR } from "~/server/audit/audit.server";
import type { AppContext } from "~/server/load-context";
import {
  announceDecline,
  cardOnFileQuery,
  recordDecline,
  rememberCard,
  syncCardOfCustomer,
} from "./card-on-file.server";
import { CARD_DECLINED_REASON } from "~/lib/payments/card-on-file-copy";
import { refundDuplicatePayment } from "./duplicate-payments.server";
import { paymentProvider } from "./provider/factory.server";
import { PaymentProviderError, type CheckoutSession, type StripeEvent } from "./provider/types";
import type { PurchaseKind } from "./purchasable";
import { PURCHASABLES } from "./purchasables.server";
import { describeOwnPurchase } from "./receipt-document.server";
import { sendInvoiceReceipt, sendPaymentReceipt } from "./receipt-emails.server";
import { invoiceSubscriptionId, stripeId } from "./stripe-ids";
import { syncSubscription } from "./subscriptions.server";
import { handleSignedEvent, ignored, processed, type EventOutcome, type WebhookResult } from "./webhook-events.server";

export { syncSubscription } from "./subscriptions.server";

export type { PurchaseKind } from "./purchasable";

export type FulfilmentResult = {
  /** True only for the one call that turned the purchase paid (as a duplicate too). */
  fulfilled: boolean;
  /** The payment was a second one for what another purchase had paid: refunded, nothing delivered. */
  duplicate: boolean;
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
  if (!found) return { fulfilled: false, duplicate: false, purchase: null, kind: null };
  const provider = paymentProvider(app);
  const session = await provider.retrieveCheckoutSession(sessionId);
  const unchanged = {
    fulfilled: false,
    duplicate: Boolean(found.duplicateOfPurchaseId),
    purchase: found,
    kind: found.kind,
  };
  if (!isPaidSession(session) || found.status === "refunded") return unchanged;
  if (session.mode === "payment" && session.amount_total !== null && session.amount_total !== found.amountCents) {
    // The amount is set by the server; a different total means this session is not this purchase.
    console.error(
      `Checkout session ${session.id} total ${session.amount_total} does not match purchase ${found.id} (${found.amountCents}); not fulfilled.`,
    );
    return unchanged;
  }

  // An effect that needs the provider's current state (a subscription's) reads it before the
  // batch; it is idempotent (it writes the current state), so it may run on every call.
  const purchasable = PURCHASABLES[found.kind];
  await purchasable.prepare?.(app, found, session, provider, origin);
  return settlePaidPurchase(
    app,
    found,
    {
      unpaid: eq(purchases.stripeCheckoutSessionId, session.id),
      paymentIntentId: session.payment_intent,
      amountCents: session.amount_total,
      taxCents: session.amount_tax,
      charged: session.payment_status === "paid",
    },
    origin,
  );
}

/** What the provider reports of a payment: the checkout's session or the invoice that charged the card on file. */
type PaymentFacts = {
  /** Which purchase row the paid mark may change (its session or its invoice). */
  unpaid: SQL | undefined;
  paymentIntentId: string | null;
  /** What was charged (null when not reported), and the tax in it. */
  amountCents: number | null;
  taxCents: number | null;
  /** Whether anything was charged (not a plan's free trial). */
  charged: boolean;
};

/**
 * The one way a purchase turns paid, for a completed checkout and a paid invoice alike: ONE
 * atomic batch holds the conditional paid mark, its "payment.completed" record and the kind's
 * effect; the call whose mark landed sends the receipt and runs the after-payment step; a second
 * payment for what was already paid is refunded (ADR 010).
 */
async function settlePaidPurchase(
  app: AppContext,
  found: Purchase,
  facts: PaymentFacts,
  origin: string | null,
): Promise<FulfilmentResult> {
  const provider = paymentProvider(app);
  const purchasable = PURCHASABLES[found.kind];
  const now = app.now();
  const unpaid = and(facts.unpaid, eq(purchases.id, found.id), inArray(purchases.status, [...UNPAID_STATES]));
  const markPaid = app.db
    .update(purchases)
    .set({
      status: "paid",
      paidAt: now,
      updatedAt: now,
      stripePaymentIntentId: facts.paymentIntentId,
      duplicateOfPurchaseId: earlierPayment(found),
      declineMessage: null,
      retryAt: null,
    })
    .where(unpaid)
    .returning();
  // A purchase already marked a duplicate (a later call) has no effect to repair.
  const effect = found.duplicateOfPurchaseId ? [] : purchasable.fulfil(app.db, found, now);
  const label = await paymentLabel(app, found, facts.charged);
  // One atomic batch: the paid mark and the effect land together or not at all. The effect
  // statements are idempotent, so they also repair a purchase paid by an earlier partial run;
  // they also change nothing for a duplicate, which the paid mark names in the same statement.
  // The payment's record comes right after the mark and holds only when the mark landed, so one
  // call of any racing or repeated ones writes it.
  const record = label === null ? [] : [paymentRecord(app, found, facts.amountCents, label)];
  const [updated] = await app.db.batch([markPaid, ...record, ...effect]);
  const winner = (updated as Purchase[])[0];
  if (winner && !winner.duplicateOfPurchaseId && purchasable.afterFulfil && origin) {
    await purchasable.afterFulfil(app, winner, origin).catch((error: unknown) => {
      console.error(`After-payment step of purchase ${winner.id} failed:`, error);
    });
  }
  // The card a first prepayment saved becomes the card on file (it never throws).
  if (winner && !winner.duplicateOfPurchaseId && purchasable.savesCard && !winner.stripeInvoiceId) {
    await rememberCard(app, winner);
  }
  // The receipt, by the call that turned the purchase paid (once more guarded by its outbox key;
  // it never throws). A plan's charges get theirs from invoice.paid.
  if (winner) await sendPaymentReceipt(app, winner.id, origin, { taxCents: facts.taxCents });
  const [current] = winner
    ? [winner]
    : await app.db.select().from(purchases).where(eq(purchases.id, found.id)).limit(1);
  const purchase = current ?? found;
  // A second payment for what was already paid: refunded now (or again, by a later call, when the
  // provider failed; the refund's own claim keeps it to one).
  if (purchase.duplicateOfPurchaseId && purchase.status === "paid") {
    await refundDuplicatePayment(app, purchase, origin, provider);
    const [after] = await app.db.select().from(purchases).where(eq(purchases.id, purchase.id)).limit(1);
    return { fulfilled: Boolean(winner), duplicate: true, purchase: after ?? purchase, kind: found.kind };
  }
  return {
    fulfilled: Boolean(winner),
    duplicate: Boolean(purchase.duplicateOfPurchaseId),
    purchase,
    kind: found.kind,
  };
}

/**
 * Retrieves an invoice that charged the card on file (docs/decisions/082) and, when it is paid in
 * full, marks its purchase paid with its effect: exactly once across the charge's own answer, the
 * `invoice.paid` webhook (also after a Smart Retry or a payment on the hosted page) and replays.
 * An invoice Partwise did not make answers purchase null. Provider failures propagate.
 */
export async function fulfilInvoice(
  app: AppContext,
  invoiceId: string,
  origin: string | null = app.env.APP_URL ?? null,
): Promise<FulfilmentResult> {
  const [found] = await app.db.select().from(purchases).where(eq(purchases.stripeInvoiceId, invoiceId)).limit(1);
  if (!found) return { fulfilled: false, duplicate: false, purchase: null, kind: null };
  const invoice = await paymentProvider(app).retrieveInvoice(invoiceId);
  const unchanged = {
    fulfilled: false,
    duplicate: Boolean(found.duplicateOfPurchaseId),
    purchase: found,
    kind: found.kind,
  };
  if (invoice.status !== "paid" || found.status === "refunded") return unchanged;
  if (invoice.total !== found.amountCents) {
    console.error(
      `Invoice ${invoice.id} total ${invoice.total} does not match purchase ${found.id} (${found.amountCents}); not fulfilled.`,
    );
    return unchanged;
  }
  return settlePaidPurchase(
    app,
    found,
    {
      unpaid: eq(purchases.stripeInvoiceId, invoice.id),
      paymentIntentId: invoice.payment_intent,
      amountCents: invoice.amount_paid,
      taxCents: 0,
      charged: true,
    },
    origin,
  );
}

/**
 * What a purchase about to turn paid bought, in the receipt's words, for its "payment.completed"
 * record; null where no record is due: nothing was charged (a plan's free trial), or the purchase
 * is no longer unpaid (a repeat: its paid mark cannot land, so no query).
 */
async function paymentLabel(app: AppContext, found: Purchase, charged: boolean): Promise<string | null> {
  if (!charged || !(UNPAID_STATES as readonly string[]).includes(found.status)) return null;
  const subject = await describeOwnPurchase(app, found.businessId, found.id);
  return subject?.description ?? found.kind;
}

/**
 * The "payment.completed" record (auditAfterChange), for the batch right after the paid mark: the
 * amount charged and what it bought. Its actor is the person who started the checkout, as a
 * client (they paid, with their card; Stripe only confirms it), else Partwise.
 */
function paymentRecord(app: AppContext, found: Purchase, amountCents: number | null, label: string) {
  return auditAfterChange(app, {
    actor: found.createdByUserId ? { userId: found.createdByUserId, kind: "client" } : SYSTEM_ACTOR,
    action: "payment.completed",
    businessId: found.businessId,
    subject: { type: "purchase", id: found.id },
    detail: { amountCents: amountCents ?? found.amountCents, purchase: label },
  });
}

/**
 * SQL for the paid mark's duplicate_of_purchase_id: for a one-off kind, the purchase of the same
 * business, kind and reference that was paid first (paid or since refunded, and not itself a
 * duplicate), or NULL. Evaluated inside the paid mark's single UPDATE, so of two payments racing
 * for one reference exactly one is the original: D1 runs the statements one at a time. Plans are
 * not compared by reference (a business may subscribe to a plan again after cancelling): a second
 * live subscription is found by its subscription instead (subscriptions.server.ts).
 */
function earlierPayment(purchase: Purchase) {
  if (purchase.kind === "subscription" || purchase.referenceId === null) return sql`NULL`;
  return sql`(SELECT earlier.id FROM purchases AS earlier WHERE earlier.business_id = ${purchase.businessId} AND earlier.kind = ${purchase.kind} AND earlier.reference_id = ${purchase.referenceId} AND earlier.id <> ${purchase.id} AND earlier.status IN ('paid', 'refunded') AND earlier.duplicate_of_purchase_id IS NULL ORDER BY earlier.paid_at, earlier.id LIMIT 1)`;
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
      return syncFromEvent(app, event, id, origin);
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const subscriptionId = invoiceSubscriptionId(object);
      if (!subscriptionId) {
        // A charge of the card on file (docs/decisions/082): paid after a retry or on its hosted page, or declined.
        if (!id) return ignored("No invoice id.");
        return event.type === "invoice.paid" ? invoicePaid(app, id, origin) : invoiceDeclined(app, id, origin);
      }
      const synced = await syncFromEvent(app, event, subscriptionId, origin);
      // A membership charge's receipt, once per invoice (nothing for a trial's $0 invoice; a second
      // subscription's charge gets its receipt too, after the refund's, which the sync just sent).
      if (event.type === "invoice.paid" && synced.outcome === "processed") await sendInvoiceReceipt(app, object);
      return synced;
    }
    case "invoice.voided":
    case "invoice.marked_uncollectible": {
      // A charge of the card on file closed at Stripe (in its dashboard): its purchase is canceled.
      if (!id) return ignored("No invoice id.");
      const canceled = await app.db
        .update(purchases)
        .set({ status: "canceled", updatedAt: app.now() })
        .where(and(eq(purchases.stripeInvoiceId, id), eq(purchases.status, "pending")))
        .returning({ id: purchases.id });
      return canceled.length > 0 ? processed("Charge canceled.") : ignored("Nothing to cancel.");
    }
    case "customer.updated": {
      if (!id) return ignored("No customer id.");
      return (await syncCardOfCustomer(app, id)) ? processed("Card on file synced.") : ignored("No card on file.");
    }
    default:
      return ignored("Ignored.");
  }
}

async function invoicePaid(app: AppContext, invoiceId: string, origin: string | null): Promise<EventOutcome> {
  const result = await fulfilInvoice(app, invoiceId, origin);
  if (!result.purchase) return ignored("Not a Partwise invoice.");
  return processed(result.fulfilled ? "Fulfilled." : "Nothing to fulfil.");
}

/**
 * A declined attempt of Stripe's (a Smart Retry, or the first try when the charge's own answer was
 * lost): recorded on the purchase and told to the business once per attempt. The invoice is read
 * from Stripe, not from the event (which may be older than the invoice).
 */
async function invoiceDeclined(app: AppContext, invoiceId: string, origin: string | null): Promise<EventOutcome> {
  const [found] = await app.db.select().from(purchases).where(eq(purchases.stripeInvoiceId, invoiceId)).limit(1);
  if (!found) return ignored("Not a Partwise invoice.");
  const invoice = await paymentProvider(app).retrieveInvoice(invoiceId);
  if (invoice.status === "paid") return invoicePaid(app, invoiceId, origin);
  const recorded = await recordDecline(app, invoice, found.declineMessage ?? CARD_DECLINED_REASON);
  if (recorded?.firstReport) {
    const [card] = await cardOnFileQuery(app, found.businessId);
    await announceDecline(app, recorded.purchase, card ?? null, origin);
  }
  return processed(recorded?.firstReport ? "Decline recorded." : "Decline already recorded.");
}

/**
 * Syncs the subscription an event is about. A subscription the provider does not know (404), or
 * one no business has, is acknowledged as 'ignored' and logged: Stripe would otherwise retry it for
 * days, and retrying cannot make it known. Any other failure still answers 500 (Stripe retries).
 */
async function syncFromEvent(
  app: AppContext,
  event: StripeEvent,
  subscriptionId: string,
  origin: string | null,
): Promise<EventOutcome> {
  try {
    const synced = await syncSubscription(app, subscriptionId, { origin });
    if (!synced.matched) {
      console.warn(
        `Stripe event ${event.id} (${event.type}): no business has subscription ${subscriptionId}; ignored.`,
      );
      return ignored("No business has this subscription.");
    }
    return processed(synced.duplicate ? "Second subscription canceled." : "Synced.");
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 404) {
      console.warn(`Stripe event ${event.id} (${event.type}): unknown subscription ${subscriptionId}; ignored.`);
      return ignored("Unknown subscription.");
    }
    throw error;
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
