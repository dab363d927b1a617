/**
 * A stand-in for Stripe's API on loopback, for integration tests: node:http on 127.0.0.1 (a
 * random port) around the one Stripe fake the keyless runs use too
 * (app/server/payments/stripe-fake/stripe-fake.ts lists its /v1 endpoints; here its objects are
 * in memory). This file adds only what tests need around it: the request log, told failures, one
 * fake per test file's key, and the fake's controls served under /__….
 *
 *   Every /v1 call needs `Authorization: Bearer sk_test_stub` (else 401 authentication_error);
 *   `sk_test_stub_<key>`, or a path under /t/<key>/, reaches a stub of its own (stub-tenants.ts).
 *   Ids read cus_stub_…, cs_test_stub_…, sub_stub_…, pi_stub_…, ch_stub_…, tr_stub_…, trr_stub_…,
 *   re_stub_…, acct_stub_…, po_stub_…, bps_stub_…, pm_stub_…, in_stub_…, ii_stub_…; prices
 *   price_stub_<lookup key>. Hosted pages: https://checkout.stripe.test/c/pay/<id>,
 *   https://billing.stripe.test/p/session/<id>, https://invoice.stripe.test/i/<id>,
 *   https://connect.stripe.test/setup/e/<acct>/<n> and https://connect.stripe.test/express/<acct>/<n>.
 *
 * Test controls:
 *   GET  /__requests                   → every /v1 request so far: method, path, query, form (the
 *                                        flat form fields, e.g. "subscription_data[trial_period_days]"),
 *                                        idempotencyKey, authorization, stripeAccount (the
 *                                        Stripe-Account header).
 *   POST /__reset                      → clears the log and told failures (objects stay).
 *   POST /__sessions/:id/pay           → completes an open session as Stripe's hosted checkout does
 *                                        (the fake's paySession; JSON body {payment_status?, card?:
 *                                        {brand, last4}}, default paid with a visa ending 4242, or
 *                                        no_payment_required in a trial). Answers the session; a
 *                                        complete one is answered unchanged; an expired one cannot be
 *                                        paid (400, as Stripe's page refuses it).
 *   PUT  /__sessions/:id               → JSON {expires_at}: moves the session's expiry (unix seconds).
 *   PUT  /__subscriptions/:id          → creates or replaces a subscription's current state from a
 *                                        JSON body {status, customer, lookup_key, metadata?,
 *                                        current_period_end?, cancel_at_period_end?, latest_invoice?}.
 *   PUT  /__accounts/:id               → merges a JSON body {details_submitted?, charges_enabled?,
 *                                        payouts_enabled?, currently_due?, disabled_reason?} into the
 *                                        account (what GET /v1/accounts/:id answers next). Answers it.
 *   POST /__fail                       → JSON {status, count, path?}: the next `count` /v1 requests (to
 *                                        `path` only, when given) answer `status` with a Stripe
 *                                        api_error (e.g. 500; the SDK retries once, so count 2 fails
 *                                        one call).
 *   POST /__payouts                    → JSON {account, amount, status?, arrival_date?, created?}:
 *                                        adds a payout po_stub_… to the account (status default
 *                                        in_transit). Answers it.
 *   POST /__invoices/:id/pay           → pays an open invoice as Stripe's hosted invoice page does
 *                                        (the fake's payInvoice; JSON body {card?: {brand, last4},
 *                                        declines?}, default a visa ending 4242, a new card not saved
 *                                        as the customer's default). Answers the paid invoice with its
 *                                        payments, or Stripe's error (400 when paid, void or a draft;
 *                                        402 card_declined, the attempt counted, with declines: true).
 *   POST /__invoices/:id/retry         → one of Stripe's Smart Retries (the fake's retryInvoice):
 *                                        another attempt with the default payment method, as
 *                                        POST /v1/invoices/:id/pay; answers the same (402 when declined).
 *   PUT  /__payment_methods/:id        → JSON {fails: boolean}: the card declines every charge while
 *                                        set (402 card_declined). Answers the PaymentMethod.
 *   POST /__customers/:id/default-card → JSON {card: {brand, last4}}: the billing portal's "update
 *                                        payment method": a new card attached to the customer as its
 *                                        invoice_settings.default_payment_method. Answers the customer.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { memoryFakeStore } from "../../app/server/payments/stripe-fake/store";
import {
  createStripeFake,
  formFields,
  stripeError,
  type FakeAnswer,
} from "../../app/server/payments/stripe-fake/stripe-fake";
import { readBody } from "./read-body";
import { serveTenants } from "./stub-tenants";

export const STUB_SECRET_KEY = "sk_test_stub";
export { PLAN_LOOKUP_KEYS } from "../../app/server/payments/stripe-fake/stripe-fake";

export type StripeStubRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
  /** The Stripe-Account header (a connected account's id), or null. */
  stripeAccount: string | null;
};

