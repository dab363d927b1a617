import { and, asc, eq, lt, sql } from "drizzle-orm";
import Stripe from "stripe";
import { schema } from "~db/index";
import type { AppContext } from "~/server/load-context";
import {
  signPayload,
  toCheckoutSession,
  toConnectAccount,
  toSubscription,
} from "~/server/payments/provider/stripe-wire.server";
import type { CheckoutSession, ConnectAccount, Subscription } from "~/server/payments/provider/types";
import { ownerOf, type FakeObject, type StripeFakeStore } from "./store";
import {
  PENDING_SSN_LAST4,
  createStripeFake,
  formFields,
  invoiceView,
  publicView,
  type StripeFake,
} from "./stripe-fake";

/**
 * Keyless runs (STRIPE_SECRET_KEY unset, never in production): the Stripe provider's SDK calls the
 * Stripe fake in-process (keylessStripeHttpClient) instead of Stripe, with the fake's objects in D1
 * (local_stripe_objects), and the hosted pages Stripe would show are Partwise's /test-checkout,
 * /test-billing-portal, /test-invoice, /test-onboarding and /test-express-dashboard. What those pages do goes
 * through the fake's controls, then the signed webhook events Stripe would send are delivered to
 * the same fulfilment code as real Stripe's.
 *
 * Ids derive from what they are made for (the Idempotency-Key, or the session that made them): a
 * repeated create answers the object created the first time.
 */

const { localStripeObjects } = schema;
type LocalType = (typeof schema.LOCAL_STRIPE_OBJECT_TYPES)[number];

/** The secret key the keyless provider's SDK sends (the fake accepts only it). */
export const KEYLESS_SECRET_KEY = "sk_test_keyless";

/** The answer to a webhook delivery: fulfilment's handleStripeWebhook(app, rawBody, signatureHeader). */
export type DeliverWebhook = (rawBody: string, signatureHeader: string) => Promise<{ status: number; msg: string }>;

/** Days between a transfer and the arrival of its automatic payout at the bank. */
export const LOCAL_PAYOUT_DAYS = 2;

