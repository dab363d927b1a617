// Starting payments: subscription checkout, one-off checkouts, the customer portal,
// and confirming a returned Checkout Session for the success pages and the confirm APIs.
//
// Every function takes the business from the signed-in viewer, never from the request. What is
// bought, and at what price, comes from its kind in the registry (purchasables.server.ts), which
// reads the owning domain. Nothing here marks anything paid: that is only done by
// fulfilCheckoutSession (fulfilment.server.ts), which retrieves the session from Stripe.
import { and, desc, eq, sql } from "drizzle-orm";
import { purchases, type Business, type Purchase } from "~db/schema";
import {
  PAYMENT_NOT_COMPLETED_MESSAGE,
  PAYMENT_NOT_FOUND_MESSAGE,
  PAYMENT_START_FAILED_MESSAGE,
  STRIPE_ID_CONFLICT_MESSAGE,
  STRIPE_ID_UNVERIFIED_MESSAGE,
} from "~/lib/payments/payment-copy";
import { isPaidTier, PLANS, TRIAL_DAYS, type Billing, type LookupKey, type PaidTier } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import { ensureCustomer } from "./customers.server";
import { fulfilCheckoutSession } from "./fulfilment.server";
import { paymentProvider } from "./provider/factory.server";
import { PaymentProviderError, type CheckoutSession } from "./provider/types";
import type { CheckoutFailure, Purchasable, PurchaseKind, PurchaseRefs } from "./purchasable";
import { PURCHASABLES } from "./purchasables.server";

export type { CheckoutFailure } from "./purchasable";
export type CheckoutBusiness = Pick<
  Business,
  "id" | "name" | "memberTier" | "stripeCustomerId" | "subscriptionId" | "subscriptionStatus"
>;
export type CheckoutViewer = { user: { id: string; email: string }; business: CheckoutBusiness };

export type CheckoutStart = { ok: true; url: string; purchaseId: string } | CheckoutFailure;

/** A double click within this window reuses the same purchase and Stripe idempotency key. */
export const IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;
/** Subscriptions that still hold a plan: a new checkout would make a second subscription. */
const LIVE_SUBSCRIPTION_STATUSES = new Set(["trialing", "active", "past_due"]);

/** APP_URL when configured, else the request's own origin. */
export function appOrigin(app: AppContext, request: Request): string {
  return (app.env.APP_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
}

function bucket(app: AppContext): number {
  return Math.floor(app.now().getTime() / IDEMPOTENCY_WINDOW_MS);
}

const failed = (status: CheckoutFailure["status"], msg: string): CheckoutFailure => ({ ok: false, status, msg });

/**
 * The pending purchase for this idempotency key: inserted once (INSERT … ON CONFLICT DO NOTHING
 * RETURNING), so a double click finds the first one. A purchase that failed to start is retried
 * under the same key; one that already completed gets a fresh key.
 */
async function recordPurchase(
  app: AppContext,
  viewer: CheckoutViewer,
  input: { kind: PurchaseKind; referenceId: string; amountCents: number; idempotencyKey: string },
): Promise<Purchase> {
  const now = app.now();
  const values = {
    id: crypto.randomUUID(),
    businessId: viewer.business.id,
    createdByUserId: viewer.user.id,
    kind: input.kind,
    referenceId: input.referenceId,
    amountCents: input.amountCents,
    status: "pending" as const,
    idempotencyKey: input.idempotencyKey,
    createdAt: now,
    updatedAt: now,
  };
  const [inserted] = await app.db.insert(purchases).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await app.db.select().from(purchases).where(eq(purchases.idempotencyKey, input.idempotencyKey));
  if (!existing || existing.businessId !== viewer.business.id) throw new Error("purchase idempotency key collision");
  if (existing.status === "pending") return existing;
  if (existing.status === "failed") {
    const [retried] = await app.db
      .update(purchases)
      .set({ status: "pending", updatedAt: now })
      .where(and(eq(purchases.id, existing.id), eq(purchases.status, "failed")))
      .returning();
    return retried ?? existing;
  }
  // Paid or canceled within the window: a new, separate purchase.
  return recordPurchase(app, viewer, { ...input, idempotencyKey: `${input.idempotencyKey}-${crypto.randomUUID()}` });
}

async function markFailed(app: AppContext, purchaseId: string): Promise<void> {
  await app.db
    .update(purchases)
    .set({ status: "failed", updatedAt: app.now() })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, "pending")))
    .run();
}

async function storeSession(app: AppContext, purchaseId: string, sessionId: string): Promise<void> {
  await app.db
    .update(purchases)
    .set({ stripeCheckoutSessionId: sessionId, updatedAt: app.now() })
    .where(eq(purchases.id, purchaseId))
    .run();
}

