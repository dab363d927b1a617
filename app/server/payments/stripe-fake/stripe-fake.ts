import { PLANS, parseLookupKey } from "~/lib/payments/plans";
import type { FakeInsert, FakeObject, StripeFakeStore } from "./store";

/**
 * One fake of Stripe's API (the /v1 endpoints Partwise uses), written once and run in two places:
 * over node:http with a store in memory for the integration tests (tests/support/stripe-stub.ts),
 * and in-process with a store in D1 for keyless runs. It takes a request (method, path, query,
 * form-encoded body, the headers Stripe reads) and answers a status and a JSON body shaped like
 * Stripe's; nothing in it is Node- or workerd-only.
 *
 *   Every /v1 call needs a key the config accepts (else 401 authentication_error).
 *   POST /v1/customers                 → customer cus_… (email, name, metadata[…]).
 *   GET  /v1/customers/:id             → the customer (invoice_settings.default_payment_method a pm id,
 *                                        or the PaymentMethod with expand[]=invoice_settings.default_payment_method),
 *                                        or 404.
 *   POST /v1/customers/:id             → updates email, name, metadata[…] and
 *                                        invoice_settings[default_payment_method] (400 unless that
 *                                        PaymentMethod is attached to the customer); answers the customer.
 *   GET  /v1/payment_methods/:id       → the PaymentMethod pm_… (a card), or 404.
 *   GET  /v1/prices?lookup_keys[0]=…   → the active prices with those lookup keys (the four plans').
 *   POST /v1/checkout/sessions         → session cs_test_… (status open, payment_status unpaid, url
 *                                        from the config, expires_at in 24 h). With
 *                                        payment_intent_data[setup_future_usage] (off_session or
 *                                        on_session), paying it saves the card: its PaymentMethod is
 *                                        attached to the session's customer.
 *   GET  /v1/checkout/sessions/:id     → the session (expired once its expires_at passed, url null), or 404.
 *   POST /v1/checkout/sessions/:id/expire → the session, now expired; 400 when it is not open.
 *   GET  /v1/subscriptions/:id         → the subscription (latest_invoice an id, or the invoice with
 *                                        `expand[]=latest_invoice` / `latest_invoice.payments`), or 404.
 *   DELETE /v1/subscriptions/:id       → cancels it at once; 400 when already canceled.
 *   POST /v1/billing_portal/sessions   → portal session bps_… (url from the config).
 *   POST /v1/transfers                 → transfer tr_…; 400 for a bad amount, currency or destination,
 *                                        an unknown source_transaction charge or more than is left of it.
 *   POST /v1/transfers/:id/reversals   → reversal trr_… of the whole amount; 400 when already reversed.
 *   GET  /v1/payment_intents/:id       → the PaymentIntent (payment_method pm_…, the method itself with
 *                                        expand[]=payment_method; latest_charge ch_…; the charge itself with
 *                                        expand[]=latest_charge), or 404.
 *   POST /v1/refunds                   → refund re_… (succeeded) of a paid PaymentIntent; 400 beyond
 *                                        the unrefunded amount.
 *   POST /v1/invoices                  → a draft invoice in_… of a customer (collection_method
 *                                        charge_automatically by default, auto_advance, description,
 *                                        metadata[…], default_payment_method); 404 for an unknown customer.
 *   POST /v1/invoiceitems              → item ii_… of `amount` cents on a draft `invoice` of the same
 *                                        customer (a line of it; its totals rise by the amount); 400 otherwise.
 *   GET  /v1/invoices/:id              → the invoice (`payments` only with expand[]=payments), or 404.
 *   POST /v1/invoices/:id/finalize     → draft → open (number, hosted_invoice_url from the config; a $0
 *                                        invoice is paid at once, as on Stripe); 400 when not a draft.
 *   POST /v1/invoices/:id/pay          → (a draft is finalized first) charges the open invoice
 *                                        off-session with `payment_method`, else the invoice's
 *                                        default_payment_method, else the customer's
 *                                        invoice_settings.default_payment_method: a PaymentIntent and
 *                                        charge (refundable, a transfer's source_transaction) and the
 *                                        invoice paid, written at once (two pays at once charge once).
 *                                        400 without a payment method, when already paid or void; a
 *                                        card told to fail: 402 card_error card_declined, the invoice
 *                                        open with its attempt counted and the next retry in 3 days.
 *   POST /v1/invoices/:id/void         → open → void; 400 for a draft or paid invoice.
 *   POST /v1/accounts, GET /v1/accounts/:id, POST /v1/account_links, POST /v1/accounts/:id/login_links
 *                                      → Express accounts and their links (Connect); a login link is
 *                                        refused (400) until the account's details are submitted.
 *   GET  /v1/payouts?limit=…           → the payouts of the account named by the Stripe-Account header.
 *   A POST with an Idempotency-Key answers the first answer again (Stripe's replay); while the first
 *   is still running, a second answers 409 idempotency_error (the SDK tries again); with other
 *   parameters, 400 idempotency_error. Keys are forgotten after 24 hours.
 *   A checkout or portal session naming a customer the fake never made: 404 resource_missing.
 *
 * What Stripe's own pages and dashboard do (pay a session, submit onboarding details, change a
 * subscription or the saved card in the billing portal, pay an invoice on its hosted page, Smart
 * Retries of a failed invoice payment) and what a test sets up (a card that declines) are the
 * fake's controls, functions beside the handler: the stub serves them under /__…, the keyless
 * pages call them directly.
 */

type Json = FakeObject;

export type FakeRequest = {
  method: string;
  /** The path, e.g. /v1/customers. */
  path: string;
  query: URLSearchParams;
  /** The form-encoded body's fields, flat (e.g. "metadata[businessId]"). */
  form: Record<string, string>;
  authorization: string | null;
  idempotencyKey: string | null;
  /** The Stripe-Account header (a connected account's id), or null. */
  stripeAccount: string | null;
};

export type FakeAnswer = { status: number; body: unknown };

export type StripeFakeConfig = {
  store: StripeFakeStore;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** Whether the Authorization header carries a key this fake accepts. */
  acceptsKey(authorization: string | null): boolean;
  /**
   * A new object id: `prefix` is Stripe's (cus_, cs_test_, …); `seed` names what it is made for
   * (e.g. `customer:<Idempotency-Key>`, `subscription:<session id>`) when known, so a config may
   * derive the id from it.
   */
  newId(prefix: string, seed: string | null): Promise<string> | string;
  /** What price ids read as, e.g. "stub" for price_stub_premium_plan_yearly. */
  priceTag: string;
  /** The hosted pages' addresses. */
  urls: {
    checkout(sessionId: string, successUrl: string): string;
    portal(portalId: string, returnUrl: string): string;
    onboarding(accountId: string, returnUrl: string, linkId: string): string;
    dashboard(accountId: string, returnOrigin: string | null, linkId: string): string;
    /** An invoice's hosted page (hosted_invoice_url once finalized); without it, hosted_invoice_url stays null. */
    invoice?(invoiceId: string): string;
  };
  /**
   * Express accounts pay out automatically: when set, each transfer is followed by a payout of its
   * amount to the account's bank, in transit for this many days and paid from then on.
   */
  automaticPayoutDays?: number;
};

/** What a new Express account of a US individual still needs, as Stripe reports it. */
export const INITIAL_REQUIREMENTS = [
  "business_profile.url",
  "business_type",
  "external_account",
  "individual.dob.day",
  "individual.dob.month",
  "individual.dob.year",
  "individual.first_name",
  "individual.last_name",
  "individual.ssn_last_4",
  "tos_acceptance.date",
  "tos_acceptance.ip",
] as const;

/** The SSN's last four digits that leave an onboarding waiting for a full taxpayer id (like Stripe's test 0000). */
export const PENDING_SSN_LAST4 = "0000";

export const PLAN_LOOKUP_KEYS = [
  "STANDARD_PLAN_MONTHLY",
  "STANDARD_PLAN_YEARLY",
  "PREMIUM_PLAN_MONTHLY",
  "PREMIUM_PLAN_YEARLY",
] as const;

