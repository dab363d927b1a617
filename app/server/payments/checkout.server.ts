// Starting payments: subscription checkout, one-off checkouts, the customer portal,
// and confirming a returned Checkout Session for the success pages and the confirm APIs.
//
// Every function takes the business from the signed-in viewer, never from the request. What is
// bought, and at what price, comes from its kind in the registry (purchasables.server.ts), which
// reads the owning domain. Nothing here marks anything paid: that is only done by
// fulfilCheckoutSession (fulfilment.server.ts), which retrieves the session from Stripe.
import { and, desc, eq, sql } from "drizzle-orm";
import { businesses, purchases, type Business, type Purchase } from "~db/schema";
import {
  CHECKOUT_STARTING_MESSAGE,
  DUPLICATE_PAYMENT_REFUNDED_MESSAGE,
  DUPLICATE_SUBSCRIPTION_MESSAGE,
  PAYMENT_NOT_COMPLETED_MESSAGE,
  PAYMENT_NOT_FOUND_MESSAGE,
  PAYMENT_PROCESSING_MESSAGE,
  PAYMENT_START_FAILED_MESSAGE,
  STRIPE_ID_CONFLICT_MESSAGE,
  STRIPE_ID_UNVERIFIED_MESSAGE,
  SUBSCRIPTION_CHECKOUT_OPEN_MESSAGE,
  SUBSCRIPTION_LIVE_MESSAGE,
} from "~/lib/payments/payment-copy";
import {
  isPaidTier,
  LIVE_SUBSCRIPTION_STATES,
  parseLookupKey,
  PLANS,
  TRIAL_DAYS,
  type Billing,
  type LookupKey,
  type PaidTier,
} from "~/lib/payments/plans";
import { formatMoney } from "~/lib/shared/numbers";
import { CARD_CHARGE_OPEN_MESSAGE, NO_CARD_ON_FILE_MESSAGE } from "~/lib/payments/card-on-file-copy";
import { EMAIL_UNVERIFIED_MESSAGE } from "~/lib/identity/email-verification";
import type { AppContext } from "~/server/load-context";
import { ensureCustomer } from "./customers.server";
import { closeCardCharge } from "./card-charge-close.server";
import { failed, isCardCharge, isFailure, markCanceled, markFailed, withProvider } from "./purchase-claims.server";
import { hasCardOnFile } from "./card-on-file.server";
import { fulfilCheckoutSession } from "./fulfilment.server";
import { paymentProvider } from "./provider/factory.server";
import { PaymentProviderError, type CheckoutSession } from "./provider/types";
import type { CheckoutFailure, Purchasable, PurchaseDescription, PurchaseKind, PurchaseRefs } from "./purchasable";
import { PURCHASABLES } from "./purchasables.server";

export type { CheckoutFailure } from "./purchasable";
export { failed, isCardCharge, isFailure, markCanceled, markFailed, withProvider } from "./purchase-claims.server";
export type CheckoutBusiness = Pick<
  Business,
  "id" | "name" | "memberTier" | "stripeCustomerId" | "subscriptionId" | "subscriptionStatus"
>;
export type CheckoutViewer = {
  user: { id: string; email: string; emailVerified: boolean };
  business: CheckoutBusiness;
};

/**
 * Who a purchase is made for: the business, and the member who started it, or nobody when the
 * daily run charges a retainer's month to the card on file (docs/decisions/082).
 */
export type Payer = { business: Pick<CheckoutBusiness, "id">; user: Pick<CheckoutViewer["user"], "id"> | null };

export type CheckoutStart = { ok: true; url: string; purchaseId: string } | CheckoutFailure;

/**
 * An open checkout is reused only while it has at least this long left to be paid (Stripe expires
 * a session 24 hours after it was made); closer to its end it is expired and a new one opened.
 */
