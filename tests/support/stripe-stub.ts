/**
 * A stand-in for Stripe's API on loopback, for integration tests: plain node:http, no
 * dependencies, 127.0.0.1 on a random port. Requests are form-encoded like the stripe SDK sends
 * them; answers are JSON objects shaped like Stripe's (the fields Partwise reads).
 *
 *   Every /v1 call needs `Authorization: Bearer sk_test_stub` (else 401 authentication_error);
 *   `sk_test_stub_<key>`, or a path under /t/<key>/, reaches a stub of its own (stub-tenants.ts).
 *   POST /v1/customers                 → customer cus_stub_… (email, name, metadata[…]).
 *   GET  /v1/prices?lookup_keys[0]=…   → list of the active prices with those lookup keys (the four
 *                                        plan keys exist: STANDARD/PREMIUM_PLAN_MONTHLY/YEARLY).
 *   POST /v1/checkout/sessions         → session cs_test_stub_… (status open, payment_status unpaid,
 *                                        url https://checkout.stripe.test/c/pay/<id>, expires_at in 24 h).
 *   GET  /v1/checkout/sessions/:id     → the session (expired once its expires_at passed, url null),
 *                                        or 404 resource_missing.
 *   POST /v1/checkout/sessions/:id/expire → the session, now expired (url null); 400 with Stripe's
 *                                        error when it is not open (complete or already expired).
 *   GET  /v1/subscriptions/:id         → the subscription (latest_invoice an id, or the invoice with
 *                                        `expand[]=latest_invoice` / `latest_invoice.payments`), or 404.
 *   DELETE /v1/subscriptions/:id       → cancels it at once (status canceled; the query, e.g. prorate
 *                                        and invoice_now, is logged); 400 when already canceled.
 *   POST /v1/billing_portal/sessions   → portal session bps_stub_… (url https://billing.stripe.test/p/session/<id>).
 *   POST /v1/transfers                 → transfer tr_stub_… (amount, currency usd, destination acct_…,
 *                                        transfer_group, source_transaction, metadata[…]); 400 for a bad
 *                                        amount/destination, an unknown source_transaction charge or
 *                                        more than is left of it.
 *   GET  /v1/payment_intents/:id       → the PaymentIntent (amount, latest_charge ch_stub_…), or 404;
 *                                        with expand[]=latest_charge the charge object (amount,
 *                                        payment_intent, payment_method_details.card {brand, last4}).
 *   POST /v1/transfers/:id/reversals   → reversal trr_stub_… of the whole amount; 400 when already reversed.
 *   POST /v1/refunds                   → refund re_stub_… (status succeeded) of a paid session's
 *                                        payment_intent (pi_stub_…, set when /__sessions/:id/pay pays a
 *                                        payment-mode session); 400 beyond the unrefunded amount.
 *   POST requests with an Idempotency-Key answer the first answer again (like Stripe).
 *   Connect (issue #18, P1):
 *   POST /v1/accounts                  → Express account acct_stub_… (type, country, email,
 *                                        capabilities[transfers][requested], metadata[…]); new
 *                                        accounts have details_submitted false, payouts_enabled
 *                                        false and requirements.currently_due.
 *   GET  /v1/accounts/:id              → the account, or 404 resource_missing.
 *   POST /v1/account_links             → {object: "account_link", url https://connect.stripe.test/setup/e/<acct>/<n>}
 *                                        (account, refresh_url, return_url, type=account_onboarding required).
 *   POST /v1/accounts/:id/login_links  → {object: "login_link", url https://connect.stripe.test/express/<acct>/<n>};
 *                                        400 while the account's details are not submitted (as Stripe).
 *
 * Test controls:
 *   GET  /__requests                   → every /v1 request so far: method, path, query, form (the
 *                                        flat form fields, e.g. "subscription_data[trial_period_days]"),
 *                                        idempotencyKey, authorization.
 *   POST /__reset                      → clears the log (objects stay: other files may use them).
 *   POST /__sessions/:id/pay           → completes an open session: status complete, payment_status
 *                                        (JSON body {payment_status, card?: {brand, last4}}, default
 *                                        "paid" with a visa ending 4242: the charge's card); in
 *                                        subscription mode also creates its subscription (status
 *                                        trialing when the session asked for a trial, else active,
 *                                        with the price's lookup key, and its first invoice: $0 in a
 *                                        trial, else paid by a refundable pi_stub_… with that card). Answers the
 *                                        session; a complete one is answered unchanged; an expired
 *                                        one cannot be paid (400, as Stripe's page refuses it).
 *   PUT  /__sessions/:id               → JSON {expires_at}: moves the session's expiry (unix seconds).
 *   PUT  /__subscriptions/:id          → creates or replaces a subscription's current state from a
 *                                        JSON body {status, customer, lookup_key, metadata?,
 *                                        current_period_end?, cancel_at_period_end?}.
 *   PUT  /__accounts/:id               → merges a JSON body {details_submitted?, charges_enabled?,
 *                                        payouts_enabled?, currently_due?, disabled_reason?} into the
 *                                        account (what GET /v1/accounts/:id answers next). Answers it.
 *   POST /__fail                       → JSON {status, count, path?}: the next `count` /v1 requests (to
 *                                        `path` only, when given) answer `status` with a Stripe
 *                                        api_error (e.g. 500; the SDK retries once, so count 2 fails
 *                                        one call).
 *   Payouts (issue #18, Q1):
 *   GET  /v1/payouts?limit=…           → the payouts of the account named by the `Stripe-Account`
 *                                        header, newest first (limit 1–100, default 10); without the
 *                                        header the platform's own (none). Each request's header is
 *                                        logged as `stripeAccount`.
 *   POST /__payouts                    → JSON {account, amount, status?, arrival_date?, created?}:
 *                                        adds a payout po_stub_… to the account (status default
 *                                        in_transit). Answers it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody } from "./read-body";
import { serveTenants } from "./stub-tenants";

export const STUB_SECRET_KEY = "sk_test_stub";
export const PLAN_LOOKUP_KEYS = [
  "STANDARD_PLAN_MONTHLY",
  "STANDARD_PLAN_YEARLY",
  "PREMIUM_PLAN_MONTHLY",
  "PREMIUM_PLAN_YEARLY",
] as const;
const PLAN_AMOUNTS: Record<string, number> = {
  STANDARD_PLAN_MONTHLY: 24_700,
  STANDARD_PLAN_YEARLY: 19_700 * 12,
  PREMIUM_PLAN_MONTHLY: 55_900,
  PREMIUM_PLAN_YEARLY: 44_700 * 12,
};

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

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  send(res, status, { error: { type, message, ...(code ? { code } : {}) } });
}

/** `metadata[businessId]=b1&metadata[kind]=x` → {businessId: "b1", kind: "x"} for the given prefix. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[([^\\]]+)\\]$`).exec(key);
    if (match) out[match[1]] = value;
  }
  return out;
}

/** The values of an array parameter, however the client encoded it: `k[]=a`, `k[0]=a` or `k=a`. */
function arrayParam(params: URLSearchParams, name: string): string[] {
  const values: string[] = [];
  for (const [key, value] of params) {
    if (key === name || key === `${name}[]` || new RegExp(`^${name}\\[\\d+\\]$`).test(key)) values.push(value);
  }
  return values;
}

