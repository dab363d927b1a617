// Automatic refunds of duplicates (ADR 010): one open checkout per thing bought makes a second
// payment for it nearly impossible, but a race with the provider (two sessions both completed, a
// checkout paid while Partwise expired it) can still bring one. Such a payment delivers nothing and
// is refunded here; a second live subscription is cancelled and what it charged refunded. Each
// exactly once: the purchase_refunds row is the claim (one per purchase, one per subscription,
// INSERT … ON CONFLICT DO NOTHING; a failed or interrupted one is claimed again by a conditional
// UPDATE), and the provider call carries an Idempotency-Key of its own, so a retry after a crash
// between the call and the record moves no more money. The call that settles it tells the business.
import { membersWhoMay } from "~/server/business/members.server";
import { and, eq, inArray, isNotNull, lt, or, type SQL } from "drizzle-orm";
import { businesses, purchaseRefunds, purchases, type Purchase, type PurchaseRefund } from "~db/schema";
import { formatMoney } from "~/lib/shared/numbers";
import {
  NOTICE_DUPLICATE_PAYMENT_REFUNDED,
  NOTICE_DUPLICATE_PAYMENT_REFUNDED_BODY,
  NOTICE_DUPLICATE_SUBSCRIPTION_CANCELED,
  NOTICE_DUPLICATE_SUBSCRIPTION_CANCELED_BODY,
} from "~/lib/payments/payment-copy";
import { parseLookupKey, PLANS } from "~/lib/payments/plans";
import { PAYMENTS_PATH, receiptPath } from "~/lib/payouts/receipts";
import { STALE_PENDING_MS } from "~/lib/payouts/transfer-rules";
import type { AppContext } from "~/server/load-context";
import { notify, type Notice } from "~/server/notifications/notify.server";
import { paymentProvider } from "./provider/factory.server";
import type { PaymentProvider, Subscription } from "./provider/types";
import { describeOwnPurchase } from "./receipt-document.server";
import { sendRefundReceipt } from "./receipt-emails.server";
import { configuredOrigin, storedOriginQuery } from "~/server/platform/app-origin.server";

/** The Idempotency-Keys of the automatic refunds. */
export const duplicatePaymentRefundKey = (purchaseId: string) => `refund-duplicate-${purchaseId}`;
export const duplicateSubscriptionRefundKey = (subscriptionId: string) =>
  `refund-duplicate-subscription-${subscriptionId}`;

const FOOTER = "You get this email because your business made a payment on Partwise.";

/** A refund row this call may act on: a new one, or a failed (or stale pending) one taken over. */
async function claim(
  app: AppContext,
  values: Pick<
    PurchaseRefund,
    "businessId" | "purchaseId" | "subscriptionId" | "reason" | "amountCents" | "paymentIntentId"
  >,
  existing: SQL | undefined,
): Promise<string | null> {
  const now = app.now();
  const [inserted] = await app.db
    .insert(purchaseRefunds)
    .values({ id: crypto.randomUUID(), ...values, status: "pending", createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: purchaseRefunds.id });
  if (inserted) return inserted.id;
  const [again] = await app.db
    .update(purchaseRefunds)
    .set({ status: "pending", failureMessage: null, updatedAt: now })
    .where(
      and(
        existing,
        or(
          eq(purchaseRefunds.status, "failed"),
          and(
            eq(purchaseRefunds.status, "pending"),
            lt(purchaseRefunds.updatedAt, new Date(now.getTime() - STALE_PENDING_MS)),
          ),
        ),
      ),
    )
    .returning({ id: purchaseRefunds.id });
  return again?.id ?? null;
}

async function markFailed(app: AppContext, refundId: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await app.db
    .update(purchaseRefunds)
    .set({ status: "failed", failureMessage: message.slice(0, 500), updatedAt: app.now() })
    .where(and(eq(purchaseRefunds.id, refundId), eq(purchaseRefunds.status, "pending")));
}

/** The business's members who pay (owners and admins, docs/decisions/068) and whoever started the purchase: told about the refund. */
async function recipients(app: AppContext, businessId: string, buyerId: string | null): Promise<string[]> {
  return [...new Set([...(await membersWhoMay(app, businessId, "pay")), ...(buyerId ? [buyerId] : [])])];
}

async function tell(
  app: AppContext,
  origin: string | null,
  businessId: string,
  userIds: readonly string[],
  notice: Omit<Notice, "userId" | "businessId" | "footer">,
): Promise<void> {
  try {
    await notify(
      app,
      origin,
      userIds.map((userId) => ({ ...notice, userId, businessId, footer: FOOTER })),
    );
  } catch (error) {
    console.error(`The ${notice.kind} notice of business ${businessId} could not be sent:`, error);
  }
}

