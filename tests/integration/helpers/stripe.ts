import { env } from "cloudflare:test";
import { inject } from "vitest";
import { stubKey } from "./stub-key";

/**
 * Helpers for tests against the Stripe stub (tests/support/stripe-stub.ts, started by
 * global-setup.ts) and for signing webhook events exactly like Stripe.
 */

/** This file's own key: the stub keeps what this file does apart from every other file (stub-key.ts). */
export const STRIPE_STUB_SECRET_KEY = `sk_test_stub_${stubKey()}`;
export const STRIPE_STUB_WEBHOOK_SECRET = "whsec_test_stub";
/** The Connect endpoint's own signing secret in stub mode. */
export const STRIPE_STUB_CONNECT_WEBHOOK_SECRET = "whsec_test_stub_connect";

/** This file's Stripe stub: its test controls (/__fail, /__requests, …) and /v1 by path. */
export function stripeStubUrl(): string {
  return `${inject("stripeStubUrl")}/t/${stubKey()}`;
}

type TestEnv = typeof env;

/**
 * The Worker's env pointed at the Stripe stub with a key set (real Stripe mode): pass it to
 * `worker.fetch(request, stripeEnv(env), ctx)` or build an AppContext with it.
 */
export function stripeEnv<E extends object = TestEnv>(base: E = env as unknown as E, url: string = stripeStubUrl()) {
  return {
    ...base,
    STRIPE_SECRET_KEY: STRIPE_STUB_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_STUB_WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_STUB_CONNECT_WEBHOOK_SECRET,
    // The SDK takes a host only; STRIPE_STUB_SECRET_KEY names this file's stub.
    STRIPE_API_BASE: new URL(url).origin,
  };
}

/** HMAC-SHA256 of `message` with `secret`, lowercase hex (Stripe's v1 signature scheme). */
async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return Array.from(new Uint8Array(signature), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A webhook delivery as Stripe sends it: the JSON body and its Stripe-Signature header
 * `t=<timestamp>,v1=<HMAC_SHA256(secret, t + "." + body)>`. `payload` is an event object or an
 * already serialized body; `timestamp` (seconds) defaults to now.
 */
export async function signedEvent(
  payload: string | Record<string, unknown>,
  secret: string = STRIPE_STUB_WEBHOOK_SECRET,
  timestamp: number = Math.floor(Date.now() / 1000),
): Promise<{ body: string; header: string }> {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  return { body, header: `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${body}`)}` };
}

/** A Stripe event envelope around an object. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${crypto.randomUUID().replaceAll("-", "")}`,
) {
  return { id, object: "event", type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
}

export type StripeStubRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
};

/** Everything the stub received (other test files may add theirs: filter by your own ids). */
export async function stripeRequests(): Promise<StripeStubRequest[]> {
  const response = await fetch(`${stripeStubUrl()}/__requests`);
  if (!response.ok) throw new Error(`stripe stub: /__requests answered ${response.status}`);
  return response.json();
}

/** Completes a stub Checkout Session (creating its subscription in subscription mode). */
export async function payStubSession(
  sessionId: string,
  paymentStatus: "paid" | "no_payment_required" | "unpaid" = "paid",
  /** The card the charge is paid with (default a visa ending 4242). */
  card?: { brand: string; last4: string },
) {
  const response = await fetch(`${stripeStubUrl()}/__sessions/${encodeURIComponent(sessionId)}/pay`, {
    method: "POST",
    body: JSON.stringify({ payment_status: paymentStatus, ...(card ? { card } : {}) }),
  });
  if (!response.ok) throw new Error(`stripe stub: pay answered ${response.status}`);
  return (await response.json()) as {
    id: string;
    subscription: string | null;
    status: string;
    payment_status: string;
    payment_intent: string | null;
  };
}

