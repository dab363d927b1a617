import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { schema } from "../../../db";
import { createAppContext, type AppContext } from "~/server/load-context";
import { TRIAL_DAYS } from "~/lib/payments/plans";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import { payLocalCheckout } from "~/server/payments/stripe-fake/keyless.server";
import type { DeliverWebhook } from "~/server/payments/stripe-fake/keyless.server";
import { cancelLocalSubscription, getLocalPortal, switchLocalPlan } from "~/server/payments/stripe-fake/keyless.server";
import { PaymentProviderError, WebhookSignatureError, type StripeEvent } from "~/server/payments/provider/types";
import {
  db,
  ORIGIN,
  postForm,
  failNextStripeCalls,
  payStubSession,
  signedEvent,
  STRIPE_STUB_SECRET_KEY,
  STRIPE_STUB_WEBHOOK_SECRET,
  stripeEnv,
  stripeEvent,
  stripeRequests,
  type StripeStubRequest,
} from "../helpers";

const LOCAL_WEBHOOK_SECRET = "whsec_local_partwise_test_checkout_not_a_secret";

function stripeApp(overrides: Record<string, unknown> = {}): AppContext {
  return createAppContext({ ...stripeEnv(env), ...overrides } as typeof env, () => undefined);
}

function localApp(): AppContext {
  return createAppContext(env, () => undefined);
}

const unique = () => crypto.randomUUID();

/** The stub's log of requests carrying this idempotency key or naming this value in their form/query. */
async function requestsMentioning(value: string): Promise<StripeStubRequest[]> {
  return (await stripeRequests()).filter(
    (request) =>
      request.idempotencyKey?.includes(value) ||
      Object.values(request.form).some((field) => field.includes(value)) ||
      Object.values(request.query).some((field) => field.includes(value)),
  );
}

async function subscriptionCheckout(app: AppContext, businessId: string, lookupKey = "PREMIUM_PLAN_YEARLY") {
  const provider = paymentProvider(app);
  const customer = await provider.createCustomer(
    { businessId, email: `owner-${businessId}@example.com`, name: `Business ${businessId}` },
    `customer-${businessId}`,
  );
  const metadata = { businessId, kind: "subscription", purchaseId: `pur-${businessId}` };
  const session = await provider.createSubscriptionCheckout(
    {
      customerId: customer.id,
      lookupKey,
      trialDays: TRIAL_DAYS,
      successUrl: `${ORIGIN}/paymentStatus?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/paymentStatus?canceled=true&purchaseType=plan`,
      clientReferenceId: businessId,
      metadata,
    },
    `sub-${businessId}-${lookupKey}-1`,
  );
  return { provider, customer, session, metadata };
}