export async function hashId(prefix: string, key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const hex = Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${prefix}${hex}`;
}

function randomHex(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** cs_test_…, acct_local_…, otherwise <prefix>test_…. */
function keylessPrefix(prefix: string): string {
  if (prefix === "cs_test_") return prefix;
  if (prefix === "acct_") return "acct_local_";
  return `${prefix}test_`;
}

/** The fake's store in D1: one row per object; every change a conditional write. */
export function d1FakeStore(app: AppContext): StripeFakeStore {
  const where = (type: string, id: string) =>
    and(eq(localStripeObjects.id, id), eq(localStripeObjects.type, type as LocalType));
  return {
    async get(type, id) {
      const [row] = await app.db
        .select({ data: localStripeObjects.data })
        .from(localStripeObjects)
        .where(where(type, id))
        .limit(1);
      return row?.data ?? null;
    },
    async insertOnce(type, id, data) {
      const now = app.now();
      const made = await app.db
        .insert(localStripeObjects)
        .values({
          id,
          type: type as LocalType,
          customerId: ownerOf(data),
          data,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: localStripeObjects.id });
      if (made.length > 0) return { data: JSON.parse(JSON.stringify(data)) as FakeObject, inserted: true };
      const [row] = await app.db
        .select({ data: localStripeObjects.data })
        .from(localStripeObjects)
        .where(where(type, id))
        .limit(1);
      if (!row) throw new Error(`stripe fake: ${id} exists with another type than ${type}`);
      return { data: row.data, inserted: false };
    },
    async swap(type, id, expected, next, also = []) {
      const now = app.now();
      const nextText = JSON.stringify(next);
      const swapped = app.db
        .update(localStripeObjects)
        .set({ data: next, updatedAt: now })
        .where(and(where(type, id), sql`${localStripeObjects.data} = ${JSON.stringify(expected)}`))
        .returning({ id: localStripeObjects.id });
      // One batch (one transaction): each insert happens only where the swap did, which the
      // object now holding `next` shows (the insert's one row is selected from it).
      const inserts = also.map((insert) =>
        app.db
          .insert(localStripeObjects)
          .select(
            app.db
              .select({
                id: sql<string>`${insert.id}`.as("id"),
                type: sql<LocalType>`${insert.type}`.as("type"),
                customerId: sql<string | null>`${ownerOf(insert.data)}`.as("customer_id"),
                data: sql<string>`${JSON.stringify(insert.data)}`.as("data"),
                createdAt: sql<number>`${now.getTime()}`.as("created_at"),
                updatedAt: sql<number>`${now.getTime()}`.as("updated_at"),
              })
              .from(localStripeObjects)
              .where(and(where(type, id), sql`${localStripeObjects.data} = ${nextText}`)),
          )
          .onConflictDoNothing(),
      );
      const [updated] = await app.db.batch([swapped, ...inserts]);
      return updated.length > 0;
    },
    async owned(type, owner) {
      // customer_id holds ownerOf(data): local_stripe_objects_customer_idx answers it.
      const rows = await app.db
        .select({ data: localStripeObjects.data })
        .from(localStripeObjects)
        .where(and(eq(localStripeObjects.customerId, owner), eq(localStripeObjects.type, type as LocalType)))
        .orderBy(asc(localStripeObjects.createdAt), sql`rowid`);
      return rows.map((row) => row.data);
    },
    async remove(type, id) {
      await app.db.delete(localStripeObjects).where(where(type, id));
    },
    async prune(type, beforeMs) {
      await app.db
        .delete(localStripeObjects)
        .where(
          and(eq(localStripeObjects.type, type as LocalType), lt(localStripeObjects.createdAt, new Date(beforeMs))),
        );
    },
  };
}

/** The Stripe fake of a keyless run: objects in D1, time from the app, the hosted pages on the app's origin. */
export function keylessStripeFake(app: AppContext): StripeFake {
  const origin = (url: string) => new URL(url).origin;
  return createStripeFake({
    store: d1FakeStore(app),
    now: () => app.now().getTime(),
    acceptsKey: (authorization) => authorization === `Bearer ${KEYLESS_SECRET_KEY}`,
    newId: (prefix, seed) => (seed ? hashId(keylessPrefix(prefix), seed) : `${keylessPrefix(prefix)}${randomHex()}`),
    priceTag: "test",
    urls: {
      checkout: (id, successUrl) => `${origin(successUrl)}/test-checkout/${id}`,
      portal: (id, returnUrl) => `${origin(returnUrl)}/test-billing-portal/${id}`,
      onboarding: (account, returnUrl) => `${origin(returnUrl)}/test-onboarding/${encodeURIComponent(account)}`,
      dashboard: (account, returnOrigin) =>
        `${returnOrigin ?? app.env.APP_URL ?? ""}/test-express-dashboard/${encodeURIComponent(account)}`,
      // An invoice names no return URL: the app's configured origin, else this request's.
      invoice: (id) => `${app.env.APP_URL ?? app.requestOrigin ?? ""}/test-invoice/${encodeURIComponent(id)}`,
    },
    automaticPayoutDays: LOCAL_PAYOUT_DAYS,
  });
}

/**
 * The HTTP client the keyless provider's Stripe SDK is given (Stripe's own extension point,
 * Stripe.HttpClient): each request is answered by the Stripe fake in this process, as Stripe's API
 * would answer it, with no network and no Response in between.
 */
export function keylessStripeHttpClient(app: AppContext): Stripe.HttpClient {
  return new KeylessHttpClient(keylessStripeFake(app));
}

class KeylessHttpClient extends Stripe.HttpClient {
  constructor(private readonly fake: StripeFake) {
    super();
  }

  getClientName(): string {
    return "partwise-keyless";
  }

  async makeRequest(
    _host: string,
    _port: string | number,
    path: string,
    method: string,
    headers: object,
    requestData: string | null,
  ): Promise<Stripe.HttpClientResponse> {
    const header = headerReader(headers);
    const url = new URL(path, "https://stripe-fake.invalid");
    const answer = await this.fake.handle({
      method: method.toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      form: formFields(method === "GET" || method === "DELETE" ? "" : (requestData ?? "")),
      authorization: header("authorization"),
      idempotencyKey: header("idempotency-key"),
      stripeAccount: header("stripe-account"),
    });
    return new KeylessHttpResponse(answer.status, answer.body);
  }
}

class KeylessHttpResponse extends Stripe.HttpClientResponse {
  constructor(
    status: number,
    private readonly body: unknown,
  ) {
    super(status, { "content-type": "application/json", "request-id": `req_keyless_${randomHex()}` });
  }

  getRawResponse(): unknown {
    return this.body;
  }

  toStream(): never {
    throw new Error("The keyless Stripe fake answers JSON only.");
  }

  toJSON(): Promise<unknown> {
    return Promise.resolve(structuredClone(this.body));
  }
}

/** A header of the SDK's request, whatever its case. */
function headerReader(headers: object): (name: string) => string | null {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return (name) => {
    const value = lower.get(name);
    return value === undefined || value === null ? null : String(value);
  };
}

/** Signs an event like Stripe does (Stripe-Signature: t=…,v1=HMAC-SHA256(secret, `${t}.${body}`)) and delivers it. */
async function deliverEvent(
  app: AppContext,
  deliver: DeliverWebhook,
  event: { type: string; object: FakeObject; account?: string },
  secret: string,
  what: string,
): Promise<void> {
  const created = Math.floor(app.now().getTime() / 1000);
  const body = JSON.stringify({
    id: `evt_test_${randomHex()}`,
    object: "event",
    ...(event.account ? { account: event.account } : {}),
    type: event.type,
    created,
    livemode: false,
    api_version: Stripe.API_VERSION,
    data: { object: event.object },
  });
  const header = await signPayload(body, secret, created);
  // Like Stripe, the page completes whatever the webhook answers: a failed delivery is logged
  // (Stripe would retry it) and the success page still fulfils by reading the session.
  try {
    const answer = await deliver(body, header);
    if (answer.status !== 200) {
      console.error(`${what}: the webhook handler answered ${answer.status} to ${event.type}: ${answer.msg}`);
    }
  } catch (error) {
    console.error(`${what}: delivering ${event.type} failed:`, error);
  }
}

// ===== The test checkout (/test-checkout/:id) =====

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

function toLocalCheckoutSession(data: FakeObject): LocalCheckoutSession {
  const memory = data.__checkout as Omit<LocalCheckoutDetails, "successUrl" | "cancelUrl" | "currency">;
  return {
    ...toCheckoutSession(data as unknown as Stripe.Checkout.Session),
    details: {
      productName: memory.productName,
      unitAmount: memory.unitAmount,
      currency: "usd",
      lookupKey: memory.lookupKey,
      trialDays: memory.trialDays,
      interval: memory.interval,
      successUrl: String(data.success_url),
      cancelUrl: String(data.cancel_url),
    },
  };
}

/** A Checkout Session of the test checkout (expired once its expires_at passed), with what the page shows; null when unknown. */
export async function getLocalCheckoutSession(app: AppContext, id: string): Promise<LocalCheckoutSession | null> {
  const data = await keylessStripeFake(app).session(id);
  // A session without the fake's memory of it (one an earlier local provider stored) is not one the page can show.
  return data && typeof data.__checkout === "object" && data.__checkout !== null ? toLocalCheckoutSession(data) : null;
}

export { cardOf } from "./stripe-fake";

/** Stripe replaces this template in success URLs with the session's id. */
export function fillSessionId(url: string, sessionId: string): string {
  return url.replaceAll("{CHECKOUT_SESSION_ID}", encodeURIComponent(sessionId));
}

/**
 * "Pay" on the test checkout: the fake pays the session once (its subscription, PaymentIntent and
 * charge with it), then checkout.session.completed (and customer.subscription.created) are
 * delivered to the webhook handler, by the call that paid it only. Answers the URL to continue to
 * (the success URL with the session id), or null for an unknown session or one that can no longer
 * be paid (expired, as Stripe's page refuses it).
 */
export async function payLocalCheckout(
  app: AppContext,
  sessionId: string,
  deliver: DeliverWebhook,
  card: { brand: string; last4: string } = { brand: "visa", last4: "4242" },
  /** Stripe's test card 4000 0000 0000 0341: saved, and declined when charged again later. */
  declinesLater = false,
): Promise<string | null> {
  const paid = await keylessStripeFake(app).paySession(sessionId, { card, declinesLater });
  if (paid.status !== 200) return null;
  const session = paid.body as FakeObject;
  const successUrl = fillSessionId(String(session.success_url), String(session.id));
  if (paid.completed) {
    const secret = app.env.STRIPE_WEBHOOK_SECRET;
    const what = "Test checkout";
    await deliverEvent(
      app,
      deliver,
      { type: "checkout.session.completed", object: paid.completed.session },
      secret,
      what,
    );
    const subscription = paid.completed.subscription;
    if (subscription) {
      const object = { ...publicView(subscription), latest_invoice: (subscription.latest_invoice as FakeObject).id };
      await deliverEvent(app, deliver, { type: "customer.subscription.created", object }, secret, what);
    }
  }
  return successUrl;
}

// ===== The test billing portal (/test-billing-portal/:id) =====

export type LocalPortal = {
  id: string;
  customerId: string;
  returnUrl: string;
  /** The customer's current subscription (the newest one not canceled), if any. */
  subscription: Subscription | null;
  /** Whether the customer ever had a subscription (a canceled one included). */
  hadSubscription: boolean;
  /** The customer's invoice_settings.default_payment_method, the card invoices are charged to; null when none. */
  defaultCard: LocalCard | null;
};

/** A card as the test pages show it ("Visa ending 4242"). */
export type LocalCard = { brand: string; last4: string };

/** The card of a PaymentMethod, by its id; null when there is none. */
async function cardOfPaymentMethod(fake: StripeFake, id: unknown): Promise<LocalCard | null> {
  if (typeof id !== "string") return null;
  const card = (await fake.store.get("payment_method", id))?.card as Partial<LocalCard> | undefined;
  return typeof card?.brand === "string" && typeof card.last4 === "string"
    ? { brand: card.brand, last4: card.last4 }
    : null;
}

export async function getLocalPortal(app: AppContext, portalId: string): Promise<LocalPortal | null> {
  const fake = keylessStripeFake(app);
  const { store } = fake;
  const portal = await store.get("billing_portal.session", portalId);
  if (!portal) return null;
  const customerId = String(portal.customer);
  const subscriptions = await store.owned("subscription", customerId);
  const live = [...subscriptions]
    .reverse()
    .find((data) => data.status !== "canceled" && data.status !== "incomplete_expired");
  const customer = await store.get("customer", customerId);
  const settings = customer?.invoice_settings as { default_payment_method?: unknown } | undefined;
  return {
    id: portalId,
    customerId,
    returnUrl: String(portal.return_url),
    subscription: live ? toSubscription(live as unknown as Stripe.Subscription) : null,
    hadSubscription: subscriptions.length > 0,
    defaultCard: await cardOfPaymentMethod(fake, settings?.default_payment_method),
  };
}

/**
 * The billing portal's "update payment method": a new card attached to the customer as its
 * invoice_settings.default_payment_method (what invoices are charged to from now on), then the
 * signed customer.updated event is delivered. Answers the customer; null when unknown.
 */
export async function replaceLocalCard(
  app: AppContext,
  customerId: string,
  card: LocalCard,
  deliver: DeliverWebhook,
  /** Stripe's test card 4000 0000 0000 0341: saved, then declined when charged. */
  declinesLater = false,
): Promise<FakeObject | null> {
  const customer = await keylessStripeFake(app).setDefaultCard(customerId, card, declinesLater);
  if (!customer) return null;
  await deliverEvent(
    app,
    deliver,
    { type: "customer.updated", object: customer },
    app.env.STRIPE_WEBHOOK_SECRET,
    "Test billing portal",
  );
  return customer;
}

async function changePortalSubscription(
  app: AppContext,
  portal: LocalPortal,
  type: string,
  change: (data: FakeObject) => FakeObject | null,
  deliver: DeliverWebhook,
): Promise<boolean> {
  if (!portal.subscription) return false;
  const next = await keylessStripeFake(app).changeSubscription(portal.subscription.id, change);
  if (!next) return false;
  const object = publicView({ ...next, latest_invoice: (next.latest_invoice as FakeObject | null)?.id ?? null });
  await deliverEvent(app, deliver, { type, object }, app.env.STRIPE_WEBHOOK_SECRET, "Test billing portal");
  return true;
}

/**
 * Switches the subscription to another plan (lookup key); delivers customer.subscription.updated.
 * Whether it is another plan is decided as the subscription is written, so a double-clicked
 * switch changes it (and sends the event) once.
 */
export async function switchLocalPlan(
  app: AppContext,
  portal: LocalPortal,
  newLookupKey: string,
  deliver: DeliverWebhook,
): Promise<boolean> {
  const fake = keylessStripeFake(app);
  if (!/^(STANDARD|PREMIUM)_PLAN_(MONTHLY|YEARLY)$/.test(newLookupKey)) return false;
  return changePortalSubscription(
    app,
    portal,
    "customer.subscription.updated",
    (data) => {
      const items = data.items as { data: FakeObject[] };
      const [first, ...rest] = items.data;
      if ((first?.price as FakeObject | null)?.lookup_key === newLookupKey) return null;
      return { ...data, items: { ...items, data: [{ ...first, price: fake.priceObject(newLookupKey) }, ...rest] } };
    },
    deliver,
  );
}

/** Cancels the subscription now; delivers customer.subscription.deleted. */
export async function cancelLocalSubscription(
  app: AppContext,
  portal: LocalPortal,
  deliver: DeliverWebhook,
): Promise<boolean> {
  const at = Math.floor(app.now().getTime() / 1000);
  return changePortalSubscription(
    app,
    portal,
    "customer.subscription.deleted",
    (data) => ({ ...data, status: "canceled", canceled_at: at, ended_at: at }),
    deliver,
  );
}

// ===== The test invoice page (/test-invoice/:id), Stripe's hosted invoice page =====

export type LocalInvoiceStatus = "draft" | "open" | "paid" | "void" | "uncollectible";

/** What the test invoice page shows of an invoice. */
export type LocalInvoice = {
  id: string;
  number: string | null;
  status: LocalInvoiceStatus;
  description: string | null;
  currency: "usd";
  lines: { id: string; description: string | null; amount: number }[];
  total: number;
  amountDue: number;
  amountPaid: number;
  amountRemaining: number;
  customer: { id: string; name: string | null; email: string | null };
  hostedUrl: string | null;
  /** Unix seconds. */
  finalizedAt: number | null;
  paidAt: number | null;
  voidedAt: number | null;
  attemptCount: number;
  nextPaymentAttempt: number | null;
  /** The last declined attempt's message ("Your card was declined."), if any. */
  lastDecline: string | null;
};

const numberOrNull = (value: unknown) => (typeof value === "number" ? value : null);
const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);

async function toLocalInvoice(fake: StripeFake, data: FakeObject): Promise<LocalInvoice> {
  const customerId = String(data.customer);
  const customer = await fake.store.get("customer", customerId);
  const transitions = (data.status_transitions as Record<string, unknown> | undefined) ?? {};
  const lines = ((data.lines as { data?: FakeObject[] } | undefined)?.data ?? []).map((line) => ({
    id: String(line.id),
    description: stringOrNull(line.description),
    amount: Number(line.amount ?? 0),
  }));
  const decline = data.__lastDecline as { message?: unknown } | undefined;
  return {
    id: String(data.id),
    number: stringOrNull(data.number),
    status: String(data.status) as LocalInvoiceStatus,
    description: stringOrNull(data.description),
    currency: "usd",
    lines,
    total: Number(data.total ?? 0),
    amountDue: Number(data.amount_due ?? 0),
    amountPaid: Number(data.amount_paid ?? 0),
    amountRemaining: Number(data.amount_remaining ?? 0),
    customer: { id: customerId, name: stringOrNull(customer?.name), email: stringOrNull(customer?.email) },
    hostedUrl: stringOrNull(data.hosted_invoice_url),
    finalizedAt: numberOrNull(transitions.finalized_at),
    paidAt: numberOrNull(transitions.paid_at),
    voidedAt: numberOrNull(transitions.voided_at),
    attemptCount: Number(data.attempt_count ?? 0),
    nextPaymentAttempt: numberOrNull(data.next_payment_attempt),
    lastDecline: stringOrNull(decline?.message),
  };
}

/** An invoice of the test invoice page, with its lines and customer; null when unknown. */
export async function getLocalInvoice(app: AppContext, id: string): Promise<LocalInvoice | null> {
  const fake = keylessStripeFake(app);
  const data = await fake.store.get("invoice", id);
  return data ? toLocalInvoice(fake, data) : null;
}

/** What paying on the test invoice page did: paid (by this call), declined, or refused (Stripe's message: already paid, void, a draft). */
export type LocalInvoicePayment =
  | { outcome: "paid" | "declined"; invoice: LocalInvoice }
  | { outcome: "refused"; message: string; invoice: LocalInvoice };

/**
 * "Pay" on the test invoice page: the fake pays the open invoice once with this new card (not
 * saved as the customer's default), then the signed invoice.paid event is delivered to the webhook
 * handler by the call that paid it. A declining card (`declines`) counts a failed attempt and
 * delivers invoice.payment_failed. The events' invoice is as Stripe sends it (no `payments`).
 * Null for an unknown invoice.
 */
export async function payLocalInvoice(
  app: AppContext,
  invoiceId: string,
  card: LocalCard,
  deliver: DeliverWebhook,
  options: { declines?: boolean } = {},
): Promise<LocalInvoicePayment | null> {
  const fake = keylessStripeFake(app);
  const result = await fake.payInvoice(invoiceId, { card, declines: options.declines === true });
  if (result.status === 404) return null;
  const secret = app.env.STRIPE_WEBHOOK_SECRET;
  const what = "Test invoice";
  const now = await fake.store.get("invoice", invoiceId);
  if (!now) return null;
  if (result.completed) {
    await deliverEvent(app, deliver, { type: "invoice.paid", object: invoiceView(result.completed) }, secret, what);
    return { outcome: "paid", invoice: await toLocalInvoice(fake, now) };
  }
  if (result.status === 402) {
    await deliverEvent(app, deliver, { type: "invoice.payment_failed", object: invoiceView(now) }, secret, what);
    return { outcome: "declined", invoice: await toLocalInvoice(fake, now) };
  }
  const error = (result.body as { error?: { message?: string } }).error;
  return {
    outcome: "refused",
    message: error?.message ?? "This invoice cannot be paid.",
    invoice: await toLocalInvoice(fake, now),
  };
}

// ===== The test onboarding (/test-onboarding/:id) and Express dashboard (/test-express-dashboard/:id) =====

/** The SSN's last four digits that leave a test account waiting for a full taxpayer id (like Stripe's test 0000). */
export const LOCAL_PENDING_SSN_LAST4 = PENDING_SSN_LAST4;

type LocalOnboarding = { origin: string | null; returnUrl: string | null; refreshUrl: string | null };

export type LocalConnectAccount = ConnectAccount & {
  email: string | null;
  created: number;
  onboarding: LocalOnboarding;
  individual: { first_name: string; last_name: string } | null;
  external_account_last4: string | null;
};

function toLocalConnectAccount(data: FakeObject): LocalConnectAccount {
  const onboarding = (data.__onboarding as LocalOnboarding | undefined) ?? {
    origin: null,
    returnUrl: null,
    refreshUrl: null,
  };
  const external = data.external_accounts as { data?: { last4?: string }[] } | undefined;
  return {
    ...toConnectAccount(data),
    email: typeof data.email === "string" ? data.email : null,
    created: typeof data.created === "number" ? data.created : 0,
    onboarding,
    individual: (data.individual as LocalConnectAccount["individual"] | undefined) ?? null,
    external_account_last4: external?.data?.[0]?.last4 ?? null,
  };
}

/** A test onboarding account with what its pages show; null when unknown. */
export async function getLocalConnectAccount(app: AppContext, id: string): Promise<LocalConnectAccount | null> {
  const data = await keylessStripeFake(app).store.get("account", id);
  return data ? toLocalConnectAccount(data) : null;
}

export type LocalOnboardingDetails = {
  firstName: string;
  lastName: string;
  dob: string;
  ssnLast4: string;
  routingNumber: string;
  accountNumber: string;
};

/**
 * "Submit details" on the test onboarding: records the details on the account (as Stripe would),
 * enables payouts — unless the SSN's last four are LOCAL_PENDING_SSN_LAST4, which leaves the full
 * taxpayer id due — and delivers the signed account.updated event to the Connect webhook handler.
 * Answers the return URL, or null for an unknown account.
 */
export async function submitLocalOnboarding(
  app: AppContext,
  accountId: string,
  details: LocalOnboardingDetails,
  deliver: DeliverWebhook,
): Promise<string | null> {
  const pending = details.ssnLast4 === PENDING_SSN_LAST4;
  const [year, month, day] = details.dob.split("-").map(Number);
  const updated = await keylessStripeFake(app).change("account", accountId, (current) => ({
    ...current,
    business_type: "individual",
    individual: { first_name: details.firstName, last_name: details.lastName, dob: { day, month, year } },
    external_accounts: {
      object: "list",
      data: [
        {
          object: "bank_account",
          routing_number: details.routingNumber,
          last4: details.accountNumber.slice(-4),
          currency: "usd",
        },
      ],
    },
    capabilities: { transfers: pending ? "pending" : "active" },
    details_submitted: true,
    charges_enabled: !pending,
    payouts_enabled: !pending,
    requirements: {
      currently_due: pending ? ["individual.id_number"] : [],
      eventually_due: pending ? ["individual.id_number"] : [],
      past_due: [],
      disabled_reason: null,
    },
    tos_acceptance: { date: Math.floor(app.now().getTime() / 1000) },
  }));
  if (!updated) return null;
  await deliverEvent(
    app,
    deliver,
    { type: "account.updated", object: publicView(updated), account: accountId },
    app.env.STRIPE_CONNECT_WEBHOOK_SECRET,
    "Test onboarding",
  );
  const onboarding = toLocalConnectAccount(updated).onboarding;
  return onboarding.returnUrl ?? `${onboarding.origin ?? ""}/consultant/payouts`;
}
