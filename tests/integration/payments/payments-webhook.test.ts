import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  benchmarkingPurchases,
  businesses,
  deliveryItems,
  deliveryOutlines,
  insightRequests,
  matchRequests,
  purchases,
  stripeEvents,
  type NewPurchase,
} from "~db/schema";
import worker from "../../../functions/worker";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { createAppContext } from "~/server/load-context";
import { fulfilCheckoutSession, handleStripeWebhook } from "~/server/payments/fulfilment.server";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import {
  payStubSession,
  setStubSubscription,
  signedEvent,
  STRIPE_STUB_WEBHOOK_SECRET,
  stripeEnv,
  stripeEvent,
  stripeRequests,
  db,
  ORIGIN,
} from "../helpers";
import { createClient } from "../../factories";

const BAD_SIGNATURE = { msg: "The webhook signature is not valid." };

/** An AppContext like the Worker's, pointed at the Stripe stub. */
function stubApp() {
  return createAppContext(stripeEnv(env) as unknown as CloudflareBindings, () => {});
}

/** POST /api/payments/webhook through the real Worker entry, as Stripe delivers it (no Origin). */
async function deliver(body: string, signature: string | null, init: { method?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  const request = new Request(`${ORIGIN}/api/payments/webhook`, {
    method: init.method ?? "POST",
    headers,
    body: init.method === "GET" ? undefined : body,
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], stripeEnv(env) as typeof env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function deliverEvent(event: Record<string, unknown>) {
  const { body, header } = await signedEvent(event);
  return deliver(body, header);
}

/** A business with a Stripe customer at the stub. */
async function customerBusiness() {
  const { user, business } = await createClient();
  const customer = await paymentProvider(stubApp()).createCustomer(
    { businessId: business.id, email: user.email, name: business.name },
    `customer-${business.id}`,
  );
  await db().update(businesses).set({ stripeCustomerId: customer.id }).where(eq(businesses.id, business.id));
  return { userId: user.id, businessId: business.id, customerId: customer.id };
}

async function recordPurchase(values: Omit<NewPurchase, "id" | "idempotencyKey">) {
  const id = crypto.randomUUID();
  await db()
    .insert(purchases)
    .values({ id, idempotencyKey: `test-${id}`, ...values });
  return id;
}

/** A pending one-off purchase with its (not yet paid) stub Checkout Session. */
async function oneOffPurchase(
  kind: "insight" | "delivery_item" | "benchmarking",
  referenceId: string,
  amountCents: number,
) {
  const { businessId, customerId } = await customerBusiness();
  return oneOffPurchaseFor(businessId, customerId, kind, referenceId, amountCents);
}

async function oneOffPurchaseFor(
  businessId: string,
  customerId: string,
  kind: "insight" | "delivery_item" | "benchmarking",
  referenceId: string,
  amountCents: number,
) {
  const purchaseId = crypto.randomUUID();
  const session = await paymentProvider(stubApp()).createPaymentCheckout(
    {
      customerId,
      amountCents,
      currency: "usd",
      productName: `Test ${kind}`,
      successUrl: `${ORIGIN}/done?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/paymentStatus?canceled=true`,
      clientReferenceId: businessId,
      metadata: { businessId, kind, purchaseId },
    },
    `purchase-${purchaseId}`,
  );
  await db()
    .insert(purchases)
    .values({
      id: purchaseId,
      businessId,
      kind,
      referenceId,
      amountCents,
      status: "pending",
      stripeCheckoutSessionId: session.id,
      idempotencyKey: `purchase-${purchaseId}`,
    });
  return { businessId, customerId, purchaseId, sessionId: session.id };
}

async function purchaseRow(id: string) {
  const [row] = await db().select().from(purchases).where(eq(purchases.id, id));
  return row!;
}

async function businessRow(id: string) {
  const [row] = await db().select().from(businesses).where(eq(businesses.id, id));
  return row!;
}

async function eventRows(id: string) {
  return db().select().from(stripeEvents).where(eq(stripeEvents.id, id));
}

async function createInsight(businessId: string) {
  const id = crypto.randomUUID();
  await db().insert(insightRequests).values({ id, businessId, category: "finance", statusText: "Awaiting payment" });
  return id;
}

async function benchmarkingRows(businessId: string) {
  return db().select().from(benchmarkingPurchases).where(eq(benchmarkingPurchases.businessId, businessId));
}

describe("checkout.session.completed", () => {
  it("fulfils a paid insight purchase once and answers {received: true}", async () => {
    const { businessId } = await customerBusiness();
    const insightId = await createInsight(businessId);
    const { purchaseId, sessionId } = await oneOffPurchaseFor(
      businessId,
      (await businessRow(businessId)).stripeCustomerId!,
      "insight",
      insightId,
      49_500,
    );
    await payStubSession(sessionId);
    const event = stripeEvent("checkout.session.completed", { id: sessionId, object: "checkout.session" });

    const response = await deliverEvent(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });

    const purchase = await purchaseRow(purchaseId);
    expect(purchase.status).toBe("paid");
    expect(purchase.paidAt).toBeInstanceOf(Date);
    const [insight] = await db().select().from(insightRequests).where(eq(insightRequests.id, insightId));
    expect(insight!.paymentComplete).toBe(true);
    expect(await eventRows(event.id as string)).toEqual([expect.objectContaining({ outcome: "processed" })]);
  });

  it("does not trust the event: an unpaid session fulfils nothing", async () => {
    const { businessId, customerId } = await customerBusiness();
    const insightId = await createInsight(businessId);
    const { purchaseId, sessionId } = await oneOffPurchaseFor(businessId, customerId, "insight", insightId, 49_500);
    // The event claims completion, but Stripe (the stub) says the session is still open and unpaid.
    const response = await deliverEvent(
      stripeEvent("checkout.session.completed", { id: sessionId, status: "complete", payment_status: "paid" }),
    );
    expect(response.status).toBe(200);
    expect((await purchaseRow(purchaseId)).status).toBe("pending");
    const [insight] = await db().select().from(insightRequests).where(eq(insightRequests.id, insightId));
    expect(insight!.paymentComplete).toBe(false);
  });

  it("the same event delivered 10 times in a row fulfils once", async () => {
    const { businessId, purchaseId, sessionId } = await oneOffPurchase("benchmarking", "2026", 29_900);
    await payStubSession(sessionId);
    const event = stripeEvent("checkout.session.completed", { id: sessionId });
    const { body, header } = await signedEvent(event);

    const first = await deliver(body, header);
    expect(first.status).toBe(200);
    const paidAt = (await purchaseRow(purchaseId)).paidAt;
    expect(paidAt).toBeInstanceOf(Date);
    for (let i = 0; i < 9; i++) {
      const again = await deliver(body, header);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ received: true });
    }
    // Other events about the same session (new event ids, so past the dedupe) fulfil nothing more.
    for (const type of ["checkout.session.completed", "checkout.session.async_payment_succeeded"]) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await deliverEvent(stripeEvent(type, { id: sessionId }))).status).toBe(200);
    }
    expect((await purchaseRow(purchaseId)).paidAt).toEqual(paidAt);
    const years = await benchmarkingRows(businessId);
    expect(years).toHaveLength(1);
    expect(years[0]).toMatchObject({ year: 2026, purchaseId });
    expect(await eventRows(event.id as string)).toHaveLength(1);
  });

  it("the same event delivered 10 times concurrently fulfils once", async () => {
    const { businessId, purchaseId, sessionId } = await oneOffPurchase("benchmarking", "2027", 29_900);
    await payStubSession(sessionId);
    const event = stripeEvent("checkout.session.completed", { id: sessionId });
    const { body, header } = await signedEvent(event);

    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(body, header)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await purchaseRow(purchaseId)).status).toBe("paid");
    expect(await benchmarkingRows(businessId)).toHaveLength(1);
    expect(await eventRows(event.id as string)).toHaveLength(1);
  });

  it("10 concurrent fulfilments of one session: exactly one reports fulfilled", async () => {
    const { purchaseId, sessionId, businessId } = await oneOffPurchase("benchmarking", "2028", 29_900);
    await payStubSession(sessionId);
    const results = await Promise.all(Array.from({ length: 10 }, () => fulfilCheckoutSession(stubApp(), sessionId)));
    expect(results.filter((r) => r.fulfilled)).toHaveLength(1);
    for (const result of results) {
      expect(result.kind).toBe("benchmarking");
      expect(result.purchase).toMatchObject({ id: purchaseId, status: "paid" });
    }
    expect(await benchmarkingRows(businessId)).toHaveLength(1);
  });

  it("the webhook racing the success page fulfils once; a later page visit fulfils nothing more", async () => {
    const { businessId, customerId } = await customerBusiness();
    const insightId = await createInsight(businessId);
    const { purchaseId, sessionId } = await oneOffPurchaseFor(businessId, customerId, "insight", insightId, 49_500);
    await payStubSession(sessionId);
    const event = stripeEvent("checkout.session.completed", { id: sessionId });

    const [response, page] = await Promise.all([deliverEvent(event), fulfilCheckoutSession(stubApp(), sessionId)]);
    expect(response.status).toBe(200);
    const paid = await purchaseRow(purchaseId);
    expect(paid.status).toBe("paid");
    expect(page.purchase).toMatchObject({ id: purchaseId, status: "paid" });

    const later = await fulfilCheckoutSession(stubApp(), sessionId);
    expect(later).toMatchObject({ fulfilled: false, kind: "insight", purchase: { id: purchaseId, status: "paid" } });
    expect((await purchaseRow(purchaseId)).paidAt).toEqual(paid.paidAt);
  });

  it("success page first, then the webhook: the page fulfils, the webhook is a no-op", async () => {
    const { businessId, customerId } = await customerBusiness();
    const match = {
      id: crypto.randomUUID(),
      businessId,
      category: "strategy" as const,
      statusText: "Engagement active",
    };
    await db().insert(matchRequests).values(match);
    const outline = { id: crypto.randomUUID(), matchRequestId: match.id, businessId };
    await db().insert(deliveryOutlines).values(outline);
    const itemId = crypto.randomUUID();
    await db().insert(deliveryItems).values({
      id: itemId,
      outlineId: outline.id,
      businessId,
      position: 0,
      title: "Pricing review",
      deliveryDate: "2026-12-01",
      priceCents: 125_000,
      status: "awaiting_payment",
    });
    const { purchaseId, sessionId } = await oneOffPurchaseFor(businessId, customerId, "delivery_item", itemId, 125_000);
    await payStubSession(sessionId);

    const page = await fulfilCheckoutSession(stubApp(), sessionId);
    expect(page).toMatchObject({
      fulfilled: true,
      kind: "delivery_item",
      purchase: { id: purchaseId, status: "paid" },
    });
    const [item] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, itemId));
    expect(item).toMatchObject({ paidPurchaseId: purchaseId, status: "active" });
    const paidAt = (await purchaseRow(purchaseId)).paidAt;

    const response = await deliverEvent(stripeEvent("checkout.session.async_payment_succeeded", { id: sessionId }));
    expect(response.status).toBe(200);
    expect((await purchaseRow(purchaseId)).paidAt).toEqual(paidAt);
  });

  it("a session whose total differs from the purchase's amount fulfils nothing", async () => {
    const { businessId, customerId } = await customerBusiness();
    const insightId = await createInsight(businessId);
    const { purchaseId, sessionId } = await oneOffPurchaseFor(businessId, customerId, "insight", insightId, 100);
    await db().update(purchases).set({ amountCents: 49_500 }).where(eq(purchases.id, purchaseId));
    await payStubSession(sessionId);
    const result = await fulfilCheckoutSession(stubApp(), sessionId);
    expect(result.fulfilled).toBe(false);
    expect((await purchaseRow(purchaseId)).status).toBe("pending");
  });

  it("a session Partwise never recorded fulfils nothing and is acknowledged", async () => {
    const { customerId, businessId } = await customerBusiness();
    const session = await paymentProvider(stubApp()).createPaymentCheckout(
      {
        customerId,
        amountCents: 500,
        currency: "usd",
        productName: "Elsewhere",
        successUrl: `${ORIGIN}/x`,
        cancelUrl: `${ORIGIN}/y`,
        clientReferenceId: businessId,
        metadata: {},
      },
      `unrecorded-${crypto.randomUUID()}`,
    );
    await payStubSession(session.id);
    expect(await fulfilCheckoutSession(stubApp(), session.id)).toEqual({
      fulfilled: false,
      purchase: null,
      kind: null,
    });
    const event = stripeEvent("checkout.session.completed", { id: session.id });
    const response = await deliverEvent(event);
    expect(response.status).toBe(200);
    expect((await eventRows(event.id))[0]).toMatchObject({ type: "checkout.session.completed", outcome: "ignored" });
  });

  it("a session neither Partwise nor Stripe knows is acknowledged (no retry), recorded as ignored, and changes nothing", async () => {
    const sessionId = `cs_test_never_made_${crypto.randomUUID().replaceAll("-", "")}`;
    const purchasesBefore = await db().select().from(purchases);
    for (const type of [
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.expired",
    ]) {
      const event = stripeEvent(type, { id: sessionId, object: "checkout.session" });
      const response = await deliverEvent(event);
      expect(response.status, type).toBe(200);
      expect(await response.json()).toEqual({ received: true });
      expect(await eventRows(event.id)).toEqual([expect.objectContaining({ id: event.id, type, outcome: "ignored" })]);
    }
    expect(await db().select().from(purchases)).toEqual(purchasesBefore);
    // Nothing to fulfil, so Stripe was not even asked about it.
    expect((await stripeRequests()).filter((r) => r.path.includes(sessionId))).toEqual([]);
  });
});