export const CHECKOUT_REUSE_MARGIN_MS = 60 * 60 * 1000;
/** A purchase still without its session after this long was never started (its request died): it is failed. */
export const STARTING_TIMEOUT_MS = 60 * 1000;
/** How often a start re-reads the open checkout after closing one (or losing a race for the slot). */
export const START_ATTEMPTS = 4;
/** Whether the business (as stored) holds a live subscription: a new checkout would make a second one. */
export function hasLiveSubscription(business: Pick<CheckoutBusiness, "subscriptionId" | "subscriptionStatus">) {
  return (
    Boolean(business.subscriptionId) &&
    (LIVE_SUBSCRIPTION_STATES as readonly string[]).includes(business.subscriptionStatus ?? "")
  );
}

/**
 * Paying waits for a verified email (docs/decisions/070): every checkout starts through
 * startSubscriptionCheckout or startOneOffCheckout, and both refuse first, before anything is
 * read or written, with a 403 the pages show next to their button and the JSON API as `{ msg }`.
 */
export const unverified = (): CheckoutFailure => failed(403, EMAIL_UNVERIFIED_MESSAGE, "email_unverified");

/**
 * The business's open checkout for what is being bought: its pending purchase of this kind and
 * reference, or for a plan its pending subscription purchase of any plan (one open subscription
 * checkout per business). The partial unique indexes of `purchases` keep it to one.
 */
