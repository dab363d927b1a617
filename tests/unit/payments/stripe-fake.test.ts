import { describe, expect, it } from "vitest";
import { memoryFakeStore, type StripeFakeStore } from "~/server/payments/stripe-fake/store";
import { createStripeFake, type FakeRequest } from "~/server/payments/stripe-fake/stripe-fake";

/** The one Stripe fake (ADR 063) over a store in memory: what both the stub and the keyless runs rely on. */

const KEY = "Bearer sk_test_unit";

function fake(store: StripeFakeStore = memoryFakeStore()) {
  let counter = 0;
  return createStripeFake({
    store,
    acceptsKey: (authorization) => authorization === KEY,
    newId: (prefix) => `${prefix}unit_${++counter}`,
    priceTag: "unit",
    urls: {
      checkout: (id) => `https://checkout.test/${id}`,
      portal: (id) => `https://portal.test/${id}`,
      onboarding: (account) => `https://connect.test/setup/${account}`,
      dashboard: (account) => `https://connect.test/express/${account}`,
    },
  });
}

function request(method: string, path: string, form: Record<string, string> = {}, extra: Partial<FakeRequest> = {}) {
  return {
    method,
    path,
    query: new URLSearchParams(),
    form,
    authorization: KEY,
    idempotencyKey: null,
    stripeAccount: null,
    ...extra,
  } satisfies FakeRequest;
}

const paymentSession = (amount: number) => ({
  mode: "payment",
  success_url: "https://partwise.test/ok",
  cancel_url: "https://partwise.test/cancel",
  "line_items[0][price_data][unit_amount]": String(amount),
  "line_items[0][price_data][product_data][name]": "Deliverable",
});

/** A store whose every call waits a turn, so requests at once interleave as they would in D1. */
function slowStore(): StripeFakeStore {
  const store = memoryFakeStore();
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    get: async (...args) => (await tick(), store.get(...args)),
    insertOnce: async (...args) => (await tick(), store.insertOnce(...args)),
    swap: async (...args) => (await tick(), store.swap(...args)),
    find: async (...args) => (await tick(), store.find(...args)),
    remove: async (...args) => (await tick(), store.remove(...args)),
  };
}

describe("the Stripe fake", () => {
  it("refuses a request without the key, as Stripe does (401 authentication_error)", async () => {
    const answer = await fake().handle(request("POST", "/v1/customers", {}, { authorization: "Bearer sk_wrong" }));
    expect(answer).toMatchObject({ status: 401, body: { error: { type: "authentication_error" } } });
  });

  it("replays an Idempotency-Key's first answer, and answers 409 while the first is still running", async () => {
    const stripe = fake(slowStore());
    const create = () =>
      stripe.handle(request("POST", "/v1/customers", { email: "a@example.com" }, { idempotencyKey: "k1" }));
    const [first, second] = await Promise.all([create(), create()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const conflict = first.status === 409 ? first : second;
    expect(conflict.body).toMatchObject({ error: { type: "idempotency_error" } });
    const made = first.status === 200 ? first : second;
    expect(await create()).toEqual(made);
  });

  it("pays a session once when two pays race, making one PaymentIntent and charge", async () => {
    const stripe = fake(slowStore());
    const created = await stripe.handle(request("POST", "/v1/checkout/sessions", paymentSession(50_000)));
    const id = (created.body as { id: string }).id;
    const results = await Promise.all([stripe.paySession(id), stripe.paySession(id), stripe.paySession(id)]);
    expect(results.filter((result) => result.completed !== null)).toHaveLength(1);
    const paymentIntents = new Set(results.map((result) => (result.body as { payment_intent: string }).payment_intent));
    expect(paymentIntents.size).toBe(1);
    const [paymentIntent] = [...paymentIntents];
    expect(await stripe.store.find("charge", "payment_intent", paymentIntent!)).toHaveLength(1);
  });

  it("never refunds more than was paid, even for refunds at once", async () => {
    const stripe = fake(slowStore());
    const created = await stripe.handle(request("POST", "/v1/checkout/sessions", paymentSession(10_000)));
    const paid = await stripe.paySession((created.body as { id: string }).id);
    const paymentIntent = (paid.body as { payment_intent: string }).payment_intent;
    const refund = (key: string) =>
      stripe.handle(
        request("POST", "/v1/refunds", { payment_intent: paymentIntent, amount: "6000" }, { idempotencyKey: key }),
      );
    const answers = await Promise.all([refund("a"), refund("b"), refund("c")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
  });

  it("takes a transfer from a charge only up to what is left of it, and a reversal gives it back", async () => {
    const stripe = fake();
    const created = await stripe.handle(request("POST", "/v1/checkout/sessions", paymentSession(10_000)));
    const paid = await stripe.paySession((created.body as { id: string }).id);
    const intent = await stripe.handle(
      request("GET", `/v1/payment_intents/${(paid.body as { payment_intent: string }).payment_intent}`),
    );
    const charge = (intent.body as { latest_charge: string }).latest_charge;
    const transfer = (amount: number) =>
      stripe.handle(
        request("POST", "/v1/transfers", {
          amount: String(amount),
          currency: "usd",
          destination: "acct_unit",
          source_transaction: charge,
        }),
      );
    const first = await transfer(8_000);
    expect(first.status).toBe(200);
    expect(await transfer(2_001)).toMatchObject({
      status: 400,
      body: {
        error: { message: `The transfer amount is greater than what is left of charge ${charge} (2000 cents).` },
      },
    });
    const id = (first.body as { id: string }).id;
    expect((await stripe.handle(request("POST", `/v1/transfers/${id}/reversals`))).status).toBe(200);
    expect((await stripe.handle(request("POST", `/v1/transfers/${id}/reversals`))).status).toBe(400);
    expect((await transfer(10_000)).status).toBe(200);
  });
});