describe("subscriptions", () => {
  /** A business that paid a SCALE yearly subscription checkout with the 7-day trial. */
  async function subscribedBusiness() {
    const { businessId, customerId } = await customerBusiness();
    const purchaseId = crypto.randomUUID();
    const session = await paymentProvider(stubApp()).createSubscriptionCheckout(
      {
        customerId,
        lookupKey: "PREMIUM_PLAN_YEARLY",
        trialDays: 7,
        successUrl: `${ORIGIN}/paymentStatus?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ORIGIN}/paymentStatus?canceled=true&purchaseType=plan`,
        clientReferenceId: businessId,
        metadata: { businessId, kind: "subscription", purchaseId },
      },
      `sub-${purchaseId}`,
    );
    await recordPurchase({
      businessId,
      kind: "subscription",
      referenceId: "PREMIUM_PLAN_YEARLY",
      amountCents: 44_700 * 12,
      stripeCheckoutSessionId: session.id,
    });
    const paid = await payStubSession(session.id, "no_payment_required");
    return { businessId, customerId, sessionId: session.id, subscriptionId: paid.subscription! };
  }

  it("a completed trial checkout makes the business SCALE (PREMIUM), trialing, plan chosen", async () => {
    const { businessId, sessionId, subscriptionId } = await subscribedBusiness();
    const response = await deliverEvent(stripeEvent("checkout.session.completed", { id: sessionId }));
    expect(response.status).toBe(200);
    const business = await businessRow(businessId);
    expect(business).toMatchObject({ memberTier: "PREMIUM", subscriptionId, subscriptionStatus: "trialing" });
    expect(business.planChosenAt).toBeInstanceOf(Date);
  });

  it("'deleted' arriving before a late 'updated' ends in BASIC: the current state decides", async () => {
    const { businessId, customerId, subscriptionId } = await subscribedBusiness();
    const created = stripeEvent("customer.subscription.created", { id: subscriptionId, status: "trialing" });
    expect((await deliverEvent(created)).status).toBe(200);
    expect((await businessRow(businessId)).memberTier).toBe("PREMIUM");

    await setStubSubscription(subscriptionId, {
      status: "canceled",
      customer: customerId,
      lookup_key: "PREMIUM_PLAN_YEARLY",
    });
    const deleted = stripeEvent("customer.subscription.deleted", { id: subscriptionId, status: "canceled" });
    expect((await deliverEvent(deleted)).status).toBe(200);
    // The earlier 'updated' (payload: active) is delivered late.
    const lateUpdated = stripeEvent("customer.subscription.updated", { id: subscriptionId, status: "active" });
    expect((await deliverEvent(lateUpdated)).status).toBe(200);

    expect(await businessRow(businessId)).toMatchObject({
      memberTier: "BASIC",
      subscriptionStatus: "canceled",
      subscriptionId,
    });
  });

  it("a plan switch wins over a late 'created' event; past_due keeps the tier; invoice events sync", async () => {
    const { businessId, customerId, subscriptionId } = await subscribedBusiness();
    await setStubSubscription(subscriptionId, {
      status: "active",
      customer: customerId,
      lookup_key: "STANDARD_PLAN_MONTHLY",
    });
    expect((await deliverEvent(stripeEvent("customer.subscription.updated", { id: subscriptionId }))).status).toBe(200);
    expect((await deliverEvent(stripeEvent("customer.subscription.created", { id: subscriptionId }))).status).toBe(200);
    expect(await businessRow(businessId)).toMatchObject({ memberTier: "STANDARD", subscriptionStatus: "active" });

    await setStubSubscription(subscriptionId, {
      status: "past_due",
      customer: customerId,
      lookup_key: "STANDARD_PLAN_MONTHLY",
    });
    const failed = stripeEvent("invoice.payment_failed", {
      id: "in_test_1",
      object: "invoice",
      parent: { subscription_details: { subscription: subscriptionId } },
    });
    expect((await deliverEvent(failed)).status).toBe(200);
    expect(await businessRow(businessId)).toMatchObject({ memberTier: "STANDARD", subscriptionStatus: "past_due" });

    await setStubSubscription(subscriptionId, {
      status: "active",
      customer: customerId,
      lookup_key: "STANDARD_PLAN_MONTHLY",
    });
    expect(
      (await deliverEvent(stripeEvent("invoice.paid", { id: "in_test_2", subscription: subscriptionId }))).status,
    ).toBe(200);
    expect(await businessRow(businessId)).toMatchObject({ memberTier: "STANDARD", subscriptionStatus: "active" });
  });

  it("a late event about an old, canceled subscription does not undo the current one", async () => {
    const { businessId, customerId, subscriptionId } = await subscribedBusiness();
    const oldId = `sub_old_${crypto.randomUUID().slice(0, 8)}`;
    await setStubSubscription(oldId, { status: "canceled", customer: customerId, lookup_key: "STANDARD_PLAN_MONTHLY" });
    await deliverEvent(stripeEvent("customer.subscription.created", { id: subscriptionId }));
    expect((await deliverEvent(stripeEvent("customer.subscription.deleted", { id: oldId }))).status).toBe(200);
    expect(await businessRow(businessId)).toMatchObject({
      memberTier: "PREMIUM",
      subscriptionId,
      subscriptionStatus: "trialing",
    });
  });
});