/** Runs a provider call; Stripe unreachable or refusing becomes the readable 502 and a failed purchase. */
async function withProvider<T>(
  app: AppContext,
  purchaseId: string | null,
  run: () => Promise<T>,
): Promise<T | CheckoutFailure> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(`payments: provider call failed: ${error.message}`);
    if (purchaseId) await markFailed(app, purchaseId);
    return failed(502, PAYMENT_START_FAILED_MESSAGE);
  }
}

/** Links the created session to its purchase and answers its URL; a session without one fails the purchase. */
async function finishCheckout(
  app: AppContext,
  purchaseId: string,
  session: CheckoutSession | CheckoutFailure,
): Promise<CheckoutStart> {
  if (isFailure(session)) return session;
  if (!session.url) {
    await markFailed(app, purchaseId);
    return failed(502, PAYMENT_START_FAILED_MESSAGE);
  }
  await storeSession(app, purchaseId, session.id);
  return { ok: true, url: session.url, purchaseId };
}

function isFailure(value: unknown): value is CheckoutFailure {
  return typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;
}

/**
 * POST /api/payments/create-checkout-session: a Checkout Session in subscription mode for the plan
 * of `key` with the 7-day trial. A business that already holds a live subscription goes to the
 * customer portal instead (switching plans there keeps one subscription).
 */
export async function startSubscriptionCheckout(
  app: AppContext,
  viewer: CheckoutViewer,
  plan: { tier: PaidTier; billing: Billing },
  origin: string,
): Promise<CheckoutStart> {
  const key: LookupKey = `${plan.tier}_PLAN_${plan.billing}`;
  const business = viewer.business;
  if (
    business.subscriptionId &&
    business.stripeCustomerId &&
    LIVE_SUBSCRIPTION_STATUSES.has(business.subscriptionStatus ?? "")
  ) {
    const portal = await openPortal(app, viewer, origin);
    return portal.ok ? { ok: true, url: portal.url, purchaseId: "" } : portal;
  }
  const described = await PURCHASABLES.subscription.describe(app, business.id, key);
  if (!described.ok) return described;

  const customerId = await withProvider(app, null, () => ensureCustomer(app, viewer));
  if (isFailure(customerId)) return customerId;
  const purchase = await recordPurchase(app, viewer, {
    kind: "subscription",
    referenceId: described.referenceId,
    amountCents: described.amountCents,
    idempotencyKey: `sub-${business.id}-${key}-${bucket(app)}`,
  });
  const session = await withProvider(app, purchase.id, () =>
    paymentProvider(app).createSubscriptionCheckout(
      {
        customerId,
        lookupKey: key,
        trialDays: TRIAL_DAYS,
        successUrl: `${origin}${described.successPath}`,
        cancelUrl: `${origin}${described.cancelPath}`,
        clientReferenceId: business.id,
        metadata: { businessId: business.id, kind: "subscription", purchaseId: purchase.id },
      },
      purchase.idempotencyKey,
    ),
  );
  return finishCheckout(app, purchase.id, session);
}

type OneOffKind = Exclude<PurchaseKind, "subscription">;

/**
 * The one mechanism for every one-off purchase: the kind describes the business's reference (or
 * refuses it), then a purchase record and a payment-mode Checkout Session.
 */
export async function startOneOffCheckout<K extends OneOffKind>(
  app: AppContext,
  viewer: CheckoutViewer,
  kind: K,
  ref: PurchaseRefs[K],
  origin: string,
): Promise<CheckoutStart> {
  const business = viewer.business;
  const purchasable: Purchasable<K> = PURCHASABLES[kind];
  const input = await purchasable.describe(app, business.id, ref);
  if (!input.ok) return input;
  const customerId = await withProvider(app, null, () => ensureCustomer(app, viewer));
  if (isFailure(customerId)) return customerId;
  const purchase = await recordPurchase(app, viewer, {
    kind,
    referenceId: input.referenceId,
    amountCents: input.amountCents,
    idempotencyKey: `${kind}-${business.id}-${input.referenceId}-${bucket(app)}`,
  });
  const session = await withProvider(app, purchase.id, () =>
    paymentProvider(app).createPaymentCheckout(
      {
        customerId,
        amountCents: input.amountCents,
        currency: "usd",
        productName: input.productName,
        successUrl: `${origin}${input.successPath}`,
        cancelUrl: `${origin}${input.cancelPath}`,
        clientReferenceId: business.id,
        metadata: { businessId: business.id, kind, purchaseId: purchase.id, referenceId: input.referenceId },
      },
      purchase.idempotencyKey,
    ),
  );
  return finishCheckout(app, purchase.id, session);
}

/** POST /api/payments/create-insight-checkout: the business's own unpaid insight request. */
export function startInsightCheckout(app: AppContext, viewer: CheckoutViewer, insightId: string, origin: string) {
  return startOneOffCheckout(app, viewer, "insight", { insightId }, origin);
}

