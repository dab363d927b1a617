import { describe, expect, it } from "vitest";
import { memoryFakeStore, type StripeFakeStore } from "~/server/payments/stripe-fake/store";
import { createStripeFake, type FakeRequest } from "~/server/payments/stripe-fake/stripe-fake";

/**
 * The one Stripe fake (ADR 063), issue #41's card on file: cards saved at checkout, a customer's
 * default payment method, and invoices charged automatically (with declines, Smart Retries and the
 * hosted invoice page), over a store in memory.
 */

const KEY = "Bearer sk_test_unit";
const NOW_MS = 1_800_000_000_000;
const NOW = NOW_MS / 1000;
const DAY = 86_400;

type Json = Record<string, unknown>;

function fake(store: StripeFakeStore | null = null) {
  let counter = 0;
  return createStripeFake({
    store: store ?? memoryFakeStore(() => NOW_MS),
    now: () => NOW_MS,
    acceptsKey: (authorization) => authorization === KEY,
    newId: (prefix) => `${prefix}unit_${++counter}`,
    priceTag: "unit",
    urls: {
      checkout: (id) => `https://checkout.test/${id}`,
      portal: (id) => `https://portal.test/${id}`,
      onboarding: (account) => `https://connect.test/setup/${account}`,
      dashboard: (account) => `https://connect.test/express/${account}`,
      invoice: (id) => `https://invoice.test/i/${id}`,
    },
  });
}

type Fake = ReturnType<typeof fake>;

function request(
  method: string,
  path: string,
  form: Record<string, string> = {},
  extra: Partial<FakeRequest> = {},
): FakeRequest {
  return {
    method,
    path,
    query: new URLSearchParams(),
    form,
    authorization: KEY,
    idempotencyKey: null,
    stripeAccount: null,
    ...extra,
  };
}

const get = (path: string, query = "") => request("GET", path, {}, { query: new URLSearchParams(query) });

/** A store whose every call waits a turn, so requests at once interleave as they would in D1. */
function slowStore(): StripeFakeStore {
  const store = memoryFakeStore(() => NOW_MS);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    get: async (...args) => (await tick(), store.get(...args)),
    insertOnce: async (...args) => (await tick(), store.insertOnce(...args)),
    swap: async (...args) => (await tick(), store.swap(...args)),
    owned: async (...args) => (await tick(), store.owned(...args)),
    remove: async (...args) => (await tick(), store.remove(...args)),
    prune: async (...args) => (await tick(), store.prune(...args)),
  };
}

async function body<T = Json>(stripe: Fake, req: FakeRequest, status = 200): Promise<T> {
  const answer = await stripe.handle(req);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as T;
}

async function newCustomer(stripe: Fake): Promise<string> {
  return (await body<{ id: string }>(stripe, request("POST", "/v1/customers", { email: "dana@example.com" }))).id;
}

/** Pays a $500 payment-mode checkout of the customer (saving the card with setup_future_usage); answers its PaymentIntent. */
async function checkout(stripe: Fake, customer: string | null, setupFutureUsage?: string): Promise<Json> {
  const session = await body<{ id: string }>(
    stripe,
    request("POST", "/v1/checkout/sessions", {
      mode: "payment",
      success_url: "https://partwise.test/ok",
      cancel_url: "https://partwise.test/cancel",
      "line_items[0][price_data][unit_amount]": "50000",
      "line_items[0][price_data][product_data][name]": "Deliverable",
      ...(customer ? { customer } : {}),
      ...(setupFutureUsage ? { "payment_intent_data[setup_future_usage]": setupFutureUsage } : {}),
    }),
  );
  const paid = await stripe.paySession(session.id, { card: { brand: "visa", last4: "4242" } });
  const paymentIntent = (paid.body as { payment_intent: string }).payment_intent;
  return body(stripe, get(`/v1/payment_intents/${paymentIntent}`));
}

/** A customer whose saved card (from a checkout with setup_future_usage) is its default payment method. */
async function customerWithCard(stripe: Fake): Promise<{ customer: string; card: string }> {
  const customer = await newCustomer(stripe);
  const card = String((await checkout(stripe, customer, "off_session")).payment_method);
  await body(
    stripe,
    request("POST", `/v1/customers/${customer}`, { "invoice_settings[default_payment_method]": card }),
  );
  return { customer, card };
}