describe("bad deliveries", () => {
  it("every bad signature case answers 400 and changes nothing", async () => {
    const { purchaseId, sessionId, businessId } = await oneOffPurchase("benchmarking", "2030", 29_900);
    await payStubSession(sessionId);
    const event = stripeEvent("checkout.session.completed", { id: sessionId });
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const good = await signedEvent(body);

    const cases: [string, string, string | null][] = [
      ["tampered body", body.replace(sessionId, `${sessionId}x`), good.header],
      ["stale timestamp (301 s)", body, (await signedEvent(body, STRIPE_STUB_WEBHOOK_SECRET, now - 301)).header],
      ["wrong secret", body, (await signedEvent(body, "whsec_someone_else")).header],
      ["missing signature", body, null],
      ["empty signature", body, ""],
      ["garbage signature", body, "t=abc,v1=xyz"],
    ];
    for (const [name, sent, header] of cases) {
      const response = await deliver(sent, header);
      expect(response.status, name).toBe(400);
      expect(await response.json(), name).toEqual(BAD_SIGNATURE);
    }
    expect((await purchaseRow(purchaseId)).status).toBe("pending");
    expect(await benchmarkingRows(businessId)).toHaveLength(0);
    expect(await eventRows(event.id)).toHaveLength(0);

    // The same event, correctly signed, is fulfilled: the 400s were the signatures' doing.
    expect((await deliver(body, good.header)).status).toBe(200);
    expect((await purchaseRow(purchaseId)).status).toBe("paid");
  });

  it("handleStripeWebhook itself refuses a missing signature with no side effects", async () => {
    const event = stripeEvent("customer.subscription.deleted", { id: "sub_nope" });
    expect(await handleStripeWebhook(stubApp(), JSON.stringify(event), null)).toEqual({
      status: 400,
      msg: BAD_SIGNATURE.msg,
    });
    expect(await eventRows(event.id)).toHaveLength(0);
  });

  it("an unknown event type is acknowledged with 200 and recorded once", async () => {
    const event = stripeEvent("customer.tax_id.created", { id: "txi_test" });
    const response = await deliverEvent(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await eventRows(event.id)).toEqual([expect.objectContaining({ outcome: "ignored" })]);
  });

  it("GET answers 405; a body over 1 MB answers 413", async () => {
    const get = await deliver("", null, { method: "GET" });
    expect(get.status).toBe(405);
    const huge = "x".repeat(1024 * 1024 + 1);
    const { header } = await signedEvent(huge);
    const response = await deliver(huge, header);
    expect(response.status).toBe(413);
  });
});