describe("Stripe provider against the stub Stripe API", () => {
  it("creates the customer with the business's details and an idempotency key", async () => {
    const businessId = unique();
    const provider = paymentProvider(stripeApp());
    const input = { businessId, email: "dana@example.com", name: "Harbor & Pine Outfitters" };
    const first = await provider.createCustomer(input, `customer-${businessId}`);
    const again = await provider.createCustomer(input, `customer-${businessId}`);
    expect(first.id).toMatch(/^cus_stub_/);
    expect(again.id).toBe(first.id); // Stripe answers the first result for a repeated key

    const [request, replay] = await requestsMentioning(businessId);
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/customers",
      idempotencyKey: `customer-${businessId}`,
      authorization: `Bearer ${STRIPE_STUB_SECRET_KEY}`,
      form: { email: "dana@example.com", name: "Harbor & Pine Outfitters", [`metadata[businessId]`]: businessId },
    });
    expect(replay.idempotencyKey).toBe(`customer-${businessId}`);
  });

  it("creates a subscription Checkout Session: price by lookup key, 7-day trial, customer, URLs, reference, metadata, idempotency key", async () => {
    const businessId = unique();
    const { customer, session, metadata } = await subscriptionCheckout(stripeApp(), businessId);
    expect(session).toMatchObject({
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      customer: customer.id,
      subscription: null,
      client_reference_id: businessId,
      metadata,
      amount_total: 0,
    });
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);

    const all = await stripeRequests();
    const priceLookup = all.find(
      (request) => request.path === "/v1/prices" && Object.values(request.query).includes("PREMIUM_PLAN_YEARLY"),
    );
    expect(priceLookup).toMatchObject({ method: "GET", authorization: `Bearer ${STRIPE_STUB_SECRET_KEY}` });
    expect(Object.entries(priceLookup!.query)).toContainEqual(["lookup_keys[0]", "PREMIUM_PLAN_YEARLY"]);

    const create = all.find(
      (request) => request.path === "/v1/checkout/sessions" && request.form.client_reference_id === businessId,
    );
    expect(create?.method).toBe("POST");
    expect(create?.idempotencyKey).toBe(`sub-${businessId}-PREMIUM_PLAN_YEARLY-1`);
    expect(create?.form).toMatchObject({
      mode: "subscription",
      customer: customer.id,
      "line_items[0][price]": "price_stub_premium_plan_yearly",
      "line_items[0][quantity]": "1",
      "subscription_data[trial_period_days]": "7",
      "subscription_data[metadata][businessId]": businessId,
      success_url: `${ORIGIN}/paymentStatus?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/paymentStatus?canceled=true&purchaseType=plan`,
      client_reference_id: businessId,
      "metadata[businessId]": businessId,
      "metadata[kind]": "subscription",
      "metadata[purchaseId]": `pur-${businessId}`,
    });
  });

  it("reads back a paid session and its trialing subscription with the plan's lookup key", async () => {
    const businessId = unique();
    const { provider, customer, session } = await subscriptionCheckout(
      stripeApp(),
      businessId,
      "STANDARD_PLAN_MONTHLY",
    );
    const paid = await payStubSession(session.id, "no_payment_required");
    const read = await provider.retrieveCheckoutSession(session.id);
    expect(read).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "no_payment_required",
      subscription: paid.subscription,
    });
    const subscription = await provider.retrieveSubscription(read.subscription!);
    expect(subscription).toMatchObject({
      id: paid.subscription,
      status: "trialing",
      customer: customer.id,
      lookup_key: "STANDARD_PLAN_MONTHLY",
      cancel_at_period_end: false,
      metadata: { businessId },
    });
    expect(subscription.current_period_end).toBeGreaterThan(Date.now() / 1000);
  });

  it("creates a one-off payment session with the server's amount and product name", async () => {
    const businessId = unique();
    const app = stripeApp();
    const provider = paymentProvider(app);
    const customer = await provider.createCustomer(
      { businessId, email: "a@example.com", name: "A" },
      `customer-${businessId}`,
    );
    const session = await provider.createPaymentCheckout(
      {
        customerId: customer.id,
        amountCents: 49_500,
        currency: "usd",
        productName: "Diagnostic insight",
        successUrl: `${ORIGIN}/insight-payment-success?session_id={CHECKOUT_SESSION_ID}&insightId=i1`,
        cancelUrl: `${ORIGIN}/paymentStatus?canceled=true&purchaseType=insight`,
        clientReferenceId: businessId,
        metadata: { businessId, kind: "insight", purchaseId: "p1" },
      },
      `insight-${businessId}`,
    );
    expect(session).toMatchObject({
      mode: "payment",
      status: "open",
      amount_total: 49_500,
      client_reference_id: businessId,
    });
    const create = (await requestsMentioning(businessId)).find((request) => request.path === "/v1/checkout/sessions");
    expect(create?.idempotencyKey).toBe(`insight-${businessId}`);
    expect(create?.form).toMatchObject({
      mode: "payment",
      customer: customer.id,
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "49500",
      "line_items[0][price_data][product_data][name]": "Diagnostic insight",
      "line_items[0][quantity]": "1",
      "metadata[kind]": "insight",
    });
  });

  it("creates a billing portal session for the customer with the return URL", async () => {
    const businessId = unique();
    const provider = paymentProvider(stripeApp());
    const customer = await provider.createCustomer(
      { businessId, email: "a@example.com", name: "A" },
      `customer-${businessId}`,
    );
    const portal = await provider.createPortalSession({
      customerId: customer.id,
      returnUrl: `${ORIGIN}/company-profile?tab=account`,
    });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_stub_/);
    const request = (await stripeRequests()).find(
      (entry) => entry.path === "/v1/billing_portal/sessions" && entry.form.customer === customer.id,
    );
    expect(request?.form).toEqual({ customer: customer.id, return_url: `${ORIGIN}/company-profile?tab=account` });
  });

  it("refuses an unknown lookup key without creating a session", async () => {
    const businessId = unique();
    const provider = paymentProvider(stripeApp());
    const customer = await provider.createCustomer(
      { businessId, email: "a@example.com", name: "A" },
      `customer-${businessId}`,
    );
    await expect(
      provider.createSubscriptionCheckout(
        {
          customerId: customer.id,
          lookupKey: "GOLD_PLAN_MONTHLY",
          trialDays: 7,
          successUrl: `${ORIGIN}/s`,
          cancelUrl: `${ORIGIN}/c`,
          clientReferenceId: businessId,
          metadata: { businessId },
        },
        `sub-${businessId}`,
      ),
    ).rejects.toThrow(new PaymentProviderError("No active Stripe price has the lookup key GOLD_PLAN_MONTHLY"));
    expect(
      (await requestsMentioning(businessId)).filter((request) => request.path === "/v1/checkout/sessions"),
    ).toEqual([]);
  });

  it("turns Stripe refusing, failing or being unreachable into PaymentProviderError", async () => {
    await expect(paymentProvider(stripeApp()).retrieveCheckoutSession("cs_test_missing")).rejects.toMatchObject({
      name: "PaymentProviderError",
      status: 404,
    });
    await expect(
      paymentProvider(stripeApp({ STRIPE_SECRET_KEY: "sk_test_wrong" })).retrieveSubscription("sub_x"),
    ).rejects.toMatchObject({
      name: "PaymentProviderError",
      status: 401,
    });
    await expect(
      paymentProvider(stripeApp({ STRIPE_API_BASE: "http://127.0.0.1:9" })).createCustomer(
        { businessId: "b", email: "a@example.com", name: "A" },
        `customer-${unique()}`,
      ),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await failNextStripeCalls(2, 500); // the SDK retries once
    await expect(paymentProvider(stripeApp()).retrieveSubscription(`sub_${unique()}`)).rejects.toMatchObject({
      name: "PaymentProviderError",
      status: 500,
    });
  });

  it("answers this test file from a stub of its own: another file's told failures and requests never reach it", async () => {
    // What a second test file running at the same time has: its own key, its own stub.
    const otherKey = crypto.randomUUID();
    const otherControls = `${inject("stripeStubUrl")}/t/${otherKey}`;
    const told = await fetch(`${otherControls}/__fail`, { method: "POST", body: JSON.stringify({ count: 5 }) });
    expect(told.status).toBe(200);
    await told.body?.cancel();

    const key = `customer-${unique()}`;
    const customer = await paymentProvider(stripeApp()).createCustomer(
      { businessId: "b-own-stub", email: "own@example.com", name: "Own stub" },
      key,
    );
    expect(customer.id).toMatch(/^cus_stub_/);
    expect((await stripeRequests()).filter((r) => r.idempotencyKey === key)).toHaveLength(1);
    expect(await (await fetch(`${otherControls}/__requests`)).json()).toEqual([]);

    // The other file's stub still fails the next call made with its key, and only its log has it.
    const subscription = `sub_${unique()}`;
    await expect(
      paymentProvider(stripeApp({ STRIPE_SECRET_KEY: `sk_test_stub_${otherKey}` })).retrieveSubscription(subscription),
    ).rejects.toMatchObject({ name: "PaymentProviderError", status: 500 });
    expect((await stripeRequests()).filter((r) => r.path.includes(subscription))).toEqual([]);
    const othersLog = (await (await fetch(`${otherControls}/__requests`)).json()) as StripeStubRequest[];
    expect(othersLog.filter((r) => r.path.includes(subscription)).length).toBeGreaterThan(0);
  });

  it("verifies webhook signatures exactly like Stripe (tampered, stale, wrong secret, missing)", async () => {
    const provider = paymentProvider(stripeApp());
    const event = stripeEvent("checkout.session.completed", { id: "cs_test_1", object: "checkout.session" });
    const good = await signedEvent(event, STRIPE_STUB_WEBHOOK_SECRET);
    const verified = await provider.verifyWebhook(good.body, good.header);
    expect(verified).toMatchObject({
      id: event.id,
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_1" } },
    });

    const stale = await signedEvent(event, STRIPE_STUB_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301);
    const wrongSecret = await signedEvent(event, "whsec_someone_else");
    const cases: [string, string | null][] = [
      [good.body.replace("cs_test_1", "cs_test_2"), good.header],
      [stale.body, stale.header],
      [wrongSecret.body, wrongSecret.header],
      [good.body, null],
      [good.body, "t=1,v1=deadbeef"],
    ];
    for (const [body, header] of cases) {
      await expect(provider.verifyWebhook(body, header)).rejects.toBeInstanceOf(WebhookSignatureError);
    }
    // A recent timestamp inside the 300 s tolerance is accepted.
    const recent = await signedEvent(event, STRIPE_STUB_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 240);
    await expect(provider.verifyWebhook(recent.body, recent.header)).resolves.toMatchObject({ id: event.id });
    // Dated in the future: beyond the same tolerance it is refused (the SDK alone accepts any), a
    // signer's clock a little ahead is not.
    for (const ahead of [301, 3600, 86_400 * 365]) {
      const future = await signedEvent(event, STRIPE_STUB_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + ahead);
      await expect(provider.verifyWebhook(future.body, future.header), `${ahead} s ahead`).rejects.toThrow(
        /Timestamp is in the future/,
      );
    }
    const slightlyAhead = await signedEvent(event, STRIPE_STUB_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + 240);
    await expect(provider.verifyWebhook(slightlyAhead.body, slightlyAhead.header)).resolves.toMatchObject({
      id: event.id,
    });
  });

  it("expires an open Checkout Session and cancels a subscription through Stripe's API, refusing as Stripe does", async () => {
    const app = stripeApp();
    const provider = paymentProvider(app);
    const businessId = unique();
    const customer = await provider.createCustomer(
      { businessId, email: "e@example.com", name: "E" },
      `one-off-customer-${businessId}`,
    );
    const oneOff = (key: string) =>
      provider.createPaymentCheckout(
        {
          customerId: customer.id,
          amountCents: 50_000,
          currency: "usd",
          productName: "Deliverable",
          successUrl: `${ORIGIN}/ok`,
          cancelUrl: `${ORIGIN}/no`,
          clientReferenceId: businessId,
          metadata: { businessId },
        },
        key,
      );
    const open = await oneOff(`expire-${businessId}`);
    expect(open.expires_at! - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    const expired = await provider.expireCheckoutSession(open.id);
    expect(expired).toMatchObject({ id: open.id, status: "expired", url: null });
    expect((await stripeRequests()).filter((r) => r.path === `/v1/checkout/sessions/${open.id}/expire`)).toEqual([
      expect.objectContaining({ method: "POST", authorization: `Bearer ${STRIPE_STUB_SECRET_KEY}` }),
    ]);
    await expect(provider.expireCheckoutSession(open.id)).rejects.toMatchObject({
      name: "PaymentProviderError",
      status: 400,
      message: expect.stringContaining(
        'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
      ),
    });
    await expect(payStubSession(open.id)).rejects.toThrow(/answered 400/);
    const paid = await oneOff(`paid-${businessId}`);
    await payStubSession(paid.id);
    await expect(provider.expireCheckoutSession(paid.id)).rejects.toThrow(/has a status of `complete`/);
    await expect(provider.expireCheckoutSession("cs_test_stub_nope")).rejects.toMatchObject({ status: 404 });

    const { session } = await subscriptionCheckout(app, businessId, "STANDARD_PLAN_MONTHLY");
    const { subscription } = await payStubSession(session.id, "no_payment_required");
    const canceled = await provider.cancelSubscription(subscription!);
    expect(canceled).toMatchObject({ subscription: { id: subscription, status: "canceled" }, charge: null });
    // Stripe refuses a second cancel; the provider answers the subscription as it stands.
    expect(await provider.cancelSubscription(subscription!)).toEqual(canceled);
    const deletes = (await stripeRequests()).filter(
      (r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscription}`,
    );
    expect(deletes).toHaveLength(2);
    expect(deletes[0]!.query).toMatchObject({
      prorate: "false",
      invoice_now: "false",
      "expand[0]": "latest_invoice.payments",
    });
  });
});

describe("local test provider (no STRIPE_SECRET_KEY)", () => {
  /** Collects deliveries and verifies each like the webhook handler would. */
  function recorder(app: AppContext) {
    const events: StripeEvent[] = [];
    const deliver: DeliverWebhook = async (rawBody, header) => {
      events.push(await paymentProvider(app).verifyWebhook(rawBody, header));
      return { status: 200, msg: "ok" };
    };
    return { events, deliver };
  }

  it("keeps Stripe-shaped, idempotent objects in D1", async () => {
    const app = localApp();
    const businessId = unique();
    const { provider, customer, session, metadata } = await subscriptionCheckout(
      app,
      businessId,
      "PREMIUM_PLAN_YEARLY",
    );
    expect(customer.id).toMatch(/^cus_test_/);
    expect(session).toMatchObject({
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      customer: customer.id,
      subscription: null,
      client_reference_id: businessId,
      metadata,
      amount_total: 0,
      url: `${ORIGIN}/test-checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);
    // The same idempotency keys answer the same objects.
    const again = await subscriptionCheckout(app, businessId, "PREMIUM_PLAN_YEARLY");
    expect([again.customer.id, again.session.id]).toEqual([customer.id, session.id]);
    const rows = await db()
      .select()
      .from(schema.localStripeObjects)
      .where(eq(schema.localStripeObjects.customerId, customer.id));
    expect(rows.map((row) => row.type)).toEqual(["checkout.session"]);

    await expect(subscriptionCheckout(app, unique(), "GOLD_PLAN_MONTHLY")).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(provider.retrieveCheckoutSession("cs_test_nope")).rejects.toMatchObject({ status: 404 });
  });

  it("pays once: completes the session, creates the trialing subscription, delivers signed events", async () => {
    const app = localApp();
    const businessId = unique();
    const { provider, customer, session } = await subscriptionCheckout(app, businessId, "PREMIUM_PLAN_YEARLY");
    const { events, deliver } = recorder(app);

    const next = await payLocalCheckout(app, session.id, deliver);
    expect(next).toBe(`${ORIGIN}/paymentStatus?success=true&session_id=${session.id}`);
    expect(events.map((event) => event.type)).toEqual(["checkout.session.completed", "customer.subscription.created"]);
    const completed = await provider.retrieveCheckoutSession(session.id);
    expect(completed).toMatchObject({
      status: "complete",
      payment_status: "no_payment_required",
      customer: customer.id,
    });
    expect(events[0].data.object).toMatchObject({
      id: session.id,
      status: "complete",
      subscription: completed.subscription,
    });
    expect(events[0].data.object).not.toHaveProperty("partwise_test");
    const subscription = await provider.retrieveSubscription(completed.subscription!);
    expect(subscription).toMatchObject({
      status: "trialing",
      lookup_key: "PREMIUM_PLAN_YEARLY",
      customer: customer.id,
    });
    expect(subscription.current_period_end! - Date.now() / 1000).toBeGreaterThan(7 * 86_400 - 60);
    expect(events[1].data.object).toMatchObject({ id: subscription.id, status: "trialing" });

    // Paying again (a double submit) changes nothing and delivers nothing.
    expect(await payLocalCheckout(app, session.id, deliver)).toBe(next);
    expect(events).toHaveLength(2);
    expect(await payLocalCheckout(app, "cs_test_unknown", deliver)).toBeNull();
  });

  it("signs its events with STRIPE_WEBHOOK_SECRET, which the Stripe provider's check accepts", async () => {
    const app = localApp();
    const { session } = await subscriptionCheckout(app, unique(), "STANDARD_PLAN_YEARLY");
    const deliveries: { body: string; header: string }[] = [];
    await payLocalCheckout(app, session.id, async (body, header) => {
      deliveries.push({ body, header });
      return { status: 200, msg: "ok" };
    });
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0].header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const asStripe = paymentProvider(stripeApp({ STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET }));
    await expect(asStripe.verifyWebhook(deliveries[0].body, deliveries[0].header)).resolves.toMatchObject({
      type: "checkout.session.completed",
    });
    await expect(
      paymentProvider(stripeApp()).verifyWebhook(deliveries[0].body, deliveries[0].header),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("completes the checkout even when the webhook handler fails (the success page fulfils)", async () => {
    const app = localApp();
    const { provider, session } = await subscriptionCheckout(app, unique(), "STANDARD_PLAN_MONTHLY");
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const next = await payLocalCheckout(app, session.id, async () => ({
        status: 500,
        msg: "The event could not be processed; please retry.",
      }));
      expect(next).toBe(`${ORIGIN}/paymentStatus?success=true&session_id=${session.id}`);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(2);
    expect(await provider.retrieveCheckoutSession(session.id)).toMatchObject({ status: "complete" });
  });

  it("one-off payment sessions are paid in full", async () => {
    const app = localApp();
    const businessId = unique();
    const provider = paymentProvider(app);
    const customer = await provider.createCustomer(
      { businessId, email: "a@example.com", name: "A" },
      `customer-${businessId}`,
    );
    const session = await provider.createPaymentCheckout(
      {
        customerId: customer.id,
        amountCents: 29_900,
        currency: "usd",
        productName: "Benchmarking 2026",
        successUrl: `${ORIGIN}/benchmarking-payment-success?businessId=${businessId}&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ORIGIN}/paymentStatus?canceled=true&purchaseType=benchmarking`,
        clientReferenceId: businessId,
        metadata: { businessId, kind: "benchmarking", purchaseId: "p" },
      },
      `bench-${businessId}`,
    );
    expect(session).toMatchObject({ mode: "payment", amount_total: 29_900, status: "open" });
    const { events, deliver } = recorder(app);
    await payLocalCheckout(app, session.id, deliver);
    expect(events.map((event) => event.type)).toEqual(["checkout.session.completed"]);
    expect(await provider.retrieveCheckoutSession(session.id)).toMatchObject({
      status: "complete",
      payment_status: "paid",
      subscription: null,
    });
  });

  it("expires an open checkout, which the test checkout then refuses to pay, as Stripe's page does", async () => {
    const app = localApp();
    const businessId = unique();
    const provider = paymentProvider(app);
    const customer = await provider.createCustomer(
      { businessId, email: "x@example.com", name: "X" },
      `c-${businessId}`,
    );
    const checkout = (key: string) =>
      provider.createPaymentCheckout(
        {
          customerId: customer.id,
          amountCents: 50_000,
          currency: "usd",
          productName: "Deliverable: Freight audit",
          successUrl: `${ORIGIN}/ok?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${ORIGIN}/paymentStatus?canceled=true&purchaseType=deliveryItem`,
          clientReferenceId: businessId,
          metadata: { businessId },
        },
        key,
      );
    const session = await checkout(`one-${businessId}`);
    expect(session.expires_at! - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    expect(await provider.expireCheckoutSession(session.id)).toMatchObject({ status: "expired", url: null });
    await expect(provider.expireCheckoutSession(session.id)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("This Checkout Session has a status of `expired`."),
    });
    const { events, deliver } = recorder(app);
    expect(await payLocalCheckout(app, session.id, deliver)).toBeNull();
    expect(events).toEqual([]);

    const page = await (await SELF.fetch(`${ORIGIN}/test-checkout/${session.id}`)).text();
    expect(page).toContain("This checkout has expired and can no longer be paid. Nothing was charged.");
    expect(page).not.toContain('value="pay"');
    const pay = await postForm(`/test-checkout/${session.id}`, { intent: "pay", cardNumber: "4242 4242 4242 4242" });
    expect(pay.status).toBe(409);
    expect(await pay.text()).toContain("This checkout has expired and can no longer be paid. Nothing was charged.");
    expect(await provider.retrieveCheckoutSession(session.id)).toMatchObject({
      status: "expired",
      payment_intent: null,
    });

    // A paid one cannot be expired.
    const paid = await checkout(`two-${businessId}`);
    await payLocalCheckout(app, paid.id, deliver);
    await expect(provider.expireCheckoutSession(paid.id)).rejects.toThrow(/has a status of `complete`/);

    // Like Stripe, a session past its expires_at (24 hours) is expired and cannot be paid.
    const lapsing = await checkout(`three-${businessId}`);
    const later = createAppContext(
      env,
      () => undefined,
      () => new Date(Date.now() + 25 * 3600 * 1000),
    );
    expect(await paymentProvider(later).retrieveCheckoutSession(lapsing.id)).toMatchObject({ status: "expired" });
    expect(await payLocalCheckout(later, lapsing.id, deliver)).toBeNull();
    expect(await provider.retrieveCheckoutSession(lapsing.id)).toMatchObject({ status: "expired" });
  });

  it("cancels a subscription at once (no charge in its trial), and answers a second cancel the same", async () => {
    const app = localApp();
    const { provider, session } = await subscriptionCheckout(app, unique(), "STANDARD_PLAN_MONTHLY");
    await payLocalCheckout(app, session.id, async () => ({ status: 200, msg: "ok" }));
    const subscriptionId = (await provider.retrieveCheckoutSession(session.id)).subscription!;
    const canceled = await provider.cancelSubscription(subscriptionId);
    expect(canceled).toMatchObject({ subscription: { id: subscriptionId, status: "canceled" }, charge: null });
    expect(await provider.cancelSubscription(subscriptionId)).toEqual(canceled);
    await expect(provider.cancelSubscription("sub_test_nope")).rejects.toMatchObject({ status: 404 });
  });

  it("its signature check refuses a timestamp beyond the 300 s tolerance, in the past or the future", async () => {
    const provider = paymentProvider(localApp());
    const event = stripeEvent("checkout.session.completed", { id: "cs_test_local", object: "checkout.session" });
    const now = Math.floor(Date.now() / 1000);
    for (const at of [now - 301, now + 301, now + 86_400]) {
      const signed = await signedEvent(event, LOCAL_WEBHOOK_SECRET, at);
      await expect(provider.verifyWebhook(signed.body, signed.header), `t=${at - now}`).rejects.toBeInstanceOf(
        WebhookSignatureError,
      );
    }
    for (const at of [now - 240, now + 240]) {
      const signed = await signedEvent(event, LOCAL_WEBHOOK_SECRET, at);
      await expect(provider.verifyWebhook(signed.body, signed.header)).resolves.toMatchObject({ id: event.id });
    }
  });

  it("the billing portal switches plan and cancels with signed subscription events", async () => {
    const app = localApp();
    const { provider, customer, session } = await subscriptionCheckout(app, unique(), "STANDARD_PLAN_MONTHLY");
    const { events, deliver } = recorder(app);
    await payLocalCheckout(app, session.id, deliver);
    const { url } = await provider.createPortalSession({
      customerId: customer.id,
      returnUrl: `${ORIGIN}/company-profile?tab=account`,
    });
    const portalId = url.split("/").pop()!;
    expect(url).toBe(`${ORIGIN}/test-billing-portal/${portalId}`);

    let portal = (await getLocalPortal(app, portalId))!;
    expect(portal.subscription).toMatchObject({ lookup_key: "STANDARD_PLAN_MONTHLY", status: "trialing" });
    // A double-clicked switch: the plan changes, and the event is sent, once.
    const switches = await Promise.all([
      switchLocalPlan(app, portal, "PREMIUM_PLAN_YEARLY", deliver),
      switchLocalPlan(app, portal, "PREMIUM_PLAN_YEARLY", deliver),
    ]);
    expect(switches.sort()).toEqual([false, true]);
    expect(events.filter((event) => event.type === "customer.subscription.updated")).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: "customer.subscription.updated" });
    expect(await provider.retrieveSubscription(portal.subscription!.id)).toMatchObject({
      lookup_key: "PREMIUM_PLAN_YEARLY",
      status: "trialing",
    });

    portal = (await getLocalPortal(app, portalId))!;
    expect(await cancelLocalSubscription(app, portal, deliver)).toBe(true);
    expect(events.at(-1)).toMatchObject({
      type: "customer.subscription.deleted",
      data: { object: { status: "canceled" } },
    });
    expect(await provider.retrieveSubscription(portal.subscription!.id)).toMatchObject({ status: "canceled" });
    expect((await getLocalPortal(app, portalId))!.subscription).toBeNull();
    // Canceling again does nothing.
    expect(await cancelLocalSubscription(app, portal, deliver)).toBe(false);
    expect(await getLocalPortal(app, "bps_test_unknown")).toBeNull();
  });
});