/** An open invoice of the customer with two items ($300 + $200). */
async function openInvoice(stripe: Fake, customer: string): Promise<string> {
  const { id } = await body<{ id: string }>(
    stripe,
    request("POST", "/v1/invoices", { customer, description: "Deliverable: logo", auto_advance: "false" }),
  );
  for (const amount of ["30000", "20000"]) {
    await body(stripe, request("POST", "/v1/invoiceitems", { customer, invoice: id, amount, currency: "usd" }));
  }
  await body(stripe, request("POST", `/v1/invoices/${id}/finalize`));
  return id;
}

describe("the Stripe fake: cards on file", () => {
  it("saves the card a checkout is paid with: attached to the customer only with setup_future_usage", async () => {
    const stripe = fake();
    const customer = await newCustomer(stripe);

    const saved = await checkout(stripe, customer, "off_session");
    expect(saved).toMatchObject({ setup_future_usage: "off_session", payment_method: expect.stringMatching(/^pm_/) });
    expect(await body(stripe, get(`/v1/payment_methods/${String(saved.payment_method)}`))).toEqual({
      id: saved.payment_method,
      object: "payment_method",
      type: "card",
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 },
      customer,
      created: NOW,
      livemode: false,
    });
    const charge = await body(stripe, get(`/v1/payment_intents/${String(saved.id)}`, "expand[]=latest_charge"));
    expect(charge).toMatchObject({ latest_charge: { payment_method: saved.payment_method } });

    const once = await checkout(stripe, customer);
    expect(once).toMatchObject({ setup_future_usage: null, payment_method: expect.stringMatching(/^pm_/) });
    expect(await body(stripe, get(`/v1/payment_methods/${String(once.payment_method)}`))).toMatchObject({
      customer: null,
    });

    expect(await stripe.handle(get("/v1/payment_methods/pm_nobody"))).toMatchObject({
      status: 404,
      body: { error: { code: "resource_missing", message: "No such payment_method: 'pm_nobody'" } },
    });
    expect(
      await stripe.handle(
        request("POST", "/v1/checkout/sessions", {
          mode: "payment",
          success_url: "https://partwise.test/ok",
          cancel_url: "https://partwise.test/cancel",
          "payment_intent_data[setup_future_usage]": "always",
        }),
      ),
    ).toMatchObject({
      status: 400,
      body: { error: { type: "invalid_request_error", param: "payment_intent_data[setup_future_usage]" } },
    });
  });

  it("sets a customer's default payment method only to a card attached to it, and expands it", async () => {
    const stripe = fake();
    const customer = await newCustomer(stripe);
    expect(await body(stripe, get(`/v1/customers/${customer}`))).toMatchObject({
      id: customer,
      invoice_settings: { default_payment_method: null },
    });
    const notSaved = String((await checkout(stripe, customer)).payment_method);
    const param = "invoice_settings[default_payment_method]";
    expect(await stripe.handle(request("POST", `/v1/customers/${customer}`, { [param]: notSaved }))).toEqual({
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          message: `The customer does not have a payment method with the ID ${notSaved}.`,
          param,
        },
      },
    });

    const saved = String((await checkout(stripe, customer, "on_session")).payment_method);
    const updated = await body(
      stripe,
      request("POST", `/v1/customers/${customer}`, { [param]: saved, name: "Dana", "metadata[businessId]": "b1" }),
    );
    expect(updated).toMatchObject({
      name: "Dana",
      email: "dana@example.com",
      metadata: { businessId: "b1" },
      invoice_settings: { default_payment_method: saved },
    });
    expect(
      await body(stripe, get(`/v1/customers/${customer}`, "expand[]=invoice_settings.default_payment_method")),
    ).toMatchObject({
      invoice_settings: { default_payment_method: { id: saved, object: "payment_method", customer } },
    });
    expect(await stripe.handle(get("/v1/customers/cus_nobody"))).toMatchObject({
      status: 404,
      body: { error: { code: "resource_missing" } },
    });
  });
});