function priceObject(lookupKey: string): Json {
  return {
    id: `price_stub_${lookupKey.toLowerCase()}`,
    object: "price",
    active: true,
    currency: "usd",
    lookup_key: lookupKey,
    unit_amount: PLAN_AMOUNTS[lookupKey],
    recurring: { interval: lookupKey.endsWith("YEARLY") ? "year" : "month", interval_count: 1 },
  };
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

/** One stub's objects, request log and told failures. */
function stripeStubTenant() {
  const requests: StripeStubRequest[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  const paymentIntents = new Map<
    string,
    { amount: number; refunded: number; charge: string; card: { brand: string; last4: string } }
  >();
  /** Per charge: its amount and how much of it transfers took (their source_transaction). */
  const charges = new Map<string, { amount: number; transferred: number }>();
  const accounts = new Map<string, Json>();
  const payouts = new Map<string, Json[]>();
  let counter = 0;
  let failures: { status: number; count: number; path: string | null } = { status: 500, count: 0, path: null };
  const nextId = (prefix: string) =>
    `${prefix}${(++counter).toString().padStart(6, "0")}${Math.random().toString(36).slice(2, 8)}`;

  function createSession(form: Record<string, string>): { status: number; body: unknown } {
    const mode = form.mode;
    if (mode !== "subscription" && mode !== "payment")
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", message: "Invalid mode", param: "mode" } },
      };
    if (!form.success_url || !form.cancel_url) {
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", message: "Missing success_url or cancel_url" } },
      };
    }
    const priceId = form["line_items[0][price]"];
    const lookupKey = priceId ? PLAN_LOOKUP_KEYS.find((key) => priceObject(key).id === priceId) : undefined;
    if (priceId && !lookupKey) {
      return {
        status: 400,
        body: {
          error: { type: "invalid_request_error", message: `No such price: '${priceId}'`, code: "resource_missing" },
        },
      };
    }
    const trialDays = Number(form["subscription_data[trial_period_days]"] ?? 0);
    const unitAmount = lookupKey
      ? PLAN_AMOUNTS[lookupKey]
      : Number(form["line_items[0][price_data][unit_amount]"] ?? 0);
    const id = nextId("cs_test_stub_");
    const session: Json = {
      id,
      object: "checkout.session",
      url: `https://checkout.stripe.test/c/pay/${id}`,
      mode,
      status: "open",
      payment_status: "unpaid",
      customer: form.customer ?? null,
      subscription: null,
      client_reference_id: form.client_reference_id ?? null,
      metadata: nested(form, "metadata"),
      amount_total: trialDays > 0 ? 0 : unitAmount,
      // No Stripe Tax on Partwise's sessions: Stripe reports the tax as 0.
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      payment_intent: null,
      currency: "usd",
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      created: Math.floor(Date.now() / 1000),
      // Like Stripe's default: payable for 24 hours.
      expires_at: Math.floor(Date.now() / 1000) + 24 * 60 * 60,
      livemode: false,
      // The stub's own memory of what was asked, for /__sessions/:id/pay.
      __stub: {
        lookupKey: lookupKey ?? null,
        trialDays,
        subscriptionMetadata: nested(form, "subscription_data[metadata]"),
      },
    };
    sessions.set(id, session);
    return { status: 200, body: publicView(session) };
  }

  function publicView(object: Json): Json {
    const { __stub: _memory, ...rest } = object;
    return rest;
  }

  function subscriptionObject(id: string, input: Json): Json {
    const lookupKey = (input.lookup_key as string | null) ?? null;
    const invoice = (input.latest_invoice as Json | undefined) ?? null;
    const periodEnd = (input.current_period_end as number | undefined) ?? Math.floor(Date.now() / 1000) + 7 * 86_400;
    return {
      id,
      object: "subscription",
      status: input.status ?? "active",
      customer: input.customer ?? null,
      cancel_at_period_end: Boolean(input.cancel_at_period_end),
      metadata: (input.metadata as Json | undefined) ?? {},
      items: {
        object: "list",
        data: [
          {
            id: `si_${id}`,
            object: "subscription_item",
            price: lookupKey ? priceObject(lookupKey) : null,
            quantity: 1,
            current_period_end: periodEnd,
          },
        ],
      },
      latest_invoice: invoice,
      livemode: false,
    };
  }

  /** A subscription as Stripe answers it: latest_invoice an id unless `expand` names it (with its payments). */
  function subscriptionView(subscription: Json, expand: string[]): Json {
    const invoice = subscription.latest_invoice as Json | null;
    if (!invoice) return subscription;
    if (expand.includes("latest_invoice.payments")) return subscription;
    if (expand.includes("latest_invoice")) {
      const { payments: _payments, ...rest } = invoice;
      return { ...subscription, latest_invoice: rest };
    }
    return { ...subscription, latest_invoice: invoice.id };
  }

  /** A session past its expires_at is expired, as on Stripe. */
  function lapse(session: Json): Json {
    if (session.status === "open" && Number(session.expires_at) <= Math.floor(Date.now() / 1000)) {
      session.status = "expired";
      session.url = null;
    }
    return session;
  }

  /** The first invoice of a subscription made by a checkout: $0 in a trial, else the first period, paid. */
  function firstInvoice(subscriptionId: string, amount: number, card: { brand: string; last4: string }): Json {
    const id = nextId("in_stub_");
    if (amount === 0)
      return {
        id,
        object: "invoice",
        subscription: subscriptionId,
        amount_paid: 0,
        payments: { object: "list", data: [] },
      };
    const paymentIntent = nextId("pi_stub_");
    const charge = nextId("ch_stub_");
    paymentIntents.set(paymentIntent, { amount, refunded: 0, charge, card });
    charges.set(charge, { amount, transferred: 0 });
    return {
      id,
      object: "invoice",
      subscription: subscriptionId,
      amount_paid: amount,
      payments: {
        object: "list",
        data: [{ object: "invoice_payment", payment: { type: "payment_intent", payment_intent: paymentIntent } }],
      },
    };
  }

  function pay(res: ServerResponse, id: string, body: string) {
    const session = sessions.get(id);
    if (!session)
      return stripeError(res, 404, "invalid_request_error", `No such checkout.session: '${id}'`, "resource_missing");
    lapse(session);
    if (session.status === "expired") {
      return stripeError(res, 400, "invalid_request_error", "This Checkout Session is no longer active.");
    }
    // A completed session cannot be paid again: the page shows it as paid.
    if (session.status === "complete") return send(res, 200, publicView(session));
    const input = body ? (JSON.parse(body) as Json) : {};
    const card = (input.card as { brand: string; last4: string } | undefined) ?? { brand: "visa", last4: "4242" };
    const memory = session.__stub as {
      lookupKey: string | null;
      trialDays: number;
      subscriptionMetadata: Record<string, string>;
    };
    if (session.mode === "subscription" && !session.subscription) {
      const subscriptionId = nextId("sub_stub_");
      subscriptions.set(
        subscriptionId,
        subscriptionObject(subscriptionId, {
          status: memory.trialDays > 0 ? "trialing" : "active",
          customer: session.customer,
          lookup_key: memory.lookupKey,
          metadata: memory.subscriptionMetadata,
          latest_invoice: firstInvoice(
            subscriptionId,
            memory.trialDays > 0 ? 0 : (session.amount_total as number),
            card,
          ),
        }),
      );
      session.subscription = subscriptionId;
    }
    session.status = "complete";
    session.payment_status = (input.payment_status as string | undefined) ?? "paid";
    if (session.mode === "payment" && !session.payment_intent) {
      const paymentIntent = nextId("pi_stub_");
      session.payment_intent = paymentIntent;
      const charge = nextId("ch_stub_");
      paymentIntents.set(paymentIntent, { amount: session.amount_total as number, refunded: 0, charge, card });
      charges.set(charge, { amount: session.amount_total as number, transferred: 0 });
    }
    return send(res, 200, publicView(session));
  }

  async function v1(
    method: string,
    path: string,
    params: URLSearchParams,
    form: Record<string, string>,
    stripeAccount: string | null = null,
  ): Promise<{ status: number; body: unknown }> {
    if (method === "POST" && path === "/v1/customers") {
      return {
        status: 200,
        body: {
          id: nextId("cus_stub_"),
          object: "customer",
          email: form.email ?? null,
          name: form.name ?? null,
          metadata: nested(form, "metadata"),
          livemode: false,
        },
      };
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys = arrayParam(params, "lookup_keys");
      const data = PLAN_LOOKUP_KEYS.filter((key) => keys.includes(key)).map(priceObject);
      return { status: 200, body: { object: "list", url: "/v1/prices", has_more: false, data } };
    }
    const payoutsAnswer = payoutRoutes(payouts, method, path, params, stripeAccount);
    if (payoutsAnswer) return payoutsAnswer;
    const connect = connectRoutes(accounts, nextId, method, path, form);
    if (connect) return connect;
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(form);
    const noSuchSession = {
      status: 404,
      body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" } },
    };
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]));
      if (!session) return noSuchSession;
      return { status: 200, body: publicView(lapse(session)) };
    }
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === "POST" && expireMatch) {
      const session = sessions.get(decodeURIComponent(expireMatch[1]));
      if (!session) return noSuchSession;
      lapse(session);
      if (session.status !== "open") {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(session.status)}\`.`,
            },
          },
        };
      }
      session.status = "expired";
      session.url = null;
      return { status: 200, body: publicView(session) };
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if ((method === "GET" || method === "DELETE") && subscriptionMatch) {
      const subscription = subscriptions.get(decodeURIComponent(subscriptionMatch[1]));
      if (!subscription)
        return {
          status: 404,
          body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such subscription" } },
        };
      const expand = arrayParam(params, "expand");
      if (method === "DELETE") {
        if (subscription.status === "canceled") {
          return {
            status: 400,
            body: {
              error: {
                type: "invalid_request_error",
                message: "A canceled subscription can only update its cancellation_details and metadata.",
              },
            },
          };
        }
        subscription.status = "canceled";
        subscription.canceled_at = Math.floor(Date.now() / 1000);
        subscription.ended_at = subscription.canceled_at;
      }
      return { status: 200, body: subscriptionView(subscription, expand) };
    }
    const transfersAnswer = transferRoutes(method, path, form, params);
    if (transfersAnswer) return transfersAnswer;
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!form.customer)
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", message: "Missing customer", param: "customer" } },
        };
      const id = nextId("bps_stub_");
      return {
        status: 200,
        body: {
          id,
          object: "billing_portal.session",
          customer: form.customer,
          return_url: form.return_url ?? null,
          url: `https://billing.stripe.test/p/session/${id}`,
          livemode: false,
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  /** Transfers, reversals and refunds (issue #18, P2); null when the request is none of them. */
  function transferRoutes(
    method: string,
    path: string,
    form: Record<string, string>,
    params: URLSearchParams,
  ): { status: number; body: unknown } | null {
    const invalid = (message: string, param?: string) => ({
      status: 400,
      body: { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } },
    });
    if (method === "POST" && path === "/v1/transfers") {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1) return invalid("Invalid positive integer", "amount");
      if (form.currency !== "usd") return invalid("Invalid currency", "currency");
      if (!form.destination?.startsWith("acct_"))
        return invalid(`No such destination: '${form.destination}'`, "destination");
      const source = form.source_transaction ? charges.get(form.source_transaction) : undefined;
      if (form.source_transaction && !source)
        return invalid(`No such charge: '${form.source_transaction}'`, "source_transaction");
      if (source && amount > source.amount - source.transferred)
        return invalid("The transfer amount is greater than what is left of the source transaction.", "amount");
      if (source) source.transferred += amount;
      const id = nextId("tr_stub_");
      const transfer: Json = {
        id,
        object: "transfer",
        amount,
        amount_reversed: 0,
        currency: "usd",
        destination: form.destination,
        transfer_group: form.transfer_group ?? null,
        source_transaction: form.source_transaction ?? null,
        reversed: false,
        metadata: nested(form, "metadata"),
        livemode: false,
      };
      transfers.set(id, transfer);
      return { status: 200, body: transfer };
    }
    const reversal = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (method === "POST" && reversal) {
      const transfer = transfers.get(decodeURIComponent(reversal[1]));
      if (!transfer)
        return {
          status: 404,
          body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such transfer" } },
        };
      if (transfer.reversed) return invalid("The transfer is already fully reversed.");
      transfer.reversed = true;
      transfer.amount_reversed = transfer.amount;
      return {
        status: 200,
        body: {
          id: nextId("trr_stub_"),
          object: "transfer_reversal",
          amount: transfer.amount,
          currency: "usd",
          transfer: transfer.id,
          metadata: nested(form, "metadata"),
        },
      };
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && intent) {
      const id = decodeURIComponent(intent[1]!);
      const found = paymentIntents.get(id);
      if (!found)
        return {
          status: 404,
          body: {
            error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" },
          },
        };
      // expand[]=latest_charge answers the charge itself, with the card it was paid with.
      const latestCharge = arrayParam(params, "expand").includes("latest_charge")
        ? {
            id: found.charge,
            object: "charge",
            amount: found.amount,
            amount_refunded: found.refunded,
            currency: "usd",
            paid: true,
            status: "succeeded",
            payment_intent: id,
            payment_method_details: { type: "card", card: { ...found.card, exp_month: 12, exp_year: 2034 } },
          }
        : found.charge;
      return {
        status: 200,
        body: { id, object: "payment_intent", amount: found.amount, status: "succeeded", latest_charge: latestCharge },
      };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paymentIntent = form.payment_intent ? paymentIntents.get(form.payment_intent) : undefined;
      if (!paymentIntent)
        return {
          status: 404,
          body: {
            error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" },
          },
        };
      const amount = form.amount ? Number(form.amount) : paymentIntent.amount - paymentIntent.refunded;
      if (!Number.isInteger(amount) || amount < 1 || amount > paymentIntent.amount - paymentIntent.refunded) {
        return invalid("Refund amount is greater than the unrefunded amount.", "amount");
      }
      paymentIntent.refunded += amount;
      return {
        status: 200,
        body: {
          id: nextId("re_stub_"),
          object: "refund",
          amount,
          currency: "usd",
          payment_intent: form.payment_intent,
          status: "succeeded",
          metadata: nested(form, "metadata"),
        },
      };
    }
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    try {
      const method = req.method ?? "GET";
      const body = await readBody(req);

      if (url.pathname === "/__requests" && method === "GET") return send(res, 200, requests);
      if (url.pathname === "/__reset" && method === "POST") {
        requests.length = 0;
        failures = { status: 500, count: 0, path: null };
        return send(res, 200, { ok: true });
      }
      if (url.pathname === "/__fail" && method === "POST") {
        const input = JSON.parse(body || "{}") as { status?: number; count?: number; path?: string };
        failures = { status: input.status ?? 500, count: input.count ?? 2, path: input.path ?? null };
        return send(res, 200, failures);
      }
      const setSession = /^\/__sessions\/([^/]+)$/.exec(url.pathname);
      if (setSession && method === "PUT") {
        const session = sessions.get(decodeURIComponent(setSession[1]));
        if (!session) return send(res, 404, { error: "no such session" });
        const input = JSON.parse(body || "{}") as Json;
        if (typeof input.expires_at === "number") session.expires_at = input.expires_at;
        return send(res, 200, publicView(lapse(session)));
      }
      const payMatch = /^\/__sessions\/([^/]+)\/pay$/.exec(url.pathname);
      if (payMatch && method === "POST") return pay(res, decodeURIComponent(payMatch[1]), body);
      const setAccount = /^\/__accounts\/([^/]+)$/.exec(url.pathname);
      if (setAccount && method === "PUT") {
        const account = accounts.get(decodeURIComponent(setAccount[1]));
        if (!account) return send(res, 404, { error: "no such account" });
        updateAccount(account, JSON.parse(body || "{}") as Json);
        return send(res, 200, account);
      }
      if (url.pathname === "/__payouts" && method === "POST") {
        return send(res, 200, addPayout(payouts, nextId, JSON.parse(body || "{}") as Json));
      }
      const setSubscription = /^\/__subscriptions\/([^/]+)$/.exec(url.pathname);
      if (setSubscription && method === "PUT") {
        const id = decodeURIComponent(setSubscription[1]);
        subscriptions.set(id, subscriptionObject(id, JSON.parse(body || "{}") as Json));
        return send(res, 200, subscriptions.get(id));
      }

      if (!url.pathname.startsWith("/v1/")) return send(res, 404, { error: "not_found" });
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : (value ?? null);
      };
      const form = Object.fromEntries(new URLSearchParams(body));
      const idempotencyKey = header("idempotency-key");
      const authorization = header("authorization");
      requests.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form,
        idempotencyKey,
        authorization,
        stripeAccount: header("stripe-account"),
      });

      if (!authorization || !new RegExp(`^Bearer ${STUB_SECRET_KEY}(_[A-Za-z0-9_-]{1,64})?$`).test(authorization)) {
        return stripeError(res, 401, "authentication_error", "Invalid API Key provided");
      }
      if (failures.count > 0 && (failures.path === null || failures.path === url.pathname)) {
        failures.count -= 1;
        return stripeError(res, failures.status, "api_error", "The stub was told to fail this request.");
      }
      const replayKey = idempotencyKey && method === "POST" ? `${url.pathname}:${idempotencyKey}` : null;
      const replay = replayKey ? idempotent.get(replayKey) : undefined;
      if (replay) return send(res, replay.status, replay.body);
      const answer = await v1(method, url.pathname, url.searchParams, form, header("stripe-account"));
      if (replayKey && answer.status < 500) idempotent.set(replayKey, answer);
      return send(res, answer.status, answer.body);
    } catch (error) {
      send(res, 500, { error: { type: "api_error", message: error instanceof Error ? error.message : String(error) } });
    }
  }

  return { requests, handle };
}