/**
 * Refunds a duplicate payment (a paid purchase with duplicateOfPurchaseId) in full through the
 * provider and marks the purchase refunded, once. Safe to call any number of times, concurrently:
 * a call that finds the refund claimed by another (or already settled) does nothing. A provider
 * failure is recorded on the refund row and rethrown, so the webhook answers 500 and Stripe
 * delivers the event again (and the daily retry picks it up).
 */
export async function refundDuplicatePayment(
  app: AppContext,
  purchase: Purchase,
  origin: string | null,
  provider: PaymentProvider = paymentProvider(app),
): Promise<void> {
  if (!purchase.duplicateOfPurchaseId || purchase.status !== "paid") return;
  if (!purchase.stripePaymentIntentId) {
    console.error(`Duplicate purchase ${purchase.id} has no PaymentIntent: it cannot be refunded automatically.`);
    return;
  }
  const refundId = await claim(
    app,
    {
      businessId: purchase.businessId,
      purchaseId: purchase.id,
      subscriptionId: null,
      reason: "duplicate_payment",
      amountCents: purchase.amountCents,
      paymentIntentId: purchase.stripePaymentIntentId,
    },
    and(eq(purchaseRefunds.purchaseId, purchase.id), eq(purchaseRefunds.reason, "duplicate_payment")),
  );
  if (!refundId) return;
  let stripeRefundId: string;
  try {
    const refund = await provider.createRefund(
      {
        paymentIntentId: purchase.stripePaymentIntentId,
        amountCents: purchase.amountCents,
        metadata: {
          purchaseId: purchase.id,
          duplicateOf: purchase.duplicateOfPurchaseId,
          reason: "duplicate_payment",
        },
      },
      duplicatePaymentRefundKey(purchase.id),
    );
    stripeRefundId = refund.id;
  } catch (error) {
    console.error(`The automatic refund of duplicate purchase ${purchase.id} failed:`, error);
    await markFailed(app, refundId, error);
    throw error;
  }
  const at = app.now();
  const [settled] = await app.db.batch([
    app.db
      .update(purchaseRefunds)
      .set({
        status: "succeeded",
        stripeRefundId,
        amountCents: purchase.amountCents,
        paymentIntentId: purchase.stripePaymentIntentId,
        updatedAt: at,
      })
      .where(and(eq(purchaseRefunds.id, refundId), eq(purchaseRefunds.status, "pending")))
      .returning({ id: purchaseRefunds.id }),
    app.db
      .update(purchases)
      .set({ status: "refunded", updatedAt: at })
      .where(and(eq(purchases.id, purchase.id), eq(purchases.status, "paid"))),
  ]);
  if (settled.length === 0) return;
  const [subject, userIds] = await Promise.all([
    describeOwnPurchase(app, purchase.businessId, purchase.id),
    recipients(app, purchase.businessId, purchase.createdByUserId),
  ]);
  await tell(app, origin, purchase.businessId, userIds, {
    kind: "duplicate_payment_refunded",
    title: NOTICE_DUPLICATE_PAYMENT_REFUNDED,
    body: NOTICE_DUPLICATE_PAYMENT_REFUNDED_BODY(
      formatMoney(purchase.amountCents),
      subject?.description ?? "the same purchase",
    ),
    link: receiptPath(purchase.id),
    action: "View the receipt",
  });
  // The refund's receipt, once (its key is the refund): the card the money goes back to.
  await sendRefundReceipt(
    app,
    { purchaseId: purchase.id, refundId: stripeRefundId, amountCents: purchase.amountCents, refundedAt: at },
    origin,
  );
}

/**
 * Cancels a second subscription of a business that already holds a live one (`kept`), at once,
 * and refunds what it charged (nothing during its trial): no proration credit is made, the charge
 * is returned instead (ADR 010). The business's plan stays the kept one. Once per subscription
 * (its purchase_refunds row), and its checkout's purchase, if any, is marked refunded.
 */