export async function openPurchaseOf(
  app: AppContext,
  businessId: string,
  kind: PurchaseKind,
  referenceId: string,
): Promise<Purchase | null> {
  const [row] = await app.db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.businessId, businessId),
        eq(purchases.kind, kind),
        eq(purchases.status, "pending"),
        kind === "subscription" ? undefined : eq(purchases.referenceId, referenceId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A new pending purchase, unless the business already has an open one for the same thing (a
 * concurrent click): INSERT … ON CONFLICT DO NOTHING on the one-open-checkout indexes, so one of
 * two racing requests records it and the other takes it over. Its Idempotency-Key is its own.
 */
export async function insertPurchase(
  app: AppContext,
  viewer: Payer,
  input: { kind: PurchaseKind; referenceId: string; amountCents: number },
  /** How it is paid: a Checkout Session, or an invoice charging the card on file (its key starts `card-`). */
  via: "checkout" | "card" = "checkout",
): Promise<Purchase | null> {
  const now = app.now();
  const prefix = via === "card" ? `card-${input.kind}` : input.kind === "subscription" ? "sub" : input.kind;
  const [inserted] = await app.db
    .insert(purchases)
    .values({
      id: crypto.randomUUID(),
      businessId: viewer.business.id,
      createdByUserId: viewer.user?.id ?? null,
      kind: input.kind,
      referenceId: input.referenceId,
      amountCents: input.amountCents,
      status: "pending",
      idempotencyKey: `${prefix}-${viewer.business.id}-${input.referenceId}-${crypto.randomUUID()}`,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

async function storeSession(app: AppContext, purchaseId: string, session: CheckoutSession): Promise<void> {
  await app.db
    .update(purchases)
    .set({
      stripeCheckoutSessionId: session.id,
      checkoutExpiresAt: session.expires_at === null ? null : new Date(session.expires_at * 1000),
      updatedAt: app.now(),
    })
    .where(eq(purchases.id, purchaseId))
    .run();
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
  await storeSession(app, purchaseId, session);
  return { ok: true, url: session.url, purchaseId };
}

/** What to do with the business's open checkout when it asks for a new one. */
type OpenCheckout =
  | { next: "reuse"; start: CheckoutStart }
  | { next: "create"; purchase: Purchase }
  /** Closed: read the open checkout again; `paid` when it was found paid (and is now fulfilled). */
  | { next: "again"; paid?: boolean }
  | { next: "refuse"; failure: CheckoutFailure };

/**
 * One open checkout per thing bought (ADR 010). The open one is reused while it can still be paid
 * (the same reference and amount, open at the provider, more than CHECKOUT_REUSE_MARGIN_MS left).
 * Otherwise it is closed before another is opened: expired through the provider (the amount
 * changed, it is about to lapse), or found already paid (fulfilled now; the kind then refuses a
 * second purchase) or expired (its purchase canceled). A plan's open checkout for another plan is
 * not closed: the business is told to continue or cancel it (SUBSCRIPTION_CHECKOUT_OPEN).
 */
async function settleOpenCheckout(
  app: AppContext,
  open: Purchase,
  wanted: { referenceId: string; amountCents: number },
  origin: string,
): Promise<OpenCheckout> {
  const same = open.referenceId === wanted.referenceId && open.amountCents === wanted.amountCents;
  // A charge of the card on file is under way or declined (docs/decisions/082): no checkout beside
  // it while the card is on file; once the card is gone, the charge is closed and a checkout opens.
  if (isCardCharge(open)) {
    if (await hasCardOnFile(app, open.businessId)) {
      return { next: "refuse", failure: failed(409, CARD_CHARGE_OPEN_MESSAGE) };
    }
    const closed = await closeCardCharge(app, open, origin);
    return closed.ok ? { next: "again" } : { next: "refuse", failure: closed };
  }
  const sessionId = open.stripeCheckoutSessionId;
  if (!sessionId) {
    // Another request recorded it and is asking the provider for its session right now (or died
    // doing so). The same purchase and Idempotency-Key answer the same session.
    if (app.now().getTime() - open.createdAt.getTime() > STARTING_TIMEOUT_MS) {
      await markFailed(app, open.id);
      return { next: "again" };
    }
    return same
      ? { next: "create", purchase: open }
      : { next: "refuse", failure: failed(409, CHECKOUT_STARTING_MESSAGE) };
  }
  const provider = paymentProvider(app);
  let session: CheckoutSession;
  try {
    session = await provider.retrieveCheckoutSession(sessionId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.status !== 404) return { next: "refuse", failure: failed(502, PAYMENT_START_FAILED_MESSAGE) };
    // The provider does not know it (a session of another account or mode): it can never be paid.
    await markCanceled(app, open.id);
    return { next: "again" };
  }
  if (session.status === "complete") {
    // Paid, and neither the webhook nor the success page has told us yet: fulfil it now.
    const result = await withProvider(app, null, () => fulfilCheckoutSession(app, session.id, origin));
    if (isFailure(result)) return { next: "refuse", failure: result };
    if (result.purchase?.status === "pending") {
      // Complete but not paid yet (an asynchronous payment method): a second checkout would charge twice.
      return { next: "refuse", failure: failed(409, PAYMENT_PROCESSING_MESSAGE) };
    }
    return { next: "again", paid: true };
  }
  if (session.status === "expired") {
    await markCanceled(app, open.id);
    return { next: "again" };
  }
  const lapsing =
    session.expires_at !== null && session.expires_at * 1000 - app.now().getTime() < CHECKOUT_REUSE_MARGIN_MS;
  if (same && !lapsing && session.url)
    return { next: "reuse", start: { ok: true, url: session.url, purchaseId: open.id } };
  if (open.kind === "subscription" && !same && !lapsing) {
    return {
      next: "refuse",
      failure: failed(
        409,
        SUBSCRIPTION_CHECKOUT_OPEN_MESSAGE(planNameOf(open) ?? "another"),
        "subscription_checkout_open",
      ),
    };
  }
  return (await closeOpenCheckout(app, open, session.id, origin)) ?? { next: "again" };
}

/**
 * Expires the open checkout through the provider and cancels its purchase. When the provider
 * refuses (it was paid or expired meanwhile), the next attempt reads it again; still open (the
 * provider failing) answers the readable 502.
 */
export async function closeOpenCheckout(
  app: AppContext,
  open: Purchase,
  sessionId: string,
  origin: string | null,
): Promise<OpenCheckout | null> {
  const provider = paymentProvider(app);
  try {
    await provider.expireCheckoutSession(sessionId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(`payments: could not expire checkout ${sessionId}: ${error.message}`);
    const again = await withProvider(app, null, () => provider.retrieveCheckoutSession(sessionId));
    if (isFailure(again)) return { next: "refuse", failure: again };
    if (again.status === "open") return { next: "refuse", failure: failed(502, PAYMENT_START_FAILED_MESSAGE) };
    if (again.status === "complete") {
      const fulfilled = await withProvider(app, null, () => fulfilCheckoutSession(app, sessionId, origin));
      if (isFailure(fulfilled)) return { next: "refuse", failure: fulfilled };
      return { next: "again", paid: true };
    }
  }
  await markCanceled(app, open.id);
  return null;
}

/**
 * The one way a checkout starts: `describe` says what the business is buying (or refuses it),
 * then its open checkout is reused or closed (settleOpenCheckout) and, when none is left, a pending
 * purchase is recorded and `create` asks the provider for its Checkout Session under the
 * purchase's Idempotency-Key.
 */
async function startCheckout(
  app: AppContext,
  viewer: CheckoutViewer,
  kind: PurchaseKind,
  describe: () => Promise<PurchaseDescription | CheckoutFailure>,
  create: (description: PurchaseDescription, purchase: Purchase, customerId: string) => Promise<CheckoutSession>,
  origin: string,
): Promise<CheckoutStart> {
  let customerId: string | null = null;
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt += 1) {
    const described = await describe();
    if (!described.ok) return described;
    if (customerId === null) {
      const customer = await withProvider(app, null, () => ensureCustomer(app, viewer));
      if (isFailure(customer)) return customer;
      customerId = customer;
    }
    const open = await openPurchaseOf(app, viewer.business.id, kind, described.referenceId);
    let purchase: Purchase | null = null;
    if (open) {
      const settled = await settleOpenCheckout(app, open, described, origin);
      if (settled.next === "reuse") return settled.start;
      if (settled.next === "refuse") return settled.failure;
      // A plan checkout found paid made a subscription: no second one (the caller says which plan).
      if (settled.next === "again" && settled.paid && kind === "subscription") {
        return failed(409, SUBSCRIPTION_LIVE_MESSAGE("a"), "subscription_live");
      }
      if (settled.next === "again") continue;
      purchase = settled.purchase;
    } else {
      purchase = await insertPurchase(app, viewer, { kind, ...described });
      if (!purchase) continue; // A concurrent click recorded it first: take that one over.
    }
    const current = purchase;
    const owner = customerId;
    const session = await withProvider(app, current.id, () => create(described, current, owner));
    return finishCheckout(app, current.id, session);
  }
  return failed(409, CHECKOUT_STARTING_MESSAGE);
}

/**
 * POST /api/payments/create-checkout-session: a Checkout Session in subscription mode for the plan
 * of `key` with the 7-day trial. One subscription per business: one that already holds a live
 * subscription is refused (it changes plans in the customer portal), and so is a second plan
 * while another plan's checkout is open (the business continues or cancels that one).
 */
export async function startSubscriptionCheckout(
  app: AppContext,
  viewer: CheckoutViewer,
  plan: { tier: PaidTier; billing: Billing },
  origin: string,
): Promise<CheckoutStart> {
  const key: LookupKey = `${plan.tier}_PLAN_${plan.billing}`;
  const business = viewer.business;
  if (!viewer.user.emailVerified) return unverified();
  if (hasLiveSubscription(business)) {
    return failed(409, SUBSCRIPTION_LIVE_MESSAGE(PLANS[business.memberTier].displayName), "subscription_live");
  }
  const started = await startCheckout(
    app,
    viewer,
    "subscription",
    () => PURCHASABLES.subscription.describe(app, business.id, key),
    (described, purchase, customerId) =>
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
    origin,
  );
  if (started.ok) return started;
  // An open checkout found paid meanwhile made the business's subscription live.
  const [fresh] = await app.db
    .select({
      memberTier: businesses.memberTier,
      subscriptionId: businesses.subscriptionId,
      subscriptionStatus: businesses.subscriptionStatus,
    })
    .from(businesses)
    .where(eq(businesses.id, business.id));
  if (fresh && hasLiveSubscription(fresh) && started.code !== "subscription_checkout_open") {
    return failed(409, SUBSCRIPTION_LIVE_MESSAGE(PLANS[fresh.memberTier].displayName), "subscription_live");
  }
  return started;
}

/**
 * "Cancel that checkout" on /plan-select: the business's open subscription checkout is expired
 * through the provider, so it can no longer be paid, and another plan may be chosen. Answers
 * whether one was closed; a checkout paid meanwhile is fulfilled instead.
 */
export async function cancelSubscriptionCheckout(
  app: AppContext,
  viewer: CheckoutViewer,
  origin: string,
): Promise<{ ok: true; closed: boolean } | CheckoutFailure> {
  const open = await openPurchaseOf(app, viewer.business.id, "subscription", "");
  if (!open) return { ok: true, closed: false };
  if (!open.stripeCheckoutSessionId) {
    await markFailed(app, open.id);
    return { ok: true, closed: true };
  }
  const closed = await closeOpenCheckout(app, open, open.stripeCheckoutSessionId, origin);
  if (closed?.next === "refuse") return closed.failure;
  const [after] = await app.db.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, open.id));
  return { ok: true, closed: after?.status === "canceled" };
}

/** The business's open plan checkout, as /plan-select shows it (read from D1 only), or null. */
export async function openSubscriptionCheckout(
  app: AppContext,
  businessId: string,
): Promise<{ purchaseId: string; lookupKey: LookupKey; planName: string; expiresAt: string } | null> {
  const open = await openPurchaseOf(app, businessId, "subscription", "");
  if (!open?.stripeCheckoutSessionId) return null;
  const expiresAt = open.checkoutExpiresAt ?? new Date(open.createdAt.getTime() + 24 * 60 * 60 * 1000);
  const plan = parseLookupKey(open.referenceId);
  if (!plan || expiresAt <= app.now()) return null;
  return {
    purchaseId: open.id,
    lookupKey: `${plan.tier}_PLAN_${plan.billing}`,
    planName: planNameOf(open) ?? PLANS[plan.tier].displayName,
    expiresAt: expiresAt.toISOString(),
  };
}

type OneOffKind = Exclude<PurchaseKind, "subscription">;

/**
 * The one mechanism for every one-off purchase: the kind describes the business's reference (or
 * refuses it), then its one open checkout (reused or replaced) or a new purchase record and a
 * payment-mode Checkout Session.
 */
export async function startOneOffCheckout<K extends OneOffKind>(
  app: AppContext,
  viewer: CheckoutViewer,
  kind: K,
  ref: PurchaseRefs[K],
  origin: string,
): Promise<CheckoutStart> {
  const business = viewer.business;
  if (!viewer.user.emailVerified) return unverified();
  const purchasable: Purchasable<K> = PURCHASABLES[kind];
  return startCheckout(
    app,
    viewer,
    kind,
    () => purchasable.describe(app, business.id, ref),
    (input, purchase, customerId) =>
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
          saveCard: purchasable.savesCard === true,
        },
        purchase.idempotencyKey,
      ),
    origin,
  );
}