/** POST /api/payments/create-item-session: the business's own unpaid delivery item; amount = its price. */
export function startItemCheckout(
  app: AppContext,
  viewer: CheckoutViewer,
  input: { deliveryItemId: string; deliveryOutlineId: string },
  origin: string,
) {
  return startOneOffCheckout(app, viewer, "delivery_item", input, origin);
}

/** PUT /api/payments/update-business-benchmarking: the current year of benchmarking. */
export function startBenchmarkingCheckout(app: AppContext, viewer: CheckoutViewer, origin: string) {
  return startOneOffCheckout(app, viewer, "benchmarking", { year: app.now().getUTCFullYear() }, origin);
}

/**
 * POST /api/payments/create-portal-session: BASIC members and businesses without a Stripe customer
 * go to /plan-select; others to a billing portal session returning to the settings' Account tab.
 */
export async function openPortal(
  app: AppContext,
  viewer: CheckoutViewer,
  origin: string,
): Promise<{ ok: true; url: string } | CheckoutFailure> {
  const business = viewer.business;
  if (!isPaidTier(business.memberTier) || !business.stripeCustomerId) return { ok: true, url: "/plan-select" };
  const customerId = business.stripeCustomerId;
  const portal = await withProvider(app, null, () =>
    paymentProvider(app).createPortalSession({ customerId, returnUrl: `${origin}/company-profile?tab=account` }),
  );
  if (isFailure(portal)) return portal;
  return { ok: true, url: portal.url };
}

/** PUT /api/payments/update-stripe-id: only confirms the id the business already has. */
export async function confirmStripeId(
  viewer: CheckoutViewer,
  stripeId: string,
): Promise<{ ok: true } | CheckoutFailure> {
  const stored = viewer.business.stripeCustomerId;
  if (stored === stripeId) return { ok: true };
  if (stored) return failed(409, STRIPE_ID_CONFLICT_MESSAGE);
  return failed(409, STRIPE_ID_UNVERIFIED_MESSAGE);
}

export type ConfirmedPayment = { ok: true; purchase: Purchase } | CheckoutFailure;

/**
 * A returned Checkout Session: it must be a purchase of this business (and of `kind`), then it is
 * fulfilled through the one idempotent function (a no-op if the webhook was first). Answers the
 * purchase as it stands afterwards; 409 when Stripe does not report it paid.
 */
export async function confirmCheckout(
  app: AppContext,
  viewer: CheckoutViewer,
  sessionId: string,
  match: { kind: PurchaseKind; referenceId?: string },
  origin: string | null = app.env.APP_URL ?? null,
): Promise<ConfirmedPayment> {
  const conditions = [
    eq(purchases.stripeCheckoutSessionId, sessionId),
    eq(purchases.businessId, viewer.business.id),
    eq(purchases.kind, match.kind),
  ];
  if (match.referenceId !== undefined) conditions.push(eq(purchases.referenceId, match.referenceId));
  const [purchase] = await app.db
    .select()
    .from(purchases)
    .where(and(...conditions));
  if (!purchase) return failed(404, PAYMENT_NOT_FOUND_MESSAGE);
  if (purchase.status !== "paid") {
    try {
      await fulfilCheckoutSession(app, sessionId, origin);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.warn(`payments: could not confirm session: ${error.message}`);
    }
  }
  const [after] = await app.db.select().from(purchases).where(eq(purchases.id, purchase.id));
  if (!after || after.status !== "paid") return failed(409, PAYMENT_NOT_COMPLETED_MESSAGE);
  return { ok: true, purchase: after };
}

/** The newest checkout session started for a reference of this business (for APIs given only an id). */
export async function latestSessionFor(
  app: AppContext,
  businessId: string,
  kind: PurchaseKind,
  referenceId: string,
): Promise<string | null> {
  const [row] = await app.db
    .select({ sessionId: purchases.stripeCheckoutSessionId })
    .from(purchases)
    .where(
      and(
        eq(purchases.businessId, businessId),
        eq(purchases.kind, kind),
        eq(purchases.referenceId, referenceId),
        sql`${purchases.stripeCheckoutSessionId} IS NOT NULL`,
      ),
    )
    .orderBy(sql`CASE ${purchases.status} WHEN 'paid' THEN 0 ELSE 1 END`, desc(purchases.createdAt))
    .limit(1);
  return row?.sessionId ?? null;
}

/** The plan name a completed subscription purchase shows ("SCALE"). */
export function planNameOf(purchase: Purchase): string | null {
  const match = /^(STANDARD|PREMIUM)_PLAN_/.exec(purchase.referenceId ?? "");
  return match ? PLANS[match[1] as PaidTier].displayName : null;
}