export type StripeStub = { url: string; requests: StripeStubRequest[]; reset(): void; close(): Promise<void> };

type Json = Record<string, unknown>;

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    "request-id": `req_stub_${Math.random().toString(36).slice(2, 10)}`,
  });
  res.end(text);
}

/** Starts the stub on 127.0.0.1 (random port unless given); /t/<key>/… is a stub of its own. */
export async function startStripeStub(options: { port?: number } = {}): Promise<StripeStub> {
  const served = await serveTenants("stripe", stripeStubTenant, {
    ...options,
    // The Stripe SDK sends only to a host: a key `sk_test_stub_<key>` names the stub of <key>.
    tenantOf: (req) => /^Bearer sk_test_stub_([A-Za-z0-9_-]{1,64})$/.exec(req.headers.authorization ?? "")?.[1] ?? null,
  });
  return {
    url: served.url,
    requests: served.main.requests,
    reset: () => {
      served.main.requests.length = 0;
    },
    close: served.close,
  };
}

/** One stub: a Stripe fake over memory, its request log and told failures. */
function stripeStubTenant() {
  const requests: StripeStubRequest[] = [];
  let counter = 0;
  const acceptsKey = (authorization: string | null) =>
    authorization !== null && new RegExp(`^Bearer ${STUB_SECRET_KEY}(_[A-Za-z0-9_-]{1,64})?$`).test(authorization);
  const fake = createStripeFake({
    store: memoryFakeStore(),
    acceptsKey,
    newId: (prefix) =>
      `${prefix}stub_${(++counter).toString().padStart(6, "0")}${Math.random().toString(36).slice(2, 8)}`,
    priceTag: "stub",
    urls: {
      checkout: (id) => `https://checkout.stripe.test/c/pay/${id}`,
      portal: (id) => `https://billing.stripe.test/p/session/${id}`,
      onboarding: (account, _returnUrl, link) => `https://connect.stripe.test/setup/e/${account}/${link}`,
      dashboard: (account, _origin, link) => `https://connect.stripe.test/express/${account}/${link}`,
      invoice: (id) => `https://invoice.stripe.test/i/${id}`,
    },
  });
  let failures: { status: number; count: number; path: string | null } = { status: 500, count: 0, path: null };
  const json = (body: string) => JSON.parse(body || "{}") as Json;
  const answer = (res: ServerResponse, result: FakeAnswer) => send(res, result.status, result.body);

  async function controls(method: string, path: string, body: string, res: ServerResponse): Promise<boolean> {
    if (path === "/__requests" && method === "GET") return (send(res, 200, requests), true);
    if (path === "/__reset" && method === "POST") {
      requests.length = 0;
      failures = { status: 500, count: 0, path: null };
      return (send(res, 200, { ok: true }), true);
    }
    if (path === "/__fail" && method === "POST") {
      const input = json(body) as { status?: number; count?: number; path?: string };
      failures = { status: input.status ?? 500, count: input.count ?? 2, path: input.path ?? null };
      return (send(res, 200, failures), true);
    }
    const pay = /^\/__sessions\/([^/]+)\/pay$/.exec(path);
    if (pay && method === "POST")
      return (answer(res, await fake.paySession(decodeURIComponent(pay[1]), json(body))), true);
    const session = /^\/__sessions\/([^/]+)$/.exec(path);
    if (session && method === "PUT") {
      const input = json(body);
      const moved =
        typeof input.expires_at === "number"
          ? await fake.setSessionExpiry(decodeURIComponent(session[1]), input.expires_at)
          : await fake.session(decodeURIComponent(session[1]));
      return (moved ? send(res, 200, moved) : send(res, 404, { error: "no such session" }), true);
    }
    const account = /^\/__accounts\/([^/]+)$/.exec(path);
    if (account && method === "PUT") {
      const updated = await fake.updateAccount(decodeURIComponent(account[1]), json(body));
      return (updated ? send(res, 200, updated) : send(res, 404, { error: "no such account" }), true);
    }
    if (path === "/__payouts" && method === "POST") {
      return (send(res, 200, await fake.addPayout(json(body) as Parameters<typeof fake.addPayout>[0])), true);
    }
    const invoice = /^\/__invoices\/([^/]+)\/(pay|retry)$/.exec(path);
    if (invoice && method === "POST") {
      const id = decodeURIComponent(invoice[1]);
      const input = json(body) as { card?: { brand: string; last4: string }; declines?: boolean };
      return (answer(res, invoice[2] === "pay" ? await fake.payInvoice(id, input) : await fake.retryInvoice(id)), true);
    }
    const paymentMethod = /^\/__payment_methods\/([^/]+)$/.exec(path);
    if (paymentMethod && method === "PUT") {
      const input = json(body);
      if (typeof input.fails !== "boolean") return (send(res, 400, { error: "fails must be true or false" }), true);
      const card = await fake.failCard(decodeURIComponent(paymentMethod[1]), input.fails);
      return (card ? send(res, 200, card) : send(res, 404, { error: "no such payment method" }), true);
    }
    const defaultCard = /^\/__customers\/([^/]+)\/default-card$/.exec(path);
    if (defaultCard && method === "POST") {
      const input = json(body) as { card?: { brand?: unknown; last4?: unknown } };
      const card = input.card;
      if (typeof card?.brand !== "string" || typeof card.last4 !== "string") {
        return (send(res, 400, { error: "card {brand, last4} is required" }), true);
      }
      const customer = await fake.setDefaultCard(decodeURIComponent(defaultCard[1]), {
        brand: card.brand,
        last4: card.last4,
      });
      return (customer ? send(res, 200, customer) : send(res, 404, { error: "no such customer" }), true);
    }
    const subscription = /^\/__subscriptions\/([^/]+)$/.exec(path);
    if (subscription && method === "PUT") {
      return (send(res, 200, await fake.putSubscription(decodeURIComponent(subscription[1]), json(body))), true);
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    try {
      const method = req.method ?? "GET";
      const body = await readBody(req);
      if (await controls(method, url.pathname, body, res)) return;
      if (!url.pathname.startsWith("/v1/")) return send(res, 404, { error: "not_found" });
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : (value ?? null);
      };
      const form = formFields(body);
      const request = {
        method,
        path: url.pathname,
        query: url.searchParams,
        form,
        idempotencyKey: header("idempotency-key"),
        authorization: header("authorization"),
        stripeAccount: header("stripe-account"),
      };
      requests.push({ ...request, query: Object.fromEntries(url.searchParams) });
      // A told failure answers only requests with a good key (the fake answers 401 to the rest).
      if (acceptsKey(request.authorization) && failures.count > 0 && [null, url.pathname].includes(failures.path)) {
        failures.count -= 1;
        return answer(res, stripeError(failures.status, "api_error", "The stub was told to fail this request."));
      }
      return answer(res, await fake.handle(request));
    } catch (error) {
      send(res, 500, { error: { type: "api_error", message: error instanceof Error ? error.message : String(error) } });
    }
  }

  return { requests, handle };
}