const DAY = 86_400;
/** What payment_intent_data[setup_future_usage] may be. */
const SETUP_FUTURE_USAGES = ["off_session", "on_session"];
/** Smart Retries: the next attempt after a failed invoice payment. */
const RETRY_DAYS = 3;
/** After this long a request still holding its Idempotency-Key is taken as dead (the SDK gives up after 10 s). */
const ABANDONED_MS = 60_000;
/** How long Stripe keeps an Idempotency-Key (and the answer it replays). */
const KEY_LIFETIME_MS = DAY * 1000;

/** The fake's own memory on an object (never part of what Stripe answers): fields named `__…`. */
export function publicView(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith("__")));
}

export function stripeError(status: number, type: string, message: string, extra: Json = {}): FakeAnswer {
  return { status, body: { error: { type, message, ...extra } } };
}

const invalid = (message: string, param?: string) =>
  stripeError(400, "invalid_request_error", message, param ? { param } : {});
const noSuch = (what: string, id: string, param?: string) =>
  stripeError(404, "invalid_request_error", `No such ${what}: '${id}'`, {
    code: "resource_missing",
    ...(param ? { param } : {}),
  });
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param);
const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

/** `metadata[businessId]=b1&metadata[kind]=x` → {businessId: "b1", kind: "x"} for the given prefix. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (!key.startsWith(`${prefix}[`) || !key.endsWith("]")) continue;
    const name = key.slice(prefix.length + 1, -1);
    if (name && !name.includes("[") && !name.includes("]")) out[name] = value;
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

/** A card as a PaymentMethod (pm_…): the customer's when attached to one (saved for later), else null. */
function paymentMethodObject(
  id: string,
  card: { brand: string; last4: string },
  input: { customer: string | null; created: number },
): Json {
  return {
    id,
    object: "payment_method",
    type: "card",
    card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
    customer: input.customer,
    created: input.created,
    livemode: false,
  };
}

/** A succeeded card charge, as a checkout's payment and an invoice's payment make it. */
function chargeObject(input: {
  id: string;
  amount: number;
  customer: unknown;
  paymentIntent: string;
  paymentMethod: string | null;
  card: Json;
  created: number;
}): Json {
  return {
    id: input.id,
    object: "charge",
    amount: input.amount,
    amount_refunded: 0,
    refunded: false,
    currency: "usd",
    customer: input.customer,
    payment_intent: input.paymentIntent,
    payment_method: input.paymentMethod,
    paid: true,
    status: "succeeded",
    payment_method_details: { type: "card", card: input.card },
    created: input.created,
    livemode: false,
  };
}

/** The values of `expand`, from the query (GET) or the form (a POST's body, as the SDK sends it). */
function expandOf(req: FakeRequest): string[] {
  return [...arrayParam(req.query, "expand"), ...arrayParam(new URLSearchParams(req.form), "expand")];
}

/** Stripe's metadata update: each key given is set, an empty value unsets it, the others stay. */
function mergeMetadata(current: unknown, changes: Record<string, string>): Record<string, string> {
  const next: Record<string, string> = { ...((current as Record<string, string> | null) ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === "") delete next[key];
    else next[key] = value;
  }
  return next;
}

/** A plan's price: its amount per interval (a year is 12 × the yearly plan's monthly price). */
export function planPrice(
  lookupKey: string,
): { unitAmount: number; interval: "month" | "year"; productName: string } | null {
  const parsed = parseLookupKey(lookupKey);
  if (!parsed) return null;
  const plan = PLANS[parsed.tier];
  const monthly = plan.monthlyPriceCents[parsed.billing];
  const yearly = parsed.billing === "YEARLY";
  return {
    unitAmount: yearly ? monthly * 12 : monthly,
    interval: yearly ? "year" : "month",
    productName: `Partwise ${plan.displayName} (${yearly ? "billed yearly" : "billed monthly"})`,
  };
}