/** POST /api/payments/create-insight-checkout: the business's own unpaid insight request. */
export function startInsightCheckout(app: AppContext, viewer: CheckoutViewer, insightId: string, origin: string) {
  return startOneOffCheckout(app, viewer, "insight", { insightId }, origin);
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

/**
 * "Change card" beside Prepay (docs/decisions/082): a billing portal session of the business's
 * Stripe customer, where it replaces its card on file; back to `returnPath`. Without a customer
 * there is no card to change (409).
 */
export async function openCardPortal(
  app: AppContext,
  viewer: CheckoutViewer,
  origin: string,
  returnPath: string,
): Promise<{ ok: true; url: string } | CheckoutFailure> {
  const customerId = viewer.business.stripeCustomerId;
  if (!customerId) return failed(409, NO_CARD_ON_FILE_MESSAGE);
  const portal = await withProvider(app, null, () =>
    paymentProvider(app).createPortalSession({ customerId, returnUrl: `${origin}${returnPath}` }),
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
  if (after?.duplicateOfPurchaseId) {
    // A second payment for what was already paid: it delivers nothing and is (being) refunded.
    const refunded = after.status === "refunded";
    return failed(
      409,
      DUPLICATE_PAYMENT_REFUNDED_MESSAGE(formatMoney(after.amountCents), refunded),
      "duplicate_payment",
    );
  }
  if (after?.kind === "subscription" && after.status === "refunded") {
    // A second subscription, canceled at once (the business keeps its plan).
    return failed(409, DUPLICATE_SUBSCRIPTION_MESSAGE, "duplicate_payment");
  }
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