/** Makes a customer in the stub through Stripe's API (POST /v1/customers), as signing up would; answers its id. */
export async function createStubCustomer(email: string): Promise<string> {
  const response = await fetch(`${stripeStubUrl()}/v1/customers`, {
    method: "POST",
    headers: { authorization: `Bearer ${STRIPE_STUB_SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email }),
  });
  if (!response.ok) throw new Error(`stripe stub: POST /v1/customers answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/** Sets a subscription's current state in the stub (what GET /v1/subscriptions/:id answers). */
export async function setStubSubscription(
  id: string,
  state: {
    status: string;
    customer: string;
    lookup_key: string | null;
    metadata?: Record<string, string>;
    cancel_at_period_end?: boolean;
  },
) {
  const response = await fetch(`${stripeStubUrl()}/__subscriptions/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: JSON.stringify(state),
  });
  if (!response.ok) throw new Error(`stripe stub: set subscription answered ${response.status}`);
  await response.body?.cancel();
}

/** Makes the next `count` API calls fail with `status` (the SDK retries once: 2 fails one call). */
export async function failNextStripeCalls(count = 2, status = 500) {
  const response = await fetch(`${stripeStubUrl()}/__fail`, {
    method: "POST",
    body: JSON.stringify({ count, status }),
  });
  if (!response.ok) throw new Error(`stripe stub: /__fail answered ${response.status}`);
  await response.body?.cancel();
}

/** Sets a stub Connect account's state (what GET /v1/accounts/:id answers next). */
export async function setStubAccount(
  id: string,
  state: {
    details_submitted?: boolean;
    charges_enabled?: boolean;
    payouts_enabled?: boolean;
    currently_due?: string[];
    disabled_reason?: string | null;
  },
): Promise<Record<string, unknown>> {
  const response = await fetch(`${stripeStubUrl()}/__accounts/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: JSON.stringify(state),
  });
  if (!response.ok) throw new Error(`stripe stub: set account answered ${response.status}`);
  return response.json();
}

/** A card as the stub's controls take it: Stripe's brand name and the last 4 digits. */
export type StubCard = { brand: string; last4: string };

/** An invoice as the stub answers it, `payments` included. */
export type StubInvoice = {
  id: string;
  status: string;
  customer: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  next_payment_attempt: number | null;
  hosted_invoice_url: string | null;
  number: string | null;
  payments: { data: { status: string; payment: { type: string; payment_intent: string } }[] };
} & Record<string, unknown>;

/** A stub control's answer: its status and JSON (a Stripe error's body on a refusal or a decline). */
async function controlAnswer<T>(response: Response): Promise<{ status: number; body: T }> {
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * Pays an open stub invoice as Stripe's hosted invoice page does, with a new card (default a visa
 * ending 4242, not saved as the customer's default). Answers the status (200 paid; 400 paid
 * already, void or a draft; 402 with `declines`, the attempt counted) and the paid invoice with
 * its payments (or Stripe's error).
 */
export async function payStubInvoice(invoiceId: string, card?: StubCard, options: { declines?: boolean } = {}) {
  const response = await fetch(`${stripeStubUrl()}/__invoices/${encodeURIComponent(invoiceId)}/pay`, {
    method: "POST",
    body: JSON.stringify({ ...(card ? { card } : {}), ...(options.declines ? { declines: true } : {}) }),
  });
  return controlAnswer<StubInvoice>(response);
}

/** One of Stripe's Smart Retries of a stub invoice: another attempt with its default payment method (402 while it declines). */
export async function retryStubInvoice(invoiceId: string) {
  const response = await fetch(`${stripeStubUrl()}/__invoices/${encodeURIComponent(invoiceId)}/retry`, {
    method: "POST",
  });
  return controlAnswer<StubInvoice>(response);
}

/** Makes a stub card decline every charge (402 card_declined) while `fails`, or charge again. */
export async function failStubCard(paymentMethodId: string, fails = true): Promise<Record<string, unknown>> {
  const response = await fetch(`${stripeStubUrl()}/__payment_methods/${encodeURIComponent(paymentMethodId)}`, {
    method: "PUT",
    body: JSON.stringify({ fails }),
  });
  if (!response.ok) throw new Error(`stripe stub: fail card answered ${response.status}`);
  return response.json();
}

/**
 * The billing portal's "update payment method" in the stub: a new card attached to the customer as
 * its invoice_settings.default_payment_method. Answers the customer.
 */
export async function setStubDefaultCard(
  customerId: string,
  card: StubCard,
): Promise<{ id: string; invoice_settings: { default_payment_method: string } } & Record<string, unknown>> {
  const response = await fetch(`${stripeStubUrl()}/__customers/${encodeURIComponent(customerId)}/default-card`, {
    method: "POST",
    body: JSON.stringify({ card }),
  });
  if (!response.ok) throw new Error(`stripe stub: set default card answered ${response.status}`);
  return response.json();
}

/** A stub invoice as GET /v1/invoices/:id?expand[]=payments answers it (with this file's key). */
export async function stubInvoice(invoiceId: string): Promise<StubInvoice> {
  const response = await fetch(`${stripeStubUrl()}/v1/invoices/${encodeURIComponent(invoiceId)}?expand[]=payments`, {
    headers: { authorization: `Bearer ${STRIPE_STUB_SECRET_KEY}` },
  });
  if (!response.ok) throw new Error(`stripe stub: GET /v1/invoices/${invoiceId} answered ${response.status}`);
  return response.json();
}