describe("test checkout pages", () => {
  it("shows what is bought and completes through the webhook handler, then goes to the success URL", async () => {
    const app = localApp();
    const { session } = await subscriptionCheckout(app, unique(), "PREMIUM_PLAN_YEARLY");
    const page = await SELF.fetch(`${ORIGIN}/test-checkout/${session.id}`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Test checkout — no real card is charged");
    expect(text).toContain("Partwise SCALE (billed yearly)");
    expect(text).toContain("$5,364.00 per year after a 7-day free trial");
    expect(text).toContain('value="4242 4242 4242 4242"');

    const declined = await postForm(`/test-checkout/${session.id}`, {
      intent: "pay",
      cardNumber: "4000 0000 0000 0002",
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined. Use the test card 4242 4242 4242 4242.");
    expect(await paymentProvider(app).retrieveCheckoutSession(session.id)).toMatchObject({ status: "open" });

    const cancel = await postForm(`/test-checkout/${session.id}`, { intent: "cancel" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("Location")).toBe(`${ORIGIN}/paymentStatus?canceled=true&purchaseType=plan`);

    const pay = await postForm(`/test-checkout/${session.id}`, {
      intent: "pay",
      cardNumber: "4242 4242 4242 4242",
      expiry: "12 / 34",
      cvc: "123",
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("Location")).toBe(`${ORIGIN}/paymentStatus?success=true&session_id=${session.id}`);
    const completed = await paymentProvider(app).retrieveCheckoutSession(session.id);
    expect(completed.status).toBe("complete");
    // The events went through the real webhook handler, which recorded them.
    const recorded = await db().select().from(schema.stripeEvents);
    expect(recorded.map((event) => event.type)).toEqual(
      expect.arrayContaining(["checkout.session.completed", "customer.subscription.created"]),
    );

    const after = await (await SELF.fetch(`${ORIGIN}/test-checkout/${session.id}`)).text();
    expect(after).toContain("This checkout is already complete.");
    expect((await SELF.fetch(`${ORIGIN}/test-checkout/cs_test_unknown`)).status).toBe(404);
  });

  it("the billing portal page shows the plan and cancels", async () => {
    const app = localApp();
    const { provider, customer, session } = await subscriptionCheckout(app, unique(), "STANDARD_PLAN_MONTHLY");
    await payLocalCheckout(app, session.id, async () => ({ status: 200, msg: "ok" }));
    const { url } = await provider.createPortalSession({
      customerId: customer.id,
      returnUrl: `${ORIGIN}/company-profile?tab=account`,
    });
    const text = await (await SELF.fetch(url)).text();
    expect(text).toContain("Test billing portal");
    expect(text).toContain("STARTER, billed monthly");
    expect(text).toContain("Free trial");
    expect(text).toContain("SCALE, billed yearly");

    const cancel = await postForm(new URL(url).pathname, { intent: "cancel" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("Location")).toBe(`${ORIGIN}/company-profile?tab=account`);
    expect(await (await SELF.fetch(url)).text()).toContain("You have no active subscription.");
    expect((await SELF.fetch(`${ORIGIN}/test-billing-portal/bps_test_unknown`)).status).toBe(404);
  });
});