describe("the Stripe fake: invoices charged automatically", () => {
  it("makes a draft, adds items, finalizes and pays it once with the customer's default card", async () => {
    const stripe = fake();
    const { customer, card } = await customerWithCard(stripe);

    const draft = await body<Json>(
      stripe,
      request(
        "POST",
        "/v1/invoices",
        {
          customer,
          collection_method: "charge_automatically",
          auto_advance: "false",
          description: "Deliverable: logo",
          currency: "usd",
          "metadata[deliverableId]": "d1",
        },
        { idempotencyKey: "invoice-d1" },
      ),
    );
    const id = String(draft.id);
    expect(draft).toEqual({
      id,
      object: "invoice",
      status: "draft",
      customer,
      currency: "usd",
      collection_method: "charge_automatically",
      auto_advance: false,
      description: "Deliverable: logo",
      metadata: { deliverableId: "d1" },
      default_payment_method: null,
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
      created: NOW,
      livemode: false,
    });

    const item = await body<Json>(
      stripe,
      request("POST", "/v1/invoiceitems", {
        customer,
        invoice: id,
        amount: "45000",
        currency: "usd",
        description: "Logo",
        "metadata[deliverableId]": "d1",
      }),
    );
    expect(item).toMatchObject({
      id: expect.stringMatching(/^ii_/),
      object: "invoiceitem",
      amount: 45_000,
      currency: "usd",
      customer,
      invoice: id,
      description: "Logo",
      metadata: { deliverableId: "d1" },
    });
    await body(stripe, request("POST", "/v1/invoiceitems", { customer, invoice: id, amount: "5000" }));

    const finalized = await body<Json>(stripe, request("POST", `/v1/invoices/${id}/finalize`));
    expect(finalized).toMatchObject({
      status: "open",
      number: expect.stringMatching(/^PW-\w+-0001$/),
      hosted_invoice_url: `https://invoice.test/i/${id}`,
      amount_due: 50_000,
      amount_remaining: 50_000,
      subtotal: 50_000,
      total: 50_000,
      status_transitions: { finalized_at: NOW, paid_at: null, voided_at: null },
      lines: {
        object: "list",
        data: [
          {
            id: expect.stringMatching(/^il_/),
            object: "line_item",
            amount: 45_000,
            description: "Logo",
            metadata: { deliverableId: "d1" },
          },
          { object: "line_item", amount: 5000, description: null, metadata: {} },
        ],
      },
    });

    const paid = await body<Json>(stripe, request("POST", `/v1/invoices/${id}/pay`));
    expect(paid).toMatchObject({
      status: "paid",
      amount_paid: 50_000,
      amount_remaining: 0,
      attempt_count: 1,
      attempted: true,
      next_payment_attempt: null,
      status_transitions: { finalized_at: NOW, paid_at: NOW, voided_at: null },
    });
    expect(paid).not.toHaveProperty("payments");

    const expanded = await body<{ payments: { data: { payment: { payment_intent: string } }[] } }>(
      stripe,
      get(`/v1/invoices/${id}`, "expand[]=payments"),
    );
    expect(expanded.payments).toMatchObject({
      object: "list",
      data: [
        {
          object: "invoice_payment",
          status: "paid",
          payment: { type: "payment_intent", payment_intent: expect.stringMatching(/^pi_/) },
        },
      ],
    });
    expect(await body(stripe, get(`/v1/invoices/${id}`))).not.toHaveProperty("payments");
    const paymentIntent = expanded.payments.data[0]!.payment.payment_intent;
    const intent = await body<Json>(stripe, get(`/v1/payment_intents/${paymentIntent}`, "expand[]=latest_charge"));
    expect(intent).toMatchObject({
      id: paymentIntent,
      object: "payment_intent",
      status: "succeeded",
      amount: 50_000,
      customer,
      payment_method: card,
      latest_charge: {
        id: expect.stringMatching(/^ch_/),
        object: "charge",
        amount: 50_000,
        amount_refunded: 0,
        customer,
        payment_intent: paymentIntent,
        payment_method: card,
        paid: true,
        status: "succeeded",
        payment_method_details: { type: "card", card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2034 } },
      },
    });
    // Only this one payment: the checkout's and the invoice's charges.
    expect((await stripe.store.owned("charge", customer)).map((charge) => charge.amount)).toEqual([50_000, 50_000]);

    // What the invoice's payment made is refundable and a transfer's source, like a checkout's.
    const chargeId = (intent.latest_charge as { id: string }).id;
    expect(
      await body(
        stripe,
        request("POST", "/v1/transfers", {
          amount: "40000",
          currency: "usd",
          destination: "acct_unit",
          source_transaction: chargeId,
        }),
      ),
    ).toMatchObject({ source_transaction: chargeId, amount: 40_000 });
    expect(
      await body(stripe, request("POST", "/v1/refunds", { payment_intent: paymentIntent, amount: "10000" })),
    ).toMatchObject({ object: "refund", status: "succeeded", amount: 10_000, charge: chargeId });
    expect(await stripe.store.get("charge", chargeId)).toMatchObject({ amount_refunded: 10_000, refunded: false });

    expect(await stripe.handle(request("POST", `/v1/invoices/${id}/pay`))).toEqual({
      status: 400,
      body: { error: { type: "invalid_request_error", message: "Invoice is already paid" } },
    });
  });

  it("charges once when two pays come at once: one PaymentIntent, one charge, the other 400", async () => {
    const stripe = fake(slowStore());
    const { customer } = await customerWithCard(stripe);
    const id = await openInvoice(stripe, customer);
    const chargesBefore = (await stripe.store.owned("charge", customer)).length;

    const answers = await Promise.all([
      stripe.handle(request("POST", `/v1/invoices/${id}/pay`)),
      stripe.handle(request("POST", `/v1/invoices/${id}/pay`)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body).toEqual({
      error: { type: "invalid_request_error", message: "Invoice is already paid" },
    });
    const charges = (await stripe.store.owned("charge", customer)).slice(chargesBefore);
    expect(charges.map((charge) => charge.amount)).toEqual([50_000]);
    const intents = (await stripe.store.owned("payment_intent", customer)).filter(
      (intent) => intent.latest_charge === charges[0]!.id,
    );
    expect(intents).toHaveLength(1);
    expect(await stripe.store.get("invoice", id)).toMatchObject({ status: "paid", attempt_count: 1 });
  });

  it("adds two items at once to the same draft: both count", async () => {
    const stripe = fake(slowStore());
    const customer = await newCustomer(stripe);
    const { id } = await body<{ id: string }>(stripe, request("POST", "/v1/invoices", { customer }));
    const add = (amount: string) =>
      stripe.handle(request("POST", "/v1/invoiceitems", { customer, invoice: id, amount }));
    expect((await Promise.all([add("1000"), add("2500")])).map((answer) => answer.status)).toEqual([200, 200]);
    expect(await body(stripe, get(`/v1/invoices/${id}`))).toMatchObject({
      amount_due: 3500,
      total: 3500,
      lines: { data: [{}, {}] },
    });
  });

  it("declines a card told to fail (402, the invoice open, its next try in 3 days); a Smart Retry then pays it", async () => {
    const stripe = fake();
    const { customer, card } = await customerWithCard(stripe);
    const id = await openInvoice(stripe, customer);
    expect(await stripe.failCard(card, true)).toMatchObject({ id: card });
    expect(await stripe.failCard("pm_nobody", true)).toBeNull();

    expect(await stripe.handle(request("POST", `/v1/invoices/${id}/pay`))).toEqual({
      status: 402,
      body: {
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
        },
      },
    });
    expect(await body(stripe, get(`/v1/invoices/${id}`))).toMatchObject({
      status: "open",
      attempt_count: 1,
      attempted: true,
      next_payment_attempt: NOW + 3 * DAY,
      amount_paid: 0,
      amount_remaining: 50_000,
    });
    const declined = await stripe.retryInvoice(id);
    expect(declined).toMatchObject({ status: 402, completed: null });
    expect(await stripe.store.get("invoice", id)).toMatchObject({
      attempt_count: 2,
      __lastDecline: { code: "card_declined", decline_code: "generic_decline", payment_method: card, attempt: 2 },
    });

    await stripe.failCard(card, false);
    const retried = await stripe.retryInvoice(id);
    expect(retried).toMatchObject({
      status: 200,
      body: { status: "paid", attempt_count: 3, next_payment_attempt: null },
      completed: { id, status: "paid", payments: { data: [{ status: "paid" }] } },
    });
    expect(await stripe.retryInvoice(id)).toMatchObject({
      status: 400,
      completed: null,
      body: { error: { message: "Invoice is already paid" } },
    });
  });

  it("pays on the hosted invoice page with another card, leaving the customer's default card as it was", async () => {
    const stripe = fake();
    const { customer, card } = await customerWithCard(stripe);
    const id = await openInvoice(stripe, customer);
    await stripe.failCard(card, true);
    expect((await stripe.handle(request("POST", `/v1/invoices/${id}/pay`))).status).toBe(402);

    const paid = await stripe.payInvoice(id, { card: { brand: "mastercard", last4: "4444" } });
    // A manual payment after the first attempt is not one of the retry schedule's (Stripe's attempt_count).
    expect(paid).toMatchObject({ status: 200, body: { status: "paid", attempt_count: 1 } });
    expect(paid.completed).toMatchObject({ id, status: "paid", amount_paid: 50_000 });
    const paymentIntent = (paid.completed!.payments as { data: { payment: { payment_intent: string } }[] }).data[0]!
      .payment.payment_intent;
    const intent = await body<Json>(stripe, get(`/v1/payment_intents/${paymentIntent}`, "expand[]=latest_charge"));
    expect(intent).toMatchObject({
      latest_charge: { payment_method_details: { card: { brand: "mastercard", last4: "4444" } } },
    });
    expect(intent.payment_method).not.toBe(card);
    expect(await body(stripe, get(`/v1/payment_methods/${String(intent.payment_method)}`))).toMatchObject({
      card: { brand: "mastercard", last4: "4444" },
      customer: null,
    });
    expect(await body(stripe, get(`/v1/customers/${customer}`))).toMatchObject({
      invoice_settings: { default_payment_method: card },
    });
    expect(await stripe.payInvoice(id)).toMatchObject({ status: 400, completed: null });
    expect(await stripe.payInvoice("in_nobody")).toMatchObject({ status: 404, completed: null });
  });

  it("charges the card the billing portal saves as the new default", async () => {
    const stripe = fake();
    const customer = await newCustomer(stripe);
    const id = await openInvoice(stripe, customer);
    expect(await stripe.handle(request("POST", `/v1/invoices/${id}/pay`))).toEqual({
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          message: "This customer has no attached payment source or default payment method.",
        },
      },
    });
    expect(await stripe.setDefaultCard("cus_nobody", { brand: "visa", last4: "4242" })).toBeNull();
    const updated = await stripe.setDefaultCard(customer, { brand: "amex", last4: "0005" });
    const card = (updated!.invoice_settings as { default_payment_method: string }).default_payment_method;
    expect(await body(stripe, get(`/v1/payment_methods/${card}`))).toMatchObject({
      customer,
      card: { brand: "amex", last4: "0005" },
    });
    expect(await stripe.retryInvoice(id)).toMatchObject({ status: 200, body: { status: "paid" } });
    expect(await stripe.store.owned("charge", customer)).toMatchObject([
      { payment_method: card, payment_method_details: { card: { brand: "amex", last4: "0005" } } },
    ]);
  });

  it("pays with the payment_method given, and the invoice's default_payment_method before the customer's", async () => {
    const stripe = fake();
    const { customer, card } = await customerWithCard(stripe);
    const other = String((await checkout(stripe, customer, "off_session")).payment_method);
    const { id } = await body<{ id: string }>(
      stripe,
      request("POST", "/v1/invoices", { customer, default_payment_method: other }),
    );
    await body(stripe, request("POST", "/v1/invoiceitems", { customer, invoice: id, amount: "1000" }));
    // A draft is finalized by paying it.
    expect(await body(stripe, request("POST", `/v1/invoices/${id}/pay`))).toMatchObject({
      status: "paid",
      number: expect.stringMatching(/^PW-/),
    });
    expect(await stripe.store.owned("charge", customer)).toMatchObject([{}, {}, { payment_method: other }]);

    const second = await openInvoice(stripe, customer);
    const stranger = String((await checkout(stripe, null)).payment_method);
    expect(
      await stripe.handle(request("POST", `/v1/invoices/${second}/pay`, { payment_method: stranger })),
    ).toMatchObject({ status: 400, body: { error: { param: "payment_method" } } });
    expect(await body(stripe, request("POST", `/v1/invoices/${second}/pay`, { payment_method: card }))).toMatchObject({
      status: "paid",
    });
  });

  it("refuses items on a non-draft invoice, a second finalize, and voids only an open invoice", async () => {
    const stripe = fake();
    const { customer } = await customerWithCard(stripe);
    const id = await openInvoice(stripe, customer);
    expect(
      await stripe.handle(request("POST", "/v1/invoiceitems", { customer, invoice: id, amount: "100" })),
    ).toMatchObject({ status: 400, body: { error: { type: "invalid_request_error", param: "invoice" } } });
    expect(
      await stripe.handle(request("POST", "/v1/invoiceitems", { customer, invoice: "in_nobody", amount: "100" })),
    ).toMatchObject({ status: 400, body: { error: { code: "resource_missing", param: "invoice" } } });
    const draft = await body<{ id: string }>(stripe, request("POST", "/v1/invoices", { customer }));
    for (const amount of ["0", "-5", "1.5"]) {
      expect(
        await stripe.handle(request("POST", "/v1/invoiceitems", { customer, invoice: draft.id, amount })),
      ).toMatchObject({ status: 400, body: { error: { param: "amount" } } });
    }
    const stranger = await newCustomer(stripe);
    expect(
      await stripe.handle(request("POST", "/v1/invoiceitems", { customer: stranger, invoice: draft.id, amount: "1" })),
    ).toMatchObject({ status: 400, body: { error: { param: "invoice" } } });

    expect(await stripe.handle(request("POST", `/v1/invoices/${id}/finalize`))).toEqual({
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          message: "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
        },
      },
    });
    expect((await stripe.handle(request("POST", `/v1/invoices/${draft.id}/void`))).status).toBe(400);
    expect(await body(stripe, request("POST", `/v1/invoices/${id}/void`))).toMatchObject({
      status: "void",
      status_transitions: { voided_at: NOW },
    });
    expect((await stripe.handle(request("POST", `/v1/invoices/${id}/void`))).status).toBe(400);
    expect((await stripe.handle(request("POST", `/v1/invoices/${id}/pay`))).status).toBe(400);
    expect(await stripe.payInvoice(id)).toMatchObject({ status: 400, completed: null });

    const paid = await openInvoice(stripe, customer);
    await body(stripe, request("POST", `/v1/invoices/${paid}/pay`));
    expect((await stripe.handle(request("POST", `/v1/invoices/${paid}/void`))).status).toBe(400);

    expect(await stripe.handle(get("/v1/invoices/in_nobody"))).toMatchObject({ status: 404 });
    expect(await stripe.handle(request("POST", "/v1/invoices", { customer: "cus_nobody" }))).toMatchObject({
      status: 404,
      body: { error: { code: "resource_missing", param: "customer" } },
    });
  });

  it("answers the first answer again for the same Idempotency-Key: one invoice, one item", async () => {
    const stripe = fake();
    const customer = await newCustomer(stripe);
    const create = () =>
      stripe.handle(request("POST", "/v1/invoices", { customer, description: "x" }, { idempotencyKey: "inv-1" }));
    const first = await create();
    expect(await create()).toEqual(first);
    const id = (first.body as { id: string }).id;
    const add = () =>
      stripe.handle(
        request("POST", "/v1/invoiceitems", { customer, invoice: id, amount: "700" }, { idempotencyKey: "item-1" }),
      );
    const item = await add();
    expect(await add()).toEqual(item);
    expect(await stripe.store.owned("invoice", customer)).toMatchObject([{ amount_due: 700, lines: { data: [{}] } }]);
    expect(await stripe.store.owned("invoiceitem", customer)).toHaveLength(1);
  });
});