// ===== Connect (issue #18, P1): accounts, account links and login links =====

/** What a new Express account of a US individual still needs, as Stripe reports it. */
const STUB_INITIAL_REQUIREMENTS = [
  "business_profile.url",
  "business_type",
  "external_account",
  "individual.dob.day",
  "individual.first_name",
  "individual.last_name",
  "tos_acceptance.date",
];

function missing(param: string) {
  return {
    status: 400,
    body: { error: { type: "invalid_request_error", message: `Missing required param: ${param}.`, param } },
  };
}

function noSuchAccount(id: string) {
  return {
    status: 404,
    body: {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such account: '${id}'`,
        param: "account",
      },
    },
  };
}

function updateAccount(account: Json, input: Json): void {
  for (const key of ["details_submitted", "charges_enabled", "payouts_enabled"] as const) {
    if (typeof input[key] === "boolean") account[key] = input[key];
  }
  const requirements = account.requirements as Json;
  if (Array.isArray(input.currently_due)) requirements.currently_due = input.currently_due;
  if (input.disabled_reason !== undefined) requirements.disabled_reason = input.disabled_reason;
}

/** The Connect part of /v1, or null when the path is not one of its. */
function connectRoutes(
  accounts: Map<string, Json>,
  nextId: (prefix: string) => string,
  method: string,
  path: string,
  form: Record<string, string>,
): { status: number; body: unknown } | null {
  if (method === "POST" && path === "/v1/accounts") {
    if (!form.type) return missing("type");
    const id = nextId("acct_stub_");
    const account: Json = {
      id,
      object: "account",
      type: form.type,
      country: form.country ?? "US",
      email: form.email ?? null,
      capabilities: { transfers: form["capabilities[transfers][requested]"] === "true" ? "inactive" : undefined },
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      requirements: {
        currently_due: [...STUB_INITIAL_REQUIREMENTS],
        eventually_due: [...STUB_INITIAL_REQUIREMENTS],
        past_due: [],
        disabled_reason: "requirements.past_due",
      },
      metadata: nested(form, "metadata"),
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    accounts.set(id, account);
    return { status: 200, body: account };
  }
  const loginLink = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path);
  if (method === "POST" && loginLink) {
    const id = decodeURIComponent(loginLink[1]);
    const account = accounts.get(id);
    if (!account) return noSuchAccount(id);
    if (!account.details_submitted) {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            message: "Cannot create a login link for an account that has not completed onboarding.",
          },
        },
      };
    }
    return {
      status: 200,
      body: {
        object: "login_link",
        url: `https://connect.stripe.test/express/${id}/${nextId("")}`,
        created: Math.floor(Date.now() / 1000),
      },
    };
  }
  const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(path);
  if (method === "GET" && accountMatch) {
    const id = decodeURIComponent(accountMatch[1]);
    const account = accounts.get(id);
    return account ? { status: 200, body: account } : noSuchAccount(id);
  }
  if (method === "POST" && path === "/v1/account_links") {
    for (const param of ["account", "type"]) if (!form[param]) return missing(param);
    if (form.type === "account_onboarding" && (!form.refresh_url || !form.return_url)) {
      return missing(form.refresh_url ? "return_url" : "refresh_url");
    }
    if (!accounts.has(form.account)) return noSuchAccount(form.account);
    const created = Math.floor(Date.now() / 1000);
    return {
      status: 200,
      body: {
        object: "account_link",
        created,
        expires_at: created + 300,
        url: `https://connect.stripe.test/setup/e/${form.account}/${nextId("")}`,
      },
    };
  }
  return null;
}