/** The brand Stripe names for a card number (by its leading digits) and its last 4 digits. */
export function cardOf(digits: string): { brand: string; last4: string } {
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

/** What paying a session did: the answer, and (only for the call that completed it) the objects it made. */
export type PayResult = FakeAnswer & { completed: { session: Json; subscription: Json | null } | null };

/** What an attempt to pay an invoice did: the answer, and (only for the call that paid it) the paid invoice (its payments included). */
export type InvoicePayResult = FakeAnswer & { completed: Json | null };

/**
 * An invoice as Stripe answers it: `payments` is includable, there only with expand[]=payments
 * (so not in webhook events' invoices).
 */
export function invoiceView(invoice: Json, expand: string[] = []): Json {
  const { payments, ...rest } = publicView(invoice);
  return expand.includes("payments") ? { ...rest, payments } : rest;
}

export type StripeFake = ReturnType<typeof createStripeFake>;

export function createStripeFake(config: StripeFakeConfig) {
  const { store } = config;
  const nowMs = () => config.now?.() ?? Date.now();
  const nowSeconds = () => Math.floor(nowMs() / 1000);
  const newId = async (prefix: string, seed: string | null) => config.newId(prefix, seed);

  function priceObject(lookupKey: string): Json {
    const price = planPrice(lookupKey);
    return {
      id: `price_${config.priceTag}_${lookupKey.toLowerCase()}`,
      object: "price",
      active: true,
      currency: "usd",
      lookup_key: lookupKey,
      unit_amount: price?.unitAmount ?? 0,
      recurring: { interval: price?.interval ?? "month", interval_count: 1 },
    };
  }

  /** Replaces an object with `change(current)` (compare-and-swap, tried again when another change came first). */
  async function update(
    type: string,
    id: string,
    change: (current: Json) => Json | null,
    also: (next: Json) => FakeInsert[] = () => [],
  ): Promise<Json | null> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const current = await store.get(type, id);
      if (!current) return null;
      const next = change(current);
      if (!next) return current;
      if (await store.swap(type, id, current, next, also(next))) return next;
    }
    throw new Error(`stripe fake: ${type} ${id} kept changing`);
  }

  /** A session as it stands now: an open one past its expires_at is expired (as on Stripe). */
  async function session(id: string): Promise<Json | null> {
    const current = await store.get("checkout.session", id);
    if (!current || current.status !== "open" || Number(current.expires_at) > nowSeconds()) return current;
    return update("checkout.session", id, (now) =>
      now.status === "open" && Number(now.expires_at) <= nowSeconds() ? { ...now, status: "expired", url: null } : null,
    );
  }

  // ===== /v1 =====

  async function createCustomer(req: FakeRequest): Promise<FakeAnswer> {
    const id = await newId("cus_", req.idempotencyKey ? `customer:${req.idempotencyKey}` : null);
    const { data } = await store.insertOnce("customer", id, {
      id,
      object: "customer",
      email: req.form.email ?? null,
      name: req.form.name ?? null,
      metadata: nested(req.form, "metadata"),
      invoice_settings: { default_payment_method: null },
      created: nowSeconds(),
      livemode: false,
    });
    return ok(data);
  }

  async function createSession(req: FakeRequest): Promise<FakeAnswer> {
    const { form } = req;
    const mode = form.mode;
    if (mode !== "subscription" && mode !== "payment") return invalid("Invalid mode", "mode");
    if (!form.success_url || !form.cancel_url) return invalid("Missing success_url or cancel_url");
    for (const param of ["success_url", "cancel_url"])
      if (!isUrl(form[param])) return invalid("Not a valid URL", param);
    if (form.customer && !(await store.get("customer", form.customer))) {
      return noSuch("customer", form.customer, "customer");
    }
    const setupFutureUsage = form["payment_intent_data[setup_future_usage]"] ?? null;
    if (setupFutureUsage !== null && !SETUP_FUTURE_USAGES.includes(setupFutureUsage)) {
      return invalid(
        `Invalid payment_intent_data[setup_future_usage]: must be one of ${SETUP_FUTURE_USAGES.join(" or ")}`,
        "payment_intent_data[setup_future_usage]",
      );
    }
    const priceId = form["line_items[0][price]"];
    const lookupKey = priceId ? PLAN_LOOKUP_KEYS.find((key) => priceObject(key).id === priceId) : undefined;
    if (priceId && !lookupKey) {
      return invalid(`No such price: '${priceId}'`, "line_items[0][price]");
    }
    const plan = lookupKey ? planPrice(lookupKey) : null;
    const trialDays = Number(form["subscription_data[trial_period_days]"] ?? 0);
    const unitAmount = plan ? plan.unitAmount : Number(form["line_items[0][price_data][unit_amount]"] ?? 0);
    const id = await newId("cs_test_", req.idempotencyKey ? `checkout:${req.idempotencyKey}` : null);
    const created = nowSeconds();
    const { data } = await store.insertOnce("checkout.session", id, {
      id,
      object: "checkout.session",
      url: config.urls.checkout(id, form.success_url),
      mode,
      status: "open",
      payment_status: "unpaid",
      customer: form.customer ?? null,
      subscription: null,
      client_reference_id: form.client_reference_id ?? null,
      metadata: nested(form, "metadata"),
      // With a free trial nothing is charged today.
      amount_total: trialDays > 0 ? 0 : unitAmount,
      // No Stripe Tax on Partwise's sessions: Stripe reports the tax as 0.
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      payment_intent: null,
      currency: "usd",
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      created,
      // Like Stripe's default: payable for 24 hours.
      expires_at: created + DAY,
      livemode: false,
      // What the hosted page shows, and what paying makes.
      __checkout: {
        productName: plan?.productName ?? form["line_items[0][price_data][product_data][name]"] ?? "",
        unitAmount,
        lookupKey: lookupKey ?? null,
        interval: plan?.interval ?? null,
        trialDays,
        subscriptionMetadata: nested(form, "subscription_data[metadata]"),
        // Saves the card it is paid with for later (attached to the customer), as Stripe does.
        setupFutureUsage,
      },
    });
    return ok(publicView(data));
  }

  async function expireSession(id: string): Promise<FakeAnswer> {
    if (!(await session(id))) return noSuch("checkout.session", id);
    const did = { expire: false };
    const after = await update("checkout.session", id, (now) => {
      if (now.status !== "open") return null;
      did.expire = true;
      return { ...now, status: "expired", url: null };
    });
    if (!after) return noSuch("checkout.session", id);
    if (!did.expire) {
      return invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(after.status)}\`.`,
      );
    }
    return ok(publicView(after));
  }

  /** A subscription as Stripe answers it: latest_invoice an id unless `expand` names it (with its payments). */
  function subscriptionView(subscription: Json, expand: string[]): Json {
    const invoice = subscription.latest_invoice as Json | null;
    const view = publicView(subscription);
    if (!invoice) return view;
    if (expand.includes("latest_invoice.payments")) return view;
    if (expand.includes("latest_invoice")) {
      const { payments: _payments, ...rest } = invoice;
      return { ...view, latest_invoice: rest };
    }
    return { ...view, latest_invoice: invoice.id };
  }

  async function subscriptionRoute(req: FakeRequest, id: string): Promise<FakeAnswer> {
    const expand = arrayParam(req.query, "expand");
    if (req.method === "GET") {
      const found = await store.get("subscription", id);
      return found ? ok(subscriptionView(found, expand)) : noSuch("subscription", id);
    }
    const did = { cancel: false };
    const at = nowSeconds();
    const after = await update("subscription", id, (now) => {
      if (now.status === "canceled") return null;
      did.cancel = true;
      return { ...now, status: "canceled", canceled_at: at, ended_at: at };
    });
    if (!after) return noSuch("subscription", id);
    if (!did.cancel) return invalid("A canceled subscription can only update its cancellation_details and metadata.");
    return ok(subscriptionView(after, expand));
  }

  async function createPortal(req: FakeRequest): Promise<FakeAnswer> {
    if (!req.form.customer) return invalid("Missing customer", "customer");
    const returnUrl = req.form.return_url ?? null;
    if (returnUrl !== null && !isUrl(returnUrl)) return invalid("Not a valid URL", "return_url");
    if (!(await store.get("customer", req.form.customer))) return noSuch("customer", req.form.customer, "customer");
    const id = await newId("bps_", null);
    const { data } = await store.insertOnce("billing_portal.session", id, {
      id,
      object: "billing_portal.session",
      customer: req.form.customer,
      return_url: returnUrl,
      url: config.urls.portal(id, returnUrl ?? ""),
      created: nowSeconds(),
      livemode: false,
    });
    return ok(data);
  }

  async function createTransfer(req: FakeRequest): Promise<FakeAnswer> {
    const { form } = req;
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1) return invalid("Invalid positive integer", "amount");
    if (form.currency !== "usd") return invalid("Invalid currency", "currency");
    if (!form.destination?.startsWith("acct_"))
      return invalid(`No such destination: '${form.destination}'`, "destination");
    const source = form.source_transaction || null;
    const id = await newId("tr_", req.idempotencyKey ? `transfer:${req.idempotencyKey}` : null);
    // Made already (the same Idempotency-Key after a lost answer): answered as it is, the charge untouched.
    const existing = await store.get("transfer", id);
    if (existing) return ok(existing);
    const created = nowSeconds();
    const transferObject: Json = {
      id,
      object: "transfer",
      amount,
      amount_reversed: 0,
      currency: "usd",
      destination: form.destination,
      transfer_group: form.transfer_group ?? null,
      source_transaction: source,
      reversed: false,
      metadata: nested(form, "metadata"),
      created,
      livemode: false,
    };
    const made: FakeInsert[] = [{ type: "transfer", id, data: transferObject }];
    if (config.automaticPayoutDays !== undefined) {
      // An Express account pays out automatically: the transfer's payout to the account's bank.
      const payoutId = await newId("po_", `payout:${id}`);
      made.push({
        type: "payout",
        id: payoutId,
        data: {
          ...payoutObject(payoutId, {
            amount,
            status: "in_transit",
            created,
            arrival_date: created + config.automaticPayoutDays * DAY,
          }),
          source_transfer: id,
          __account: form.destination,
          __settles: true,
        },
      });
    }
    if (source) {
      // What is left of the charge: its amount less what transfers took from it (less their
      // reversals). The charge and the transfer (and its payout) are written together.
      const outcome: { refused?: FakeAnswer } = {};
      const charge = await update(
        "charge",
        source,
        (now) => {
          const left = Number(now.amount) - Number(now.__transferred ?? 0);
          if (amount > left) {
            outcome.refused = invalid(
              `The transfer amount is greater than what is left of charge ${source} (${left} cents).`,
              "amount",
            );
            return null;
          }
          return { ...now, __transferred: Number(now.__transferred ?? 0) + amount };
        },
        () => made,
      );
      if (!charge) return invalid(`No such charge: '${source}'`, "source_transaction");
      if (outcome.refused) return outcome.refused;
    } else {
      for (const insert of made) await store.insertOnce(insert.type, insert.id, insert.data);
    }
    const data = (await store.get("transfer", id)) ?? transferObject;
    return ok(data);
  }

  async function reverseTransfer(req: FakeRequest, transferId: string): Promise<FakeAnswer> {
    const id = await newId("trr_", req.idempotencyKey ? `reversal:${req.idempotencyKey}` : null);
    const existing = await store.get("transfer_reversal", id);
    if (existing) return ok(existing);
    const did = { reverse: false };
    const reversal = (transfer: Json): Json => ({
      id,
      object: "transfer_reversal",
      amount: transfer.amount,
      currency: "usd",
      transfer: transferId,
      metadata: nested(req.form, "metadata"),
      created: nowSeconds(),
    });
    // The transfer and its reversal are written together.
    const transfer = await update(
      "transfer",
      transferId,
      (now) => {
        if (now.reversed) return null;
        did.reverse = true;
        return { ...now, reversed: true, amount_reversed: now.amount };
      },
      (next) => [{ type: "transfer_reversal", id, data: reversal(next) }],
    );
    if (!transfer) return noSuch("transfer", transferId);
    if (!did.reverse) return invalid("The transfer is already fully reversed.");
    if (typeof transfer.source_transaction === "string") {
      // The reversed amount is the charge's again, for another transfer.
      await update("charge", transfer.source_transaction, (now) => ({
        ...now,
        __transferred: Math.max(0, Number(now.__transferred ?? 0) - Number(transfer.amount)),
      }));
    }
    return ok((await store.get("transfer_reversal", id)) ?? reversal(transfer));
  }

  async function retrievePaymentIntent(req: FakeRequest, id: string): Promise<FakeAnswer> {
    const intent = await store.get("payment_intent", id);
    if (!intent) return noSuch("payment_intent", id);
    const expand = arrayParam(req.query, "expand");
    const view: Json = { ...intent };
    // expand[]=latest_charge answers the charge itself, with the card it was paid with.
    if (expand.includes("latest_charge") && typeof intent.latest_charge === "string") {
      const charge = await store.get("charge", intent.latest_charge);
      if (charge) view.latest_charge = publicView(charge);
    }
    // expand[]=payment_method answers the PaymentMethod (its card, and its customer once saved).
    if (expand.includes("payment_method") && typeof intent.payment_method === "string") {
      const method = await store.get("payment_method", intent.payment_method);
      if (method) view.payment_method = publicView(method);
    }
    return ok(view);
  }

  async function createRefund(req: FakeRequest): Promise<FakeAnswer> {
    const intentId = req.form.payment_intent ?? "";
    const intent = intentId ? await store.get("payment_intent", intentId) : null;
    if (!intent || typeof intent.latest_charge !== "string")
      return noSuch("payment_intent", intentId, "payment_intent");
    const id = await newId("re_", req.idempotencyKey ? `refund:${req.idempotencyKey}` : null);
    // Made already (the same Idempotency-Key after a lost answer): answered as it is, the charge untouched.
    const existing = await store.get("refund", id);
    if (existing) return ok(existing);
    const outcome: { refused?: FakeAnswer; amount: number } = { amount: 0 };
    const created = nowSeconds();
    const refund = (chargeId: unknown): Json => ({
      id,
      object: "refund",
      amount: outcome.amount,
      currency: "usd",
      charge: chargeId,
      payment_intent: intentId,
      status: "succeeded",
      metadata: nested(req.form, "metadata"),
      created,
    });
    // The charge and its refund are written together.
    const charge = await update(
      "charge",
      intent.latest_charge,
      (now) => {
        const left = Number(now.amount) - Number(now.amount_refunded ?? 0);
        const amount = req.form.amount ? Number(req.form.amount) : left;
        outcome.amount = amount;
        if (!Number.isInteger(amount) || amount < 1 || amount > left) {
          outcome.refused = invalid("Refund amount is greater than the unrefunded amount.", "amount");
          return null;
        }
        return { ...now, amount_refunded: Number(now.amount_refunded ?? 0) + amount, refunded: amount === left };
      },
      (next) => [{ type: "refund", id, data: refund(next.id) }],
    );
    if (!charge) return noSuch("payment_intent", intentId, "payment_intent");
    if (outcome.refused) return outcome.refused;
    return ok((await store.get("refund", id)) ?? refund(charge.id));
  }

  // ----- Customers' saved cards, and invoices charged automatically -----

  /** A customer as Stripe answers it: invoice_settings.default_payment_method an id, or the PaymentMethod when expanded. */
  async function customerView(customer: Json, expand: string[]): Promise<Json> {
    const settings = (customer.invoice_settings as Json | undefined) ?? {};
    const defaultId = typeof settings.default_payment_method === "string" ? settings.default_payment_method : null;
    let defaultPaymentMethod: unknown = defaultId;
    if (defaultId && expand.includes("invoice_settings.default_payment_method")) {
      const found = await store.get("payment_method", defaultId);
      if (found) defaultPaymentMethod = publicView(found);
    }
    return { ...publicView(customer), invoice_settings: { ...settings, default_payment_method: defaultPaymentMethod } };
  }

  const notAttached = (paymentMethodId: string, param: string) =>
    invalid(`The customer does not have a payment method with the ID ${paymentMethodId}.`, param);

  async function updateCustomer(req: FakeRequest, id: string): Promise<FakeAnswer> {
    const { form } = req;
    const param = "invoice_settings[default_payment_method]";
    const defaultId = form[param];
    if (defaultId) {
      const paymentMethod = await store.get("payment_method", defaultId);
      if (!paymentMethod || paymentMethod.customer !== id) {
        return (await store.get("customer", id)) ? notAttached(defaultId, param) : noSuch("customer", id);
      }
    }
    const metadata = nested(form, "metadata");
    const after = await update("customer", id, (now) => ({
      ...now,
      ...(form.email !== undefined ? { email: form.email || null } : {}),
      ...(form.name !== undefined ? { name: form.name || null } : {}),
      metadata: mergeMetadata(now.metadata, metadata),
      // An empty value unsets it, as on Stripe.
      ...(defaultId !== undefined
        ? {
            invoice_settings: {
              ...((now.invoice_settings as Json | undefined) ?? {}),
              default_payment_method: defaultId || null,
            },
          }
        : {}),
    }));
    if (!after) return noSuch("customer", id);
    return ok(await customerView(after, expandOf(req)));
  }

  async function createInvoice(req: FakeRequest): Promise<FakeAnswer> {
    const { form } = req;
    if (!form.customer) return missing("customer");
    const collectionMethod = form.collection_method ?? "charge_automatically";
    if (collectionMethod !== "charge_automatically" && collectionMethod !== "send_invoice") {
      return invalid(
        "Invalid collection_method: must be one of charge_automatically or send_invoice",
        "collection_method",
      );
    }
    const autoAdvance = form.auto_advance ?? "false";
    if (autoAdvance !== "true" && autoAdvance !== "false") return invalid("Invalid boolean", "auto_advance");
    if ((form.currency ?? "usd") !== "usd") return invalid("Invalid currency", "currency");
    if (!(await store.get("customer", form.customer))) return noSuch("customer", form.customer, "customer");
    const defaultId = form.default_payment_method || null;
    if (defaultId && (await store.get("payment_method", defaultId))?.customer !== form.customer) {
      return notAttached(defaultId, "default_payment_method");
    }
    const id = await newId("in_", req.idempotencyKey ? `invoice:${req.idempotencyKey}` : null);
    const { data } = await store.insertOnce("invoice", id, {
      id,
      object: "invoice",
      status: "draft",
      customer: form.customer,
      currency: "usd",
      collection_method: collectionMethod,
      auto_advance: autoAdvance === "true",
      description: form.description ?? null,
      metadata: nested(form, "metadata"),
      default_payment_method: defaultId,
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      subtotal: 0,
      total: 0,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      hosted_invoice_url: null,
      number: null,
      lines: { object: "list", data: [] },
      status_transitions: { finalized_at: null, paid_at: null, voided_at: null },
      parent: null,
      // Includable (expand[]=payments): invoiceView leaves it out otherwise.
      payments: { object: "list", data: [] },
      created: nowSeconds(),
      livemode: false,
    });
    return ok(invoiceView(data, expandOf(req)));
  }

  async function createInvoiceItem(req: FakeRequest): Promise<FakeAnswer> {
    const { form } = req;
    for (const param of ["customer", "invoice", "amount"]) if (!form[param]) return missing(param);
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1) return invalid("Invalid positive integer", "amount");
    if ((form.currency ?? "usd") !== "usd") return invalid("Invalid currency", "currency");
    if (!(await store.get("customer", form.customer))) return noSuch("customer", form.customer, "customer");
    const id = await newId("ii_", req.idempotencyKey ? `invoiceitem:${req.idempotencyKey}` : null);
    // Made already (the same Idempotency-Key after a lost answer): answered as it is, the invoice untouched.
    const existing = await store.get("invoiceitem", id);
    if (existing) return ok(publicView(existing));
    const description = form.description ?? null;
    const metadata = nested(form, "metadata");
    const item: Json = {
      id,
      object: "invoiceitem",
      amount,
      currency: "usd",
      customer: form.customer,
      invoice: form.invoice,
      description,
      metadata,
      date: nowSeconds(),
      livemode: false,
    };
    const line: Json = {
      id: await newId("il_", `line:${id}`),
      object: "line_item",
      amount,
      currency: "usd",
      description,
      metadata,
      parent: { type: "invoice_item_details", invoice_item_details: { invoice_item: id } },
    };
    const outcome: { refused?: FakeAnswer } = {};
    // The invoice (its line and totals) and the item are written together; two items at once both count.
    const invoice = await update(
      "invoice",
      form.invoice,
      (now) => {
        if (now.customer !== form.customer) {
          outcome.refused = invalid(`The invoice ${form.invoice} is not one of customer ${form.customer}.`, "invoice");
          return null;
        }
        if (now.status !== "draft") {
          outcome.refused = invalid(
            `You can only add invoice items to a draft invoice. Invoice ${form.invoice} is ${String(now.status)}.`,
            "invoice",
          );
          return null;
        }
        const lines = now.lines as { data: Json[] };
        const raise = (field: string) => Number(now[field] ?? 0) + amount;
        return {
          ...now,
          lines: { ...lines, data: [...lines.data, line] },
          amount_due: raise("amount_due"),
          amount_remaining: raise("amount_remaining"),
          subtotal: raise("subtotal"),
          total: raise("total"),
        };
      },
      () => [{ type: "invoiceitem", id, data: item }],
    );
    if (!invoice) {
      return stripeError(400, "invalid_request_error", `No such invoice: '${form.invoice}'`, {
        code: "resource_missing",
        param: "invoice",
      });
    }
    if (outcome.refused) return outcome.refused;
    return ok(publicView((await store.get("invoiceitem", id)) ?? item));
  }

  /** An invoice's number once finalized: PW-<the customer's tag>-<its finalized invoices so far, counting this one>. */
  async function invoiceNumber(customerId: string): Promise<string> {
    const finalized = (await store.owned("invoice", customerId)).filter((invoice) => invoice.number !== null).length;
    const tag = customerId
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(-4)
      .toUpperCase();
    return `PW-${tag}-${String(finalized + 1).padStart(4, "0")}`;
  }

  /**
   * Finalizes a draft (compare-and-swap): open with its number and hosted page, or — $0 due, as
   * on Stripe — paid at once. `finalized` only for the call that did; `invoice` null when unknown.
   */
  async function finalize(id: string): Promise<{ invoice: Json | null; finalized: boolean }> {
    const current = await store.get("invoice", id);
    if (!current) return { invoice: null, finalized: false };
    const number = current.status === "draft" ? await invoiceNumber(String(current.customer)) : null;
    const at = nowSeconds();
    const did = { finalize: false };
    const invoice = await update("invoice", id, (now) => {
      did.finalize = now.status === "draft";
      if (!did.finalize) return null;
      const free = Number(now.amount_due) === 0;
      return {
        ...now,
        status: free ? "paid" : "open",
        number: now.number ?? number,
        hosted_invoice_url: config.urls.invoice?.(id) ?? null,
        status_transitions: {
          ...(now.status_transitions as Json),
          finalized_at: at,
          ...(free ? { paid_at: at } : {}),
        },
      };
    });
    return { invoice, finalized: did.finalize };
  }

  async function finalizeInvoice(req: FakeRequest, id: string): Promise<FakeAnswer> {
    const { invoice, finalized } = await finalize(id);
    if (!invoice) return noSuch("invoice", id);
    if (!finalized) return invalid("This invoice is already finalized, you can't re-finalize a non-draft invoice.");
    return ok(invoiceView(invoice, expandOf(req)));
  }

  /**
   * One attempt to collect an invoice, off-session: a draft is finalized first; the card is `card`
   * (a new one, the hosted invoice page's), else `paymentMethod` (the customer's), else the
   * invoice's default_payment_method, else the customer's invoice_settings.default_payment_method.
   * A card told to fail declines (402), counted on the invoice with Smart Retries' next attempt.
   * Paid: the invoice and the PaymentIntent and charge (and a new card) are written in one
   * compare-and-swap, so of two attempts at once one charges and the other finds it paid.
   */
  async function attemptInvoicePayment(
    id: string,
    input: {
      paymentMethod?: string | null;
      card?: { brand: string; last4: string };
      declines?: boolean;
      /** One of Stripe's Smart Retries: counted in attempt_count (a manual attempt after the first is not). */
      automatic?: boolean;
    },
    expand: string[],
  ): Promise<FakeAnswer & { completed: Json | null }> {
    const refused = (answer: FakeAnswer) => ({ ...answer, completed: null });
    for (let round = 0; round < 20; round += 1) {
      let current = await store.get("invoice", id);
      if (!current) return refused(noSuch("invoice", id));
      if (current.status === "draft") {
        const { invoice, finalized } = await finalize(id);
        current = invoice ?? current;
        // $0 due: finalizing paid it, with nothing to charge.
        if (finalized && current.status === "paid") {
          return { ...ok(invoiceView(current, expand)), completed: publicView(current) };
        }
      }
      if (current.status === "paid") return refused(invalid("Invoice is already paid"));
      if (current.status !== "open") {
        return refused(invalid(`This invoice is ${String(current.status)} and can no longer be paid.`));
      }
      // Stripe's attempt_count follows the retry schedule: the first attempt and each automatic
      // retry count, a manual attempt after the first does not.
      const counted = Number(current.attempt_count ?? 0);
      const attempt = counted === 0 || input.automatic === true ? counted + 1 : counted;
      const tries = Number(current.__tries ?? 0) + 1;
      const now = nowSeconds();
      const seed = `invoice-payment:${id}:${tries}`;
      let paymentMethod: Json | null = null;
      const newCard: Json | null = input.card
        ? {
            ...paymentMethodObject(await newId("pm_", `payment_method:${seed}`), input.card, {
              customer: null,
              created: now,
            }),
            ...(input.declines ? { __fails: true } : {}),
          }
        : null;
      if (newCard) paymentMethod = newCard;
      else {
        const customer = await store.get("customer", String(current.customer));
        const customerDefault = (customer?.invoice_settings as Json | undefined)?.default_payment_method;
        const chosen = [input.paymentMethod, current.default_payment_method, customerDefault].find(
          (candidate): candidate is string => typeof candidate === "string" && candidate !== "",
        );
        if (!chosen) return refused(invalid("This customer has no attached payment source or default payment method."));
        paymentMethod = await store.get("payment_method", chosen);
        if (!paymentMethod || (chosen === input.paymentMethod && paymentMethod.customer !== current.customer)) {
          return refused(
            notAttached(chosen, chosen === input.paymentMethod ? "payment_method" : "default_payment_method"),
          );
        }
      }
      if (paymentMethod.__fails === true) {
        const declined: Json = {
          ...current,
          __tries: tries,
          attempt_count: attempt,
          attempted: true,
          next_payment_attempt: now + RETRY_DAYS * DAY,
          __lastDecline: {
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
            payment_method: paymentMethod.id,
            attempt,
            created: now,
          },
        };
        const card: FakeInsert[] = newCard ? [{ type: "payment_method", id: String(newCard.id), data: newCard }] : [];
        if (!(await store.swap("invoice", id, current, declined, card))) continue;
        return refused(
          stripeError(402, "card_error", "Your card was declined.", {
            code: "card_declined",
            decline_code: "generic_decline",
          }),
        );
      }
      const amount = Number(current.amount_due ?? 0);
      const paymentIntentId = await newId("pi_", seed);
      const chargeId = await newId("ch_", seed);
      const card = paymentMethod.card as Json;
      const charge = chargeObject({
        id: chargeId,
        amount,
        customer: current.customer,
        paymentIntent: paymentIntentId,
        paymentMethod: String(paymentMethod.id),
        card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
        created: now,
      });
      const paymentIntent: Json = {
        id: paymentIntentId,
        object: "payment_intent",
        amount,
        currency: "usd",
        customer: current.customer,
        status: "succeeded",
        payment_method: paymentMethod.id,
        setup_future_usage: null,
        latest_charge: chargeId,
        created: now,
        livemode: false,
      };
      const payments = current.payments as { data?: Json[] } | undefined;
      const paid: Json = {
        ...current,
        __tries: tries,
        status: "paid",
        amount_paid: amount,
        amount_remaining: 0,
        attempt_count: attempt,
        attempted: true,
        next_payment_attempt: null,
        status_transitions: { ...(current.status_transitions as Json), paid_at: now },
        payments: {
          object: "list",
          data: [
            ...(payments?.data ?? []),
            {
              id: await newId("inpay_", seed),
              object: "invoice_payment",
              amount_paid: amount,
              amount_requested: amount,
              currency: "usd",
              invoice: id,
              is_default: true,
              status: "paid",
              payment: { type: "payment_intent", payment_intent: paymentIntentId },
              status_transitions: { canceled_at: null, paid_at: now },
              created: now,
              livemode: false,
            },
          ],
        },
      };
      const made: FakeInsert[] = [
        { type: "charge", id: chargeId, data: charge },
        { type: "payment_intent", id: paymentIntentId, data: paymentIntent },
      ];
      if (newCard) made.push({ type: "payment_method", id: String(newCard.id), data: newCard });
      // Changed meanwhile (paid by another attempt, a decline counted): looked at again.
      if (!(await store.swap("invoice", id, current, paid, made))) continue;
      return { ...ok(invoiceView(paid, expand)), completed: publicView(paid) };
    }
    throw new Error(`stripe fake: invoice ${id} kept changing`);
  }

  async function voidInvoice(req: FakeRequest, id: string): Promise<FakeAnswer> {
    const outcome: { refused?: FakeAnswer } = {};
    const at = nowSeconds();
    const invoice = await update("invoice", id, (now) => {
      if (now.status === "open") {
        outcome.refused = undefined;
        return {
          ...now,
          status: "void",
          next_payment_attempt: null,
          status_transitions: { ...(now.status_transitions as Json), voided_at: at },
        };
      }
      outcome.refused =
        now.status === "draft"
          ? invalid("A draft invoice cannot be voided: delete it instead.")
          : invalid(`You can only void an open invoice. This invoice is ${String(now.status)}.`);
      return null;
    });
    if (!invoice) return noSuch("invoice", id);
    if (outcome.refused) return outcome.refused;
    return ok(invoiceView(invoice, expandOf(req)));
  }

  // ----- Connect -----

  async function createAccount(req: FakeRequest): Promise<FakeAnswer> {
    const { form } = req;
    if (!form.type) return missing("type");
    const id = await newId("acct_", req.idempotencyKey ? `account:${req.idempotencyKey}` : null);
    const { data } = await store.insertOnce("account", id, {
      id,
      object: "account",
      type: form.type,
      country: form.country ?? "US",
      email: form.email ?? null,
      capabilities: form["capabilities[transfers][requested]"] === "true" ? { transfers: "inactive" } : {},
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      requirements: {
        currently_due: [...INITIAL_REQUIREMENTS],
        eventually_due: [...INITIAL_REQUIREMENTS],
        past_due: [],
        disabled_reason: "requirements.past_due",
      },
      metadata: nested(form, "metadata"),
      created: nowSeconds(),
      livemode: false,
    });
    return ok(publicView(data));
  }

  async function createAccountLink(req: FakeRequest): Promise<FakeAnswer> {
    const { form } = req;
    for (const param of ["account", "type"]) if (!form[param]) return missing(param);
    if (form.type === "account_onboarding" && (!form.refresh_url || !form.return_url)) {
      return missing(form.refresh_url ? "return_url" : "refresh_url");
    }
    for (const param of ["refresh_url", "return_url"]) {
      if (form[param] && !isUrl(form[param])) return invalid("Not a valid URL", param);
    }
    // The hosted onboarding's memory of where to send the person back.
    const account = await update("account", form.account, (now) => ({
      ...now,
      __onboarding: {
        origin: new URL(form.return_url).origin,
        returnUrl: form.return_url,
        refreshUrl: form.refresh_url,
      },
    }));
    if (!account) return noSuch("account", form.account, "account");
    const created = nowSeconds();
    const linkId = await newId("", null);
    return ok({
      object: "account_link",
      created,
      expires_at: created + 300,
      url: config.urls.onboarding(form.account, form.return_url, linkId),
    });
  }

  async function createLoginLink(accountId: string): Promise<FakeAnswer> {
    const account = await store.get("account", accountId);
    if (!account) return noSuch("account", accountId, "account");
    if (!account.details_submitted) {
      return invalid("Cannot create a login link for an account that has not completed onboarding.");
    }
    const onboarding = account.__onboarding as { origin?: string } | undefined;
    const linkId = await newId("", null);
    return ok({
      object: "login_link",
      url: config.urls.dashboard(accountId, onboarding?.origin ?? null, linkId),
      created: nowSeconds(),
    });
  }

  // ----- Payouts -----

  function payoutObject(id: string, input: { amount: number; status: string; created: number; arrival_date: number }) {
    return {
      id,
      object: "payout",
      amount: input.amount,
      currency: "usd",
      arrival_date: input.arrival_date,
      automatic: true,
      method: "standard",
      type: "bank_account",
      status: input.status,
      created: input.created,
      livemode: false,
    };
  }

  async function listPayouts(req: FakeRequest): Promise<FakeAnswer> {
    const limit = req.query.has("limit") ? Number(req.query.get("limit")) : 10;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return invalid("Invalid integer: limit", "limit");
    const all = req.stripeAccount ? await store.owned("payout", req.stripeAccount) : [];
    const now = nowSeconds();
    // Newest first; of two created in the same second, the one added later.
    const newestFirst = all
      .map((payout, index) => ({ payout, index }))
      .sort((a, b) => Number(b.payout.created) - Number(a.payout.created) || b.index - a.index)
      .map(({ payout }) =>
        // An automatic payout is in transit until its arrival date, then paid.
        payout.__settles && payout.status === "in_transit" && Number(payout.arrival_date) <= now
          ? { ...payout, status: "paid" }
          : payout,
      );
    return ok({
      object: "list",
      url: "/v1/payouts",
      has_more: all.length > limit,
      data: newestFirst.slice(0, limit).map(publicView),
    });
  }

  async function route(req: FakeRequest): Promise<FakeAnswer> {
    const { method, path } = req;
    const match = (pattern: RegExp) => {
      const found = pattern.exec(path);
      return found ? decodeURIComponent(found[1]!) : null;
    };
    if (method === "POST" && path === "/v1/customers") return createCustomer(req);
    let id = match(/^\/v1\/customers\/([^/]+)$/);
    if (method === "GET" && id) {
      const customer = await store.get("customer", id);
      return customer ? ok(await customerView(customer, expandOf(req))) : noSuch("customer", id);
    }
    if (method === "POST" && id) return updateCustomer(req, id);
    id = match(/^\/v1\/payment_methods\/([^/]+)$/);
    if (method === "GET" && id) {
      const paymentMethod = await store.get("payment_method", id);
      return paymentMethod ? ok(publicView(paymentMethod)) : noSuch("payment_method", id);
    }
    if (method === "POST" && path === "/v1/invoices") return createInvoice(req);
    if (method === "POST" && path === "/v1/invoiceitems") return createInvoiceItem(req);
    id = match(/^\/v1\/invoices\/([^/]+)$/);
    if (method === "GET" && id) {
      const invoice = await store.get("invoice", id);
      return invoice ? ok(invoiceView(invoice, expandOf(req))) : noSuch("invoice", id);
    }
    id = match(/^\/v1\/invoices\/([^/]+)\/finalize$/);
    if (method === "POST" && id) return finalizeInvoice(req, id);
    id = match(/^\/v1\/invoices\/([^/]+)\/pay$/);
    if (method === "POST" && id) {
      const { status, body } = await attemptInvoicePayment(
        id,
        { paymentMethod: req.form.payment_method || null },
        expandOf(req),
      );
      return { status, body };
    }
    id = match(/^\/v1\/invoices\/([^/]+)\/void$/);
    if (method === "POST" && id) return voidInvoice(req, id);
    if (method === "GET" && path === "/v1/prices") {
      const keys = arrayParam(req.query, "lookup_keys");
      const data = PLAN_LOOKUP_KEYS.filter((key) => keys.includes(key)).map(priceObject);
      return ok({ object: "list", url: "/v1/prices", has_more: false, data });
    }
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(req);
    id = match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === "GET" && id) {
      const found = await session(id);
      return found ? ok(publicView(found)) : noSuch("checkout.session", id);
    }
    id = match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (method === "POST" && id) return expireSession(id);
    id = match(/^\/v1\/subscriptions\/([^/]+)$/);
    if ((method === "GET" || method === "DELETE") && id) return subscriptionRoute(req, id);
    if (method === "POST" && path === "/v1/billing_portal/sessions") return createPortal(req);
    if (method === "POST" && path === "/v1/transfers") return createTransfer(req);
    id = match(/^\/v1\/transfers\/([^/]+)\/reversals$/);
    if (method === "POST" && id) return reverseTransfer(req, id);
    id = match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (method === "GET" && id) return retrievePaymentIntent(req, id);
    if (method === "POST" && path === "/v1/refunds") return createRefund(req);
    if (method === "POST" && path === "/v1/accounts") return createAccount(req);
    id = match(/^\/v1\/accounts\/([^/]+)\/login_links$/);
    if (method === "POST" && id) return createLoginLink(id);
    id = match(/^\/v1\/accounts\/([^/]+)$/);
    if (method === "GET" && id) {
      const account = await store.get("account", id);
      return account ? ok(publicView(account)) : noSuch("account", id, "account");
    }
    if (method === "POST" && path === "/v1/account_links") return createAccountLink(req);
    if (method === "GET" && path === "/v1/payouts") return listPayouts(req);
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  /** One /v1 request: the key, then Stripe's idempotent replay around the endpoint. */
  async function handle(req: FakeRequest): Promise<FakeAnswer> {
    if (!config.acceptsKey(req.authorization)) {
      return stripeError(401, "authentication_error", "Invalid API Key provided");
    }
    if (req.method !== "POST" || !req.idempotencyKey) return route(req);
    const keyId = `${req.path}:${req.idempotencyKey}`;
    // Like Stripe, a key lives 24 hours: older ones are forgotten (and may be used again).
    await store.prune("idempotency_key", nowMs() - KEY_LIFETIME_MS);
    const params = await paramsDigest(req.form);
    const running = { state: "running", startedAt: nowMs(), params };
    const claim = await store.insertOnce("idempotency_key", keyId, running);
    if (!claim.inserted && claim.data.params !== params) {
      return stripeError(
        400,
        "idempotency_error",
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${req.idempotencyKey}' if you meant to execute a different request.`,
      );
    }
    // A request whose worker died keeps its claim: after ABANDONED_MS the next one takes it over.
    const takenOver =
      !claim.inserted &&
      claim.data.state === "running" &&
      nowMs() - Number(claim.data.startedAt ?? 0) > ABANDONED_MS &&
      (await store.swap("idempotency_key", keyId, claim.data, running));
    if (!claim.inserted && !takenOver) {
      if (claim.data.state === "done") return claim.data.answer as FakeAnswer;
      return stripeError(
        409,
        "idempotency_error",
        `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${req.idempotencyKey}. Please try again later.`,
      );
    }
    let answer: FakeAnswer;
    try {
      answer = await route(req);
    } catch (error) {
      await store.remove("idempotency_key", keyId);
      throw error;
    }
    // Like Stripe, an answer is kept for replay unless the server failed (a 500 may be tried again).
    // (Taken over meanwhile as abandoned: that request keeps the key; this answer is not kept.)
    if (answer.status >= 500) await store.remove("idempotency_key", keyId);
    else await store.swap("idempotency_key", keyId, running, { ...running, state: "done", answer });
    return answer;
  }

  // ===== Controls: what Stripe's hosted pages do, and what tests set up =====

  /**
   * Pays an open session, as Stripe's hosted checkout does: status complete, payment_status (by
   * default paid, or no_payment_required in a subscription's trial); in subscription mode its
   * subscription (trialing when the session asked for a trial, else active) with its first invoice
   * ($0 in a trial, else paid); when something is charged today, a PaymentIntent and its charge,
   * paid with `card`. The session changes once (compare-and-swap): only that call's result has
   * `completed`. A complete session answers unchanged; an expired one cannot be paid (400).
   */
  async function paySession(
    id: string,
    input: {
      payment_status?: string;
      card?: { brand: string; last4: string };
      /** Stripe's test card 4000 0000 0000 0341: this payment succeeds, later charges of the saved card are declined. */
      declinesLater?: boolean;
    } = {},
  ): Promise<PayResult> {
    const current = await session(id);
    if (!current) return { ...noSuch("checkout.session", id), completed: null };
    if (current.status === "expired") {
      return { ...invalid("This Checkout Session is no longer active."), completed: null };
    }
    if (current.status === "complete") {
      await insertMade(current);
      return { ...ok(publicView(current)), completed: null };
    }
    const memory = current.__checkout as {
      lookupKey: string | null;
      interval: "month" | "year" | null;
      unitAmount: number;
      trialDays: number;
      subscriptionMetadata: Record<string, string>;
      /** Absent on sessions made before cards were saved. */
      setupFutureUsage?: string | null;
    };
    const card = input.card ?? { brand: "visa", last4: "4242" };
    const setupFutureUsage = memory.setupFutureUsage ?? null;
    const now = nowSeconds();
    const trial = current.mode === "subscription" && memory.trialDays > 0;
    const amount = Number(current.amount_total ?? 0);
    // Stripe makes a PaymentIntent for what the checkout charges today (a payment, or a
    // subscription without a trial), and its charge: a refund names the PaymentIntent, a transfer the charge.
    const charges = !trial && amount > 0;
    const paymentIntentId = charges ? await newId("pi_", `payment:${id}`) : null;
    const chargeId = charges ? await newId("ch_", `charge:${id}`) : null;
    const paymentMethodId = await newId("pm_", `payment_method:${id}`);
    // What a payment's card is on Stripe: a PaymentMethod, the customer's to charge again later
    // only when the session asked to save it (setup_future_usage).
    const paymentMethod =
      charges && current.mode === "payment"
        ? (() => {
            const method = paymentMethodObject(paymentMethodId, card, {
              customer: setupFutureUsage && typeof current.customer === "string" ? current.customer : null,
              created: now,
            });
            if (input.declinesLater) method.__fails = true;
            return method;
          })()
        : null;
    const charge =
      chargeId && paymentIntentId
        ? chargeObject({
            id: chargeId,
            amount,
            customer: current.customer,
            paymentIntent: paymentIntentId,
            paymentMethod: paymentMethod ? String(paymentMethod.id) : null,
            card: { ...card, exp_month: 12, exp_year: 2034 },
            created: now,
          })
        : null;
    const paymentIntent =
      charge && paymentIntentId
        ? {
            id: paymentIntentId,
            object: "payment_intent",
            amount,
            currency: "usd",
            customer: current.customer,
            status: "succeeded",
            payment_method: paymentMethod?.id ?? null,
            setup_future_usage: paymentMethod ? setupFutureUsage : null,
            latest_charge: chargeId,
            created: now,
            livemode: false,
          }
        : null;
    let subscription: Json | null = null;
    if (current.mode === "subscription") {
      const subscriptionId = await newId("sub_", `subscription:${id}`);
      const trialEnd = now + memory.trialDays * DAY;
      const periodEnd = trial ? trialEnd : now + (memory.interval === "year" ? 365 : 30) * DAY;
      subscription = {
        id: subscriptionId,
        object: "subscription",
        status: trial ? "trialing" : "active",
        customer: current.customer,
        cancel_at_period_end: false,
        canceled_at: null,
        trial_end: trial ? trialEnd : null,
        metadata: memory.subscriptionMetadata,
        items: {
          object: "list",
          data: [
            {
              id: `si_${subscriptionId.replace(/^sub_/, "")}`,
              object: "subscription_item",
              price: memory.lookupKey ? priceObject(memory.lookupKey) : null,
              quantity: 1,
              current_period_start: now,
              current_period_end: periodEnd,
            },
          ],
        },
        // Its first invoice: $0 during a trial, else the first period, paid by the checkout.
        latest_invoice: {
          id: await newId("in_", `invoice:${id}`),
          object: "invoice",
          subscription: subscriptionId,
          customer: current.customer,
          amount_paid: paymentIntentId ? amount : 0,
          payments: {
            object: "list",
            data: paymentIntentId
              ? [{ object: "invoice_payment", payment: { type: "payment_intent", payment_intent: paymentIntentId } }]
              : [],
          },
        },
        created: now,
        livemode: false,
      };
    }
    const completed: Json = {
      ...current,
      status: "complete",
      payment_status: input.payment_status ?? (trial ? "no_payment_required" : "paid"),
      subscription: subscription ? subscription.id : null,
      payment_intent: paymentIntentId,
      // What completing it made (written with it; inserted again, once, by any later pay).
      __made: { subscription, paymentIntent, charge, paymentMethod },
    };
    const made: FakeInsert[] = [];
    if (paymentMethod) made.push({ type: "payment_method", id: String(paymentMethod.id), data: paymentMethod });
    if (charge) made.push({ type: "charge", id: String(charge.id), data: charge });
    if (paymentIntent) made.push({ type: "payment_intent", id: String(paymentIntent.id), data: paymentIntent });
    if (subscription) made.push({ type: "subscription", id: String(subscription.id), data: subscription });
    // The session and what paying it made are written together.
    if (!(await store.swap("checkout.session", id, current, completed, made))) {
      // Paid (or expired) meanwhile by another call: answer as it stands now.
      const result = await paySession(id, input);
      return { ...result, completed: null };
    }
    return { ...ok(publicView(completed)), completed: { session: publicView(completed), subscription } };
  }

  /** The objects a complete session names (each inserted once, whoever asks). */
  async function insertMade(completed: Json): Promise<void> {
    const made = completed.__made as
      | { subscription: Json | null; paymentIntent: Json | null; charge: Json | null; paymentMethod?: Json | null }
      | undefined;
    if (!made) return;
    if (made.paymentMethod) await store.insertOnce("payment_method", String(made.paymentMethod.id), made.paymentMethod);
    if (made.charge) await store.insertOnce("charge", String(made.charge.id), made.charge);
    if (made.paymentIntent) await store.insertOnce("payment_intent", String(made.paymentIntent.id), made.paymentIntent);
    if (made.subscription) await store.insertOnce("subscription", String(made.subscription.id), made.subscription);
  }

  /** Moves a session's expiry (unix seconds); null for an unknown session. */
  async function setSessionExpiry(id: string, expiresAt: number): Promise<Json | null> {
    const moved = await update("checkout.session", id, (now) => ({ ...now, expires_at: expiresAt }));
    if (!moved) return null;
    return publicView((await session(id)) ?? moved);
  }

  /** Creates or replaces a subscription's current state. */
  async function putSubscription(id: string, input: Json): Promise<Json> {
    const lookupKey = (input.lookup_key as string | null) ?? null;
    const periodEnd = (input.current_period_end as number | undefined) ?? nowSeconds() + 7 * DAY;
    const next: Json = {
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
      latest_invoice: (input.latest_invoice as Json | undefined) ?? null,
      created: nowSeconds(),
      livemode: false,
    };
    const { inserted } = await store.insertOnce("subscription", id, next);
    if (!inserted) await update("subscription", id, () => next);
    return next;
  }

  /**
   * Changes a subscription (e.g. the billing portal's plan switch or cancel) as it stands when
   * written: `change` answers null when there is nothing to change. Null when unknown, already
   * canceled or unchanged (so of two identical changes at once, one changes it).
   */
  async function changeSubscription(id: string, change: (now: Json) => Json | null): Promise<Json | null> {
    const did = { change: false };
    const after = await update("subscription", id, (now) => {
      const next = now.status === "canceled" ? null : change(now);
      did.change = next !== null;
      return next;
    });
    return did.change ? after : null;
  }

  /** Merges details into an account (what GET /v1/accounts/:id answers next); null for an unknown account. */
  async function updateAccount(
    id: string,
    input: {
      details_submitted?: boolean;
      charges_enabled?: boolean;
      payouts_enabled?: boolean;
      currently_due?: string[];
      disabled_reason?: string | null;
    } & Json,
  ): Promise<Json | null> {
    const after = await update("account", id, (now) => {
      const next: Json = { ...now, requirements: { ...(now.requirements as Json) } };
      for (const key of ["details_submitted", "charges_enabled", "payouts_enabled"] as const) {
        if (typeof input[key] === "boolean") next[key] = input[key];
      }
      const requirements = next.requirements as Json;
      if (Array.isArray(input.currently_due)) requirements.currently_due = input.currently_due;
      if (input.disabled_reason !== undefined) requirements.disabled_reason = input.disabled_reason;
      return next;
    });
    return after ? publicView(after) : null;
  }

  /** Adds a payout to an account (status default in_transit). */
  async function addPayout(input: {
    account: string;
    amount: number;
    status?: string;
    arrival_date?: number;
    created?: number;
  }): Promise<Json> {
    const created = typeof input.created === "number" ? input.created : nowSeconds();
    const id = await newId("po_", null);
    const payout = payoutObject(id, {
      amount: Number(input.amount ?? 0),
      status: typeof input.status === "string" ? input.status : "in_transit",
      created,
      arrival_date: typeof input.arrival_date === "number" ? input.arrival_date : created + 2 * DAY,
    });
    await store.insertOnce("payout", id, { ...payout, __account: String(input.account ?? "") });
    return payout;
  }

  /** Makes a card decline every charge while `fails` (or charge again); null for an unknown PaymentMethod. */
  async function failCard(paymentMethodId: string, fails: boolean): Promise<Json | null> {
    const after = await update("payment_method", paymentMethodId, (now) => ({ ...now, __fails: fails }));
    return after ? publicView(after) : null;
  }

  /**
   * Pays an open invoice with a new card (default a visa ending 4242), as Stripe's hosted invoice
   * page does: the card is not saved as the customer's default. `declines`: the card is one that
   * is declined (402, the attempt counted as /pay's). A draft has no page yet (400).
   */
  async function payInvoice(
    id: string,
    input: { card?: { brand: string; last4: string }; declines?: boolean } = {},
  ): Promise<InvoicePayResult> {
    const current = await store.get("invoice", id);
    if (!current) return { ...noSuch("invoice", id), completed: null };
    if (current.status === "draft") {
      return { ...invalid("This invoice is a draft: it has no hosted page until it is finalized."), completed: null };
    }
    const card = input.card ?? { brand: "visa", last4: "4242" };
    return attemptInvoicePayment(id, { card, declines: input.declines === true }, ["payments"]);
  }

  /** One of Stripe's Smart Retries of an invoice: another attempt with its default payment method, as /pay makes. */
  async function retryInvoice(id: string): Promise<InvoicePayResult> {
    return attemptInvoicePayment(id, { automatic: true }, ["payments"]);
  }

  /**
   * The billing portal's "update payment method": a new card attached to the customer and made its
   * invoice_settings.default_payment_method (written together). Answers the customer; null when unknown.
   */
  async function setDefaultCard(
    customerId: string,
    card: { brand: string; last4: string },
    /** Stripe's test card 4000 0000 0000 0341: saved, then declined when charged. */
    declinesLater = false,
  ): Promise<Json | null> {
    if (!(await store.get("customer", customerId))) return null;
    const paymentMethod = paymentMethodObject(await newId("pm_", null), card, {
      customer: customerId,
      created: nowSeconds(),
    });
    if (declinesLater) paymentMethod.__fails = true;
    const after = await update(
      "customer",
      customerId,
      (now) => ({
        ...now,
        invoice_settings: {
          ...((now.invoice_settings as Json | undefined) ?? {}),
          default_payment_method: paymentMethod.id,
        },
      }),
      () => [{ type: "payment_method", id: String(paymentMethod.id), data: paymentMethod }],
    );
    return after ? customerView(after, []) : null;
  }

  return {
    handle,
    store,
    change: update,
    session,
    paySession,
    setSessionExpiry,
    putSubscription,
    changeSubscription,
    updateAccount,
    addPayout,
    priceObject,
    failCard,
    payInvoice,
    retryInvoice,
    setDefaultCard,
  };
}

/** What identifies a request's parameters, whatever their order: SHA-256 of its sorted form fields. */
async function paramsDigest(form: Record<string, string>): Promise<string> {
  const canonical = JSON.stringify(Object.entries(form).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A form-encoded body's fields, flat. */
export function formFields(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** Whether Stripe would take `value` as a URL (an absolute http or https one). */
function isUrl(value: string | undefined): boolean {
  if (!value) return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
