import { describe, expect, it } from "vitest";
import { memoryFakeStore, type StripeFakeStore } from "~/server/payments/stripe-fake/store";
import { createStripeFake, type FakeRequest } from "~/server/payments/stripe-fake/stripe-fake";

/** The one Stripe fake (ADR 063) over a store in memory: what both the stub and the keyless runs rely on. */

const KEY = "Bearer sk_test_unit";

function fake(
  store: StripeFakeStore | null = null,
  more: {
    now?: () => number;
    automaticPayoutDays?: number;
    newId?: (prefix: string, seed: string | null) => string;
  } = {},
) {
  let counter = 0;
  return createStripeFake({
    store: store ?? memoryFakeStore(more.now),
    ...more,
    acceptsKey: (authorization) => authorization === KEY,
    newId: more.newId ?? ((prefix) => `${prefix}unit_${++counter}`),
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
    owned: async (...args) => (await tick(), store.owned(...args)),
    remove: async (...args) => (await tick(), store.remove(...args)),
    prune: async (...args) => (await tick(), store.prune(...args)),
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
    const customer = (await stripe.handle(request("POST", "/v1/customers", { email: "a@example.com" }))).body as {
      id: string;
    };
    const created = await stripe.handle(
      request("POST", "/v1/checkout/sessions", { ...paymentSession(50_000), customer: customer.id }),
    );
    const id = (created.body as { id: string }).id;
    const results = await Promise.all([stripe.paySession(id), stripe.paySession(id), stripe.paySession(id)]);
    expect(results.filter((result) => result.completed !== null)).toHaveLength(1);
    const paymentIntents = new Set(results.map((result) => (result.body as { payment_intent: string }).payment_intent));
    expect(paymentIntents.size).toBe(1);
    const [paymentIntent] = [...paymentIntents];
    const charges = await stripe.store.owned("charge", customer.id);
    expect(charges.map((charge) => charge.payment_intent)).toEqual([paymentIntent]);
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

  it("writes what paying a session makes with the session itself: no charge or PaymentIntent is left to a second write", async () => {
    const store = memoryFakeStore();
    // A store whose separate inserts of charges and PaymentIntents fail, as a worker dying after the swap would.
    const stripe = fake({
      ...store,
      insertOnce: (type, id, data) =>
        ["charge", "payment_intent"].includes(type)
          ? Promise.reject(new Error("the worker died"))
          : store.insertOnce(type, id, data),
    });
    const created = await stripe.handle(request("POST", "/v1/checkout/sessions", paymentSession(25_000)));
    const paid = await stripe.paySession((created.body as { id: string }).id);
    const paymentIntent = (paid.body as { payment_intent: string }).payment_intent;
    const intent = await store.get("payment_intent", paymentIntent);
    expect(intent).toMatchObject({ amount: 25_000, status: "succeeded" });
    expect(await store.get("charge", String(intent!.latest_charge))).toMatchObject({
      amount: 25_000,
      amount_refunded: 0,
    });
  });

  it("takes over an Idempotency-Key whose request died after a minute, and a retried transfer takes the charge once", async () => {
    let now = 1_800_000_000_000;
    const hashed = (prefix: string, seed: string | null) => `${prefix}${seed ?? Math.random().toString(36).slice(2)}`;
    const stripe = fake(null, { now: () => now, newId: hashed });
    const created = await stripe.handle(request("POST", "/v1/checkout/sessions", paymentSession(10_000)));
    const paid = await stripe.paySession((created.body as { id: string }).id);
    const intent = await stripe.handle(
      request("GET", `/v1/payment_intents/${(paid.body as { payment_intent: string }).payment_intent}`),
    );
    const charge = (intent.body as { latest_charge: string }).latest_charge;
    const form = { amount: "6000", currency: "usd", destination: "acct_unit", source_transaction: charge };
    const first = await stripe.handle(request("POST", "/v1/transfers", form, { idempotencyKey: "payout-1" }));
    expect(first.status).toBe(200);
    // The answer was lost and the key's row still says running (its worker died before keeping it).
    const kept = (await stripe.store.get("idempotency_key", "/v1/transfers:payout-1"))!;
    const { answer: _lost, ...claim } = kept;
    await stripe.store.swap("idempotency_key", "/v1/transfers:payout-1", kept, {
      ...claim,
      state: "running",
      startedAt: now,
    });
    const retry = () => stripe.handle(request("POST", "/v1/transfers", form, { idempotencyKey: "payout-1" }));
    expect(await retry()).toMatchObject({ status: 409, body: { error: { type: "idempotency_error" } } });
    now += 61_000;
    expect(await retry()).toEqual(first);
    expect(await stripe.store.get("charge", charge)).toMatchObject({ __transferred: 6000 });
    expect(await retry()).toEqual(first);
  });

  it("pays an Express account automatically: the transfer's payout is in transit until its arrival date, then paid", async () => {
    let now = 1_800_000_000_000;
    const stripe = fake(null, { now: () => now, automaticPayoutDays: 2 });
    const transfer = await stripe.handle(
      request("POST", "/v1/transfers", { amount: "5000", currency: "usd", destination: "acct_unit" }),
    );
    expect(transfer.status).toBe(200);
    const payouts = () =>
      stripe
        .handle({ ...request("GET", "/v1/payouts"), stripeAccount: "acct_unit" })
        .then((answer) => (answer.body as { data: { amount: number; status: string }[] }).data);
    expect(await payouts()).toMatchObject([{ amount: 5000, status: "in_transit" }]);
    now += 2 * 86_400_000 - 1_000;
    expect(await payouts()).toMatchObject([{ amount: 5000, status: "in_transit" }]);
    now += 1_000;
    expect(await payouts()).toMatchObject([{ amount: 5000, status: "paid" }]);
  });

  it("refuses a success, return or refresh URL that is not one, as Stripe does (400, the param named)", async () => {
    const stripe = fake();
    expect(
      await stripe.handle(
        request("POST", "/v1/checkout/sessions", { ...paymentSession(100), cancel_url: "not a url" }),
      ),
    ).toMatchObject({ status: 400, body: { error: { message: "Not a valid URL", param: "cancel_url" } } });
    expect(
      await stripe.handle(
        request("POST", "/v1/billing_portal/sessions", { customer: "cus_1", return_url: "/settings" }),
      ),
    ).toMatchObject({ status: 400, body: { error: { message: "Not a valid URL", param: "return_url" } } });
  });

  it("refuses a checkout or billing portal for a customer it never made (404 resource_missing, the param named)", async () => {
    const stripe = fake();
    const refused = { status: 404, body: { error: { code: "resource_missing", param: "customer" } } };
    expect(
      await stripe.handle(request("POST", "/v1/checkout/sessions", { ...paymentSession(100), customer: "cus_nobody" })),
    ).toMatchObject({
      ...refused,
      body: { error: { ...refused.body.error, message: "No such customer: 'cus_nobody'" } },
    });
    const portal = (customer: string) =>
      stripe.handle(
        request("POST", "/v1/billing_portal/sessions", { customer, return_url: "https://partwise.test/settings" }),
      );
    expect(await portal("cus_nobody")).toMatchObject(refused);
    const customer = (await stripe.handle(request("POST", "/v1/customers", { email: "a@example.com" }))).body as {
      id: string;
    };
    expect(await portal(customer.id)).toMatchObject({ status: 200, body: { customer: customer.id } });
  });

  it("refuses an Idempotency-Key used again with other parameters (400 idempotency_error), and forgets keys after 24 hours", async () => {
    let now = 1_800_000_000_000;
    const stripe = fake(null, { now: () => now });
    const create = (email: string) =>
      stripe.handle(request("POST", "/v1/customers", { email, name: "Dana" }, { idempotencyKey: "k1" }));
    const first = await create("a@example.com");
    expect(first.status).toBe(200);
    // The same parameters in another order are the same request: the first answer again.
    expect(
      await stripe.handle(
        request("POST", "/v1/customers", { name: "Dana", email: "a@example.com" }, { idempotencyKey: "k1" }),
      ),
    ).toEqual(first);
    expect(await create("b@example.com")).toMatchObject({
      status: 400,
      body: {
        error: {
          type: "idempotency_error",
          message:
            "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'k1' if you meant to execute a different request.",
        },
      },
    });
    now += 86_400_000 - 1;
    expect(await create("b@example.com")).toMatchObject({ status: 400 });
    now += 2;
    const later = await create("b@example.com");
    expect(later).toMatchObject({ status: 200, body: { email: "b@example.com" } });
    expect(await stripe.store.get("idempotency_key", "/v1/customers:k1")).toMatchObject({ state: "done" });
  });

  it("changes a subscription once when the same change comes twice at once (the second finds nothing to change)", async () => {
    const stripe = fake(slowStore());
    await stripe.putSubscription("sub_1", { status: "active", customer: "cus_1", lookup_key: "STANDARD_PLAN_MONTHLY" });
    const toPremium = (now: Record<string, unknown>) => {
      const items = now.items as { data: Record<string, unknown>[] };
      if ((items.data[0]!.price as { lookup_key: string }).lookup_key === "PREMIUM_PLAN_MONTHLY") return null;
      return {
        ...now,
        items: { ...items, data: [{ ...items.data[0], price: stripe.priceObject("PREMIUM_PLAN_MONTHLY") }] },
      };
    };
    const results = await Promise.all([
      stripe.changeSubscription("sub_1", toPremium),
      stripe.changeSubscription("sub_1", toPremium),
    ]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(await stripe.store.get("subscription", "sub_1")).toMatchObject({
      items: { data: [{ price: { lookup_key: "PREMIUM_PLAN_MONTHLY" } }] },
    });
  });
});