// ===== Payouts of connected accounts (issue #18, Q1) =====

/** POST /__payouts: a payout of `account` (what GET /v1/payouts answers with its Stripe-Account header). */
function addPayout(payouts: Map<string, Json[]>, nextId: (prefix: string) => string, input: Json): Json {
  const account = String(input.account ?? "");
  const created = typeof input.created === "number" ? input.created : Math.floor(Date.now() / 1000);
  const payout: Json = {
    id: nextId("po_stub_"),
    object: "payout",
    amount: Number(input.amount ?? 0),
    currency: "usd",
    arrival_date: typeof input.arrival_date === "number" ? input.arrival_date : created + 2 * 86_400,
    automatic: true,
    method: "standard",
    type: "bank_account",
    status: typeof input.status === "string" ? input.status : "in_transit",
    created,
    livemode: false,
  };
  payouts.set(account, [...(payouts.get(account) ?? []), payout]);
  return payout;
}

/** GET /v1/payouts for the account of the Stripe-Account header; null when the request is not that. */
function payoutRoutes(
  payouts: Map<string, Json[]>,
  method: string,
  path: string,
  params: URLSearchParams,
  stripeAccount: string | null,
): { status: number; body: unknown } | null {
  if (method !== "GET" || path !== "/v1/payouts") return null;
  const limit = params.has("limit") ? Number(params.get("limit")) : 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return {
      status: 400,
      body: { error: { type: "invalid_request_error", message: "Invalid integer: limit", param: "limit" } },
    };
  }
  const all = stripeAccount ? (payouts.get(stripeAccount) ?? []) : [];
  // Newest first; of two created in the same second, the one added later.
  const newestFirst = [...all].sort((a, b) => Number(b.created) - Number(a.created) || all.indexOf(b) - all.indexOf(a));
  return {
    status: 200,
    body: { object: "list", url: "/v1/payouts", has_more: all.length > limit, data: newestFirst.slice(0, limit) },
  };
}