export async function cancelDuplicateSubscription(
  app: AppContext,
  input: { businessId: string; subscription: Subscription; kept: Subscription },
  origin: string | null,
  provider: PaymentProvider = paymentProvider(app),
): Promise<void> {
  const { businessId, subscription, kept } = input;
  const [purchase] = subscription.metadata.purchaseId
    ? await app.db
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.id, subscription.metadata.purchaseId),
            eq(purchases.businessId, businessId),
            eq(purchases.kind, "subscription"),
          ),
        )
    : [];
  const refundId = await claim(
    app,
    {
      businessId,
      purchaseId: purchase?.id ?? null,
      subscriptionId: subscription.id,
      reason: "duplicate_subscription",
      amountCents: 0,
      paymentIntentId: null,
    },
    eq(purchaseRefunds.subscriptionId, subscription.id),
  );
  if (!refundId) return;
  let refunded: { id: string; amount: number } | null = null;
  let refundedPaymentIntent: string | null = null;
  try {
    const canceled = await provider.cancelSubscription(subscription.id);
    if (canceled.charge) {
      refundedPaymentIntent = canceled.charge.paymentIntentId;
      refunded = await provider.createRefund(
        {
          paymentIntentId: canceled.charge.paymentIntentId,
          amountCents: canceled.charge.amountCents,
          metadata: { subscriptionId: subscription.id, keptSubscriptionId: kept.id, reason: "duplicate_subscription" },
        },
        duplicateSubscriptionRefundKey(subscription.id),
      );
    }
  } catch (error) {
    console.error(`Cancelling the duplicate subscription ${subscription.id} failed:`, error);
    await markFailed(app, refundId, error);
    throw error;
  }
  const at = app.now();
  const [settled] = await app.db.batch([
    app.db
      .update(purchaseRefunds)
      .set({
        status: "succeeded",
        stripeRefundId: refunded?.id ?? null,
        amountCents: refunded?.amount ?? 0,
        // The charge refunded: its card is the one the refund receipt names (also when re-sent).
        paymentIntentId: refunded ? refundedPaymentIntent : null,
        updatedAt: at,
      })
      .where(and(eq(purchaseRefunds.id, refundId), eq(purchaseRefunds.status, "pending")))
      .returning({ id: purchaseRefunds.id }),
    app.db
      .update(purchases)
      .set({ status: "refunded", updatedAt: at })
      .where(
        and(eq(purchases.id, purchase?.id ?? ""), inArray(purchases.status, ["pending", "paid", "canceled", "failed"])),
      ),
  ]);
  if (settled.length === 0) return;
  const planName = (lookupKey: string | null) => {
    const plan = parseLookupKey(lookupKey);
    return plan ? PLANS[plan.tier].displayName : "another";
  };
  const userIds = await recipients(app, businessId, purchase?.createdByUserId ?? null);
  await tell(app, origin, businessId, userIds, {
    kind: "duplicate_subscription_canceled",
    title: NOTICE_DUPLICATE_SUBSCRIPTION_CANCELED,
    body: NOTICE_DUPLICATE_SUBSCRIPTION_CANCELED_BODY(
      planName(kept.lookup_key),
      planName(subscription.lookup_key),
      refunded ? formatMoney(refunded.amount) : null,
    ),
    link: PAYMENTS_PATH,
    action: "Open your payments",
  });
  if (refunded && purchase) {
    await sendRefundReceipt(
      app,
      {
        purchaseId: purchase.id,
        refundId: refunded.id,
        amountCents: refunded.amount,
        refundedAt: at,
        paymentIntentId: refundedPaymentIntent,
      },
      origin,
    );
  }
}

/**
 * The daily retry (cron): every automatic refund that failed, or was left pending longer than
 * STALE_PENDING_MS by a call that died, is tried again with its own Idempotency-Key.
 */
export async function retryDuplicateRefunds(app: AppContext): Promise<{ retried: number; failed: number }> {
  const staleBefore = new Date(app.now().getTime() - STALE_PENDING_MS);
  const rows = await app.db
    .select()
    .from(purchaseRefunds)
    .where(
      or(
        eq(purchaseRefunds.status, "failed"),
        and(eq(purchaseRefunds.status, "pending"), lt(purchaseRefunds.updatedAt, staleBefore)),
      ),
    )
    .limit(50);
  const provider = paymentProvider(app);
  const [stored] = await storedOriginQuery(app);
  const origin = configuredOrigin(app) ?? stored?.origin ?? null;
  let retried = 0;
  let failures = 0;
  for (const row of rows) {
    try {
      if (row.reason === "duplicate_payment" && row.purchaseId) {
        const [purchase] = await app.db
          .select()
          .from(purchases)
          .where(and(eq(purchases.id, row.purchaseId), isNotNull(purchases.duplicateOfPurchaseId)));
        if (purchase) await refundDuplicatePayment(app, purchase, origin, provider);
      } else if (row.reason === "duplicate_subscription" && row.subscriptionId) {
        const [business] = await app.db
          .select({ subscriptionId: businesses.subscriptionId })
          .from(businesses)
          .where(eq(businesses.id, row.businessId));
        if (!business?.subscriptionId || business.subscriptionId === row.subscriptionId) continue;
        const [subscription, kept] = await Promise.all([
          provider.retrieveSubscription(row.subscriptionId),
          provider.retrieveSubscription(business.subscriptionId),
        ]);
        await cancelDuplicateSubscription(app, { businessId: row.businessId, subscription, kept }, origin, provider);
      }
      retried += 1;
    } catch (error) {
      failures += 1;
      console.error(`Retrying the automatic refund ${row.id} failed:`, error);
    }
  }
  return { retried, failed: failures };
}
