import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  auditEvents,
  benchmarkingPurchases,
  businesses,
  deliveryItems,
  deliveryOutlines,
  emailOutbox,
  insightRequests,
  matchRequests,
  notifications,
  purchaseRefunds,
  purchases,
  stripeEvents,
} from "~db/schema";
import worker from "../../../functions/worker";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { createAppContext } from "~/server/load-context";
import { fulfilCheckoutSession, handleStripeWebhook } from "~/server/payments/fulfilment.server";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import { retryDuplicateRefunds } from "~/server/payments/duplicate-payments.server";
import { sendMissedReceipts } from "~/server/payments/receipt-emails.server";
import { loadEngagementCosts, loadPaymentHistory, loadReceipt } from "~/server/payments/receipts.server";
import { loadEngagementMoney } from "~/server/payouts/engagement-money.server";
import { createSignedOutline, sendWithStripe } from "../helpers/deliverables";
import {
  createConsultant,
  createInsightRequestRow,
  createPurchaseRow,
  html,
  stripeStubUrl,
  payStubSession,
  setStubSubscription,
  signedEvent,
  STRIPE_STUB_WEBHOOK_SECRET,
  stripeEnv,
  stripeEvent,
  stripeRequests,
  db,
  ORIGIN,
  noticesOf,
} from "../helpers";
import { createClient, signedInClient, signedInManager } from "../../factories";

const BAD_SIGNATURE = { msg: "The webhook signature is not valid." };

/** An AppContext like the Worker's, pointed at the Stripe stub. */
function stubApp() {
  return createAppContext(stripeEnv(env) as unknown as CloudflareBindings, () => {});
}

/** POST /api/payments/webhook through the real Worker entry, as Stripe delivers it (no Origin). */
async function deliver(
  body: string,
  signature: string | null,
  init: { method?: string; env?: Record<string, unknown> } = {},
) {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  const request = new Request(`${ORIGIN}/api/payments/webhook`, {
    method: init.method ?? "POST",
    headers,
    body: init.method === "GET" ? undefined : body,
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    { ...stripeEnv(env), ...init.env } as typeof env,
    ctx,
  );
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
  /** 'canceled': a checkout Partwise took as closed that Stripe still completed (the race of ADR 010). */
  status: "pending" | "canceled" = "pending",
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
  await createPurchaseRow(businessId, {
    id: purchaseId,
    kind,
    referenceId,
    amountCents,
    status,
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

/** The business's audit events of `action` (docs/decisions/065), in the order written. */
async function auditOf(businessId: string, action: "payment.completed" | "membership.changed") {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.businessId, businessId), eq(auditEvents.action, action)))
    .orderBy(sql`rowid`);
}

async function createInsight(businessId: string) {
  const { id } = await createInsightRequestRow(businessId, { category: "finance" });
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

  it("10 concurrent fulfilments of one session: exactly one reports fulfilled, and one payment is recorded", async () => {
    const { purchaseId, sessionId, businessId } = await oneOffPurchase("benchmarking", "2028", 29_900);
    await payStubSession(sessionId);
    // All at one instant: the record must not rest on the calls' clocks differing.
    const at = new Date();
    const sameInstant = () =>
      createAppContext(
        stripeEnv(env) as unknown as CloudflareBindings,
        () => {},
        () => at,
      );
    const results = await Promise.all(
      Array.from({ length: 10 }, () => fulfilCheckoutSession(sameInstant(), sessionId)),
    );
    expect(results.filter((r) => r.fulfilled)).toHaveLength(1);
    for (const result of results) {
      expect(result.kind).toBe("benchmarking");
      expect(result.purchase).toMatchObject({ id: purchaseId, status: "paid" });
    }
    expect(await benchmarkingRows(businessId)).toHaveLength(1);
    // Recorded once, by Partwise (no one is named as having started this checkout).
    await fulfilCheckoutSession(sameInstant(), sessionId);
    expect(await auditOf(businessId, "payment.completed")).toEqual([
      expect.objectContaining({
        actorUserId: null,
        actorKind: "system",
        subjectType: "purchase",
        subjectId: purchaseId,
        detail: { amountCents: 29_900, purchase: "Benchmarking 2028" },
        createdAt: at,
      }),
    ]);
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
    // One payment recorded, whichever door won, and the replay (a new event id) adds none.
    expect((await deliverEvent(stripeEvent("checkout.session.completed", { id: sessionId }))).status).toBe(200);
    expect(await auditOf(businessId, "payment.completed")).toEqual([
      expect.objectContaining({
        subjectId: purchaseId,
        detail: { amountCents: 49_500, purchase: "Insight request: Finance" },
      }),
    ]);
  });

  it("success page first, then the webhook: the page fulfils, the webhook is a no-op", async () => {
    const { businessId, customerId } = await customerBusiness();
    const match = {
      id: crypto.randomUUID(),
      businessId,
      category: "strategy" as const,
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
      duplicate: false,
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

describe("a second payment for what is already paid (issue #36)", () => {
  const DUPLICATE_TITLE = "A duplicate payment was refunded";

  /** A signed-in client's business with a Stripe customer at the stub. */
  async function signedInCustomer() {
    const client = await signedInClient();
    const customer = await paymentProvider(stubApp()).createCustomer(
      { businessId: client.business.id, email: client.user.email, name: client.business.name },
      `customer-${client.business.id}`,
    );
    await db().update(businesses).set({ stripeCustomerId: customer.id }).where(eq(businesses.id, client.business.id));
    return { ...client, customerId: customer.id };
  }

  const refundCallsOf = async (purchaseId: string) =>
    (await stripeRequests()).filter(
      (r) => r.path === "/v1/refunds" && r.idempotencyKey === `refund-duplicate-${purchaseId}`,
    );

  it("two paid checkouts for one $500 deliverable: the second is refunded once, under concurrent and repeated deliveries, and balances everywhere", async () => {
    const client = await signedInCustomer();
    const consultant = await createConsultant();
    const { outline, items } = await createSignedOutline(client.business.id, consultant.user.id, {
      items: [{ priceCents: 50_000, title: "Freight audit" }],
    });
    const item = items[0]!;
    // Two checkouts both completed at Stripe: one Partwise had closed (canceled) was paid anyway.
    const a = await oneOffPurchaseFor(client.business.id, client.customerId, "delivery_item", item.id, 50_000);
    const b = await oneOffPurchaseFor(
      client.business.id,
      client.customerId,
      "delivery_item",
      item.id,
      50_000,
      "canceled",
    );
    await payStubSession(a.sessionId);
    await payStubSession(b.sessionId);
    const eventA = await signedEvent(stripeEvent("checkout.session.completed", { id: a.sessionId }));
    const eventB = await signedEvent(stripeEvent("checkout.session.completed", { id: b.sessionId }));
    const answers = await Promise.all([
      deliver(eventA.body, eventA.header),
      deliver(eventB.body, eventB.header),
      deliver(eventB.body, eventB.header),
      fulfilCheckoutSession(stubApp(), b.sessionId, ORIGIN),
      deliverEvent(stripeEvent("checkout.session.async_payment_succeeded", { id: b.sessionId })),
      fulfilCheckoutSession(stubApp(), a.sessionId, ORIGIN),
    ]);
    for (const answer of answers) if (answer instanceof Response) expect(answer.status).toBe(200);

    const rows = [await purchaseRow(a.purchaseId), await purchaseRow(b.purchaseId)];
    const original = rows.find((row) => row.status === "paid")!;
    const duplicate = rows.find((row) => row.status === "refunded")!;
    expect(original).toBeDefined();
    expect(duplicate).toMatchObject({ duplicateOfPurchaseId: original.id, amountCents: 50_000 });
    expect(original.duplicateOfPurchaseId).toBeNull();
    const [paidItem] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, item.id));
    expect(paidItem).toMatchObject({ paidPurchaseId: original.id, status: "active" });
    // Both payments happened (the second is refunded): each recorded once, under the racing deliveries.
    expect((await auditOf(client.business.id, "payment.completed")).map((event) => event.subjectId).sort()).toEqual(
      [a.purchaseId, b.purchaseId].sort(),
    );

    // Exactly one refund of the whole second payment, under its own Idempotency-Key.
    const refunds = await db().select().from(purchaseRefunds).where(eq(purchaseRefunds.businessId, client.business.id));
    expect(refunds).toEqual([
      expect.objectContaining({
        purchaseId: duplicate.id,
        reason: "duplicate_payment",
        status: "succeeded",
        amountCents: 50_000,
        stripeRefundId: expect.stringMatching(/^re_stub_/),
        paymentIntentId: duplicate.stripePaymentIntentId,
      }),
    ]);
    const calls = await refundCallsOf(duplicate.id);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls[0]!.form).toMatchObject({
      payment_intent: duplicate.stripePaymentIntentId,
      amount: "50000",
      "metadata[duplicateOf]": original.id,
    });
    expect(await refundCallsOf(original.id)).toEqual([]);
    // The stub refunded the second payment in full: nothing of it is left to refund.
    await expect(
      paymentProvider(stubApp()).createRefund(
        { paymentIntentId: duplicate.stripePaymentIntentId!, amountCents: 1, metadata: {} },
        `probe-${duplicate.id}`,
      ),
    ).rejects.toThrow(/greater than the unrefunded amount/);

    // Told once: in the app and by email.
    const notices = await noticesOf(client.user.id, "duplicate_payment_refunded");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: DUPLICATE_TITLE,
      body:
        'You paid twice for "Deliverable: Freight audit (' +
        outline.title +
        ')". We refunded the second payment of $500.00 to your card; your bank shows it within 5–10 business days. The first payment stands and nothing else changes.',
      link: `/receipts/${duplicate.id}`,
    });
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, client.user.email), eq(emailOutbox.kind, "duplicate_payment_refunded")));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(DUPLICATE_TITLE);

    // Replays change nothing more.
    await deliver(eventB.body, eventB.header);
    await deliverEvent(stripeEvent("checkout.session.completed", { id: b.sessionId }));
    expect(await noticesOf(client.user.id, "duplicate_payment_refunded")).toHaveLength(1);
    expect(
      await db().select().from(purchaseRefunds).where(eq(purchaseRefunds.businessId, client.business.id)),
    ).toHaveLength(1);
    // The refund's receipt was emailed once, to whoever paid, naming the amount and what it was for.
    const refundReceipts = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, client.user.email), eq(emailOutbox.kind, "receipt_refund")));
    expect(refundReceipts).toHaveLength(1);
    expect(refundReceipts[0]!.subject).toMatch(/^Your Partwise refund for receipt PW-\d{8}-[0-9A-Z]{8}$/);
    expect(refundReceipts[0]!.textBody).toContain("Partwise refunded $500.00 of your payment for Deliverable:");
    // The second payment's own receipt says it is a duplicate refunded automatically (as its page
    // and PDF do); the first payment's does not.
    const chargeReceipt = async (purchaseId: string) =>
      (
        await db()
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.dedupeKey, `receipt-charge-${purchaseId}`))
      )[0];
    expect((await chargeReceipt(duplicate.id))?.textBody).toContain(
      "A second payment for something you had already paid. Partwise refunded it automatically.",
    );
    expect((await chargeReceipt(original.id))?.textBody).not.toContain("Partwise refunded it automatically");

    // The same cents everywhere: the business's payments, its engagement, the receipt, the manager's money.
    const history = await loadPaymentHistory(stubApp(), client.business.id);
    expect(history.map((entry) => [entry.entry, entry.amountCents, entry.duplicate]).sort()).toEqual(
      [
        ["payment", 50_000, false],
        ["payment", 50_000, true],
        ["refund", -50_000, true],
      ].sort(),
    );
    expect(history.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(50_000);
    const costs = await loadEngagementCosts(stubApp(), client.business.id, outline.id);
    expect(costs).toMatchObject({ paidCents: 100_000, refundedCents: 50_000, netCents: 50_000 });
    expect(costs.items[item.id]).toMatchObject({
      purchaseId: original.id,
      paidCents: 50_000,
      refundedCents: 0,
      duplicates: [expect.objectContaining({ purchaseId: duplicate.id, paidCents: 50_000, refundedCents: 50_000 })],
    });
    const receipt = await loadReceipt(stubApp(), client.business, duplicate.id);
    expect(receipt).toMatchObject({
      status: "refunded",
      duplicateOf: original.id,
      amountCents: 50_000,
      refundedCents: 50_000,
      netCents: 0,
      refunds: [expect.objectContaining({ amountCents: 50_000, reason: "duplicate_payment" })],
    });
    const money = await loadEngagementMoney(stubApp(), outline.id);
    const row = money.items[0]!;
    expect(row).toMatchObject({
      charged: 100_000,
      refunded: 50_000,
      awaitingApproval: 50_000,
      held: 0,
      duplicate: { chargedCents: 50_000, refundedCents: 50_000, refundedAt: expect.any(String) },
      canRefund: true,
    });
    const { totals } = money;
    expect(totals.charged).toBe(
      totals.fees + totals.transferred + totals.refunded + totals.held + totals.awaitingApproval,
    );
    const manager = await signedInManager();
    const consolePage = await (
      await sendWithStripe(`/manage/engagements/${outline.id}`, { token: manager.token })
    ).text();
    expect(consolePage).toContain("Charged twice: the second payment of $500.00 was refunded automatically on");
    expect(consolePage).toContain("$1,000.00");

    // The second payment's success page says what happened instead of congratulating.
    const page = await sendWithStripe(
      `/delivery-item-payment-success?success=true&session_id=${duplicate.stripeCheckoutSessionId}&itemId=${item.id}&outlineId=${outline.id}`,
      { token: client.token },
    );
    const text = await page.text();
    expect(text).toContain("Already paid");
    expect(text).toContain(
      html("You had already paid for this, so this second payment of $500.00 was refunded to your card automatically."),
    );
    expect(text).not.toContain("Congratulations!");
  });

  it("the same rule for an insight and a benchmarking year: one delivered, the other refunded", async () => {
    const client = await signedInCustomer();
    const insightId = await createInsight(client.business.id);
    for (const [kind, reference, amount] of [
      ["insight", insightId, 49_500],
      ["benchmarking", "2031", 29_900],
    ] as const) {
      const a = await oneOffPurchaseFor(client.business.id, client.customerId, kind, reference, amount);
      const b = await oneOffPurchaseFor(client.business.id, client.customerId, kind, reference, amount, "canceled");
      await payStubSession(a.sessionId);
      await payStubSession(b.sessionId);
      await Promise.all([
        deliverEvent(stripeEvent("checkout.session.completed", { id: a.sessionId })),
        deliverEvent(stripeEvent("checkout.session.completed", { id: b.sessionId })),
        deliverEvent(stripeEvent("checkout.session.completed", { id: b.sessionId })),
      ]);
      const rows = [await purchaseRow(a.purchaseId), await purchaseRow(b.purchaseId)];
      expect(rows.map((row) => row.status).sort(), kind).toEqual(["paid", "refunded"]);
      const duplicate = rows.find((row) => row.status === "refunded")!;
      const original = rows.find((row) => row.status === "paid")!;
      expect(duplicate.duplicateOfPurchaseId).toBe(original.id);
      expect(await refundCallsOf(original.id)).toEqual([]);
      expect((await refundCallsOf(duplicate.id))[0]!.form.amount).toBe(String(amount));
    }
    const [insight] = await db().select().from(insightRequests).where(eq(insightRequests.id, insightId));
    expect(insight!.paymentComplete).toBe(true);
    const years = await benchmarkingRows(client.business.id);
    expect(years).toHaveLength(1);
    expect((await purchaseRow(years[0]!.purchaseId!)).status).toBe("paid");
    expect(await noticesOf(client.user.id, "duplicate_payment_refunded")).toHaveLength(2);
    const history = await loadPaymentHistory(stubApp(), client.business.id);
    expect(history.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(49_500 + 29_900);
  });

  it("a refund Stripe refuses answers 500 so Stripe retries; the daily retry settles it once", async () => {
    const client = await signedInCustomer();
    const a = await oneOffPurchaseFor(client.business.id, client.customerId, "benchmarking", "2032", 29_900);
    const b = await oneOffPurchaseFor(
      client.business.id,
      client.customerId,
      "benchmarking",
      "2032",
      29_900,
      "canceled",
    );
    await payStubSession(a.sessionId);
    await payStubSession(b.sessionId);
    expect((await deliverEvent(stripeEvent("checkout.session.completed", { id: a.sessionId }))).status).toBe(200);

    await fetch(`${stripeStubUrl()}/__fail`, {
      method: "POST",
      body: JSON.stringify({ status: 500, count: 2, path: "/v1/refunds" }),
    });
    const event = await signedEvent(stripeEvent("checkout.session.completed", { id: b.sessionId }));
    const failed = await deliver(event.body, event.header);
    expect(failed.status).toBe(500);
    expect(await purchaseRow(b.purchaseId)).toMatchObject({ status: "paid", duplicateOfPurchaseId: a.purchaseId });
    const [row] = await db().select().from(purchaseRefunds).where(eq(purchaseRefunds.purchaseId, b.purchaseId));
    expect(row).toMatchObject({ status: "failed", failureMessage: expect.stringContaining("refunds.create") });
    expect(await noticesOf(client.user.id, "duplicate_payment_refunded")).toEqual([]);

    // The daily cron's retry, then Stripe's own redelivery: one refund, one notice.
    expect(await retryDuplicateRefunds(stubApp())).toMatchObject({ failed: 0 });
    expect((await deliver(event.body, event.header)).status).toBe(200);
    expect(await purchaseRow(b.purchaseId)).toMatchObject({ status: "refunded" });
    const [settled] = await db().select().from(purchaseRefunds).where(eq(purchaseRefunds.purchaseId, b.purchaseId));
    expect(settled).toMatchObject({ status: "succeeded", amountCents: 29_900 });
    expect(new Set((await refundCallsOf(b.purchaseId)).map((call) => call.idempotencyKey)).size).toBe(1);
    expect(await noticesOf(client.user.id, "duplicate_payment_refunded")).toHaveLength(1);
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
    await createPurchaseRow(businessId, {
      id: crypto.randomUUID(),
      kind: "subscription",
      referenceId: "PREMIUM_PLAN_YEARLY",
      amountCents: 44_700 * 12,
      status: "pending",
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
    // The membership's change is recorded, by Partwise; a trial charged nothing, so no payment.
    // Replays of the same state (the event again, the subscription's own events) record nothing.
    expect((await deliverEvent(stripeEvent("checkout.session.completed", { id: sessionId }))).status).toBe(200);
    expect((await deliverEvent(stripeEvent("customer.subscription.created", { id: subscriptionId }))).status).toBe(200);
    expect(await auditOf(businessId, "membership.changed")).toEqual([
      expect.objectContaining({
        actorUserId: null,
        actorKind: "system",
        subjectType: "subscription",
        subjectId: subscriptionId,
        detail: { memberTier: ["BASIC", "PREMIUM"], subscriptionStatus: [null, "trialing"] },
      }),
    ]);
    expect(await auditOf(businessId, "payment.completed")).toEqual([]);
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
    expect((await auditOf(businessId, "membership.changed")).map((event) => event.detail)).toEqual([
      { memberTier: ["BASIC", "PREMIUM"], subscriptionStatus: [null, "trialing"] },
      { memberTier: ["PREMIUM", "BASIC"], subscriptionStatus: ["trialing", "canceled"] },
    ]);
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
    // Each change once, with only what changed; the late 'created' (the same state) recorded nothing.
    expect((await auditOf(businessId, "membership.changed")).map((event) => event.detail)).toEqual([
      { memberTier: ["BASIC", "STANDARD"], subscriptionStatus: [null, "active"] },
      { subscriptionStatus: ["active", "past_due"] },
      { subscriptionStatus: ["past_due", "active"] },
    ]);
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

describe("one live subscription per business (issue #36)", () => {
  /** A subscription checkout of `lookupKey` for the business, paid at the stub; its purchase recorded with `status`. */
  async function paidPlanCheckout(
    business: { businessId: string; customerId: string; userId?: string },
    lookupKey: string,
    options: { status?: "pending" | "canceled"; trialDays?: number; card?: { brand: string; last4: string } } = {},
  ) {
    const purchaseId = crypto.randomUUID();
    const session = await paymentProvider(stubApp()).createSubscriptionCheckout(
      {
        customerId: business.customerId,
        lookupKey,
        trialDays: options.trialDays ?? 7,
        successUrl: `${ORIGIN}/paymentStatus?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ORIGIN}/paymentStatus?canceled=true&purchaseType=plan`,
        clientReferenceId: business.businessId,
        metadata: { businessId: business.businessId, kind: "subscription", purchaseId },
      },
      `sub-${purchaseId}`,
    );
    await createPurchaseRow(business.businessId, {
      id: purchaseId,
      createdByUserId: business.userId ?? null,
      kind: "subscription",
      referenceId: lookupKey,
      amountCents: 24_700,
      status: options.status ?? "pending",
      stripeCheckoutSessionId: session.id,
      idempotencyKey: `sub-${purchaseId}`,
    });
    const paid = await payStubSession(
      session.id,
      (options.trialDays ?? 7) > 0 ? "no_payment_required" : "paid",
      options.card,
    );
    return { purchaseId, sessionId: session.id, subscriptionId: paid.subscription! };
  }

  const cancelCalls = async (subscriptionId: string) =>
    (await stripeRequests()).filter((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscriptionId}`);

  it("STARTER and SCALE checkouts both completed: SCALE is canceled at Stripe once, the plan stays STARTER, the business is told", async () => {
    const client = await signedInClient();
    const customer = await paymentProvider(stubApp()).createCustomer(
      { businessId: client.business.id, email: client.user.email, name: client.business.name },
      `customer-${client.business.id}`,
    );
    await db().update(businesses).set({ stripeCustomerId: customer.id }).where(eq(businesses.id, client.business.id));
    const owner = { businessId: client.business.id, customerId: customer.id, userId: client.user.id };
    const starter = await paidPlanCheckout(owner, "STANDARD_PLAN_MONTHLY");
    const scale = await paidPlanCheckout(owner, "PREMIUM_PLAN_MONTHLY", { status: "canceled" });

    expect((await deliverEvent(stripeEvent("checkout.session.completed", { id: starter.sessionId }))).status).toBe(200);
    const completed = await signedEvent(stripeEvent("checkout.session.completed", { id: scale.sessionId }));
    const created = await signedEvent(stripeEvent("customer.subscription.created", { id: scale.subscriptionId }));
    const answers = await Promise.all([
      deliver(completed.body, completed.header),
      deliver(completed.body, completed.header),
      deliver(created.body, created.header),
      deliver(created.body, created.header),
      fulfilCheckoutSession(stubApp(), scale.sessionId, ORIGIN),
    ]);
    for (const answer of answers) if (answer instanceof Response) expect(answer.status).toBe(200);

    expect(await businessRow(client.business.id)).toMatchObject({
      memberTier: "STANDARD",
      subscriptionId: starter.subscriptionId,
      subscriptionStatus: "trialing",
    });
    const calls = await cancelCalls(scale.subscriptionId);
    expect(calls).toHaveLength(1);
    // Canceled at once, without a proration credit: what it charged is refunded instead (here
    // nothing: it was in its trial).
    expect(calls[0]!.query).toMatchObject({ prorate: "false", invoice_now: "false" });
    expect((await paymentProvider(stubApp()).retrieveSubscription(scale.subscriptionId)).status).toBe("canceled");
    expect((await paymentProvider(stubApp()).retrieveSubscription(starter.subscriptionId)).status).toBe("trialing");
    expect(await cancelCalls(starter.subscriptionId)).toEqual([]);
    expect(
      (await stripeRequests()).filter(
        (r) => r.idempotencyKey === `refund-duplicate-subscription-${scale.subscriptionId}`,
      ),
    ).toEqual([]);
    expect(await purchaseRow(scale.purchaseId)).toMatchObject({ status: "refunded" });
    expect(await purchaseRow(starter.purchaseId)).toMatchObject({ status: "paid" });
    expect(
      await db().select().from(purchaseRefunds).where(eq(purchaseRefunds.subscriptionId, scale.subscriptionId)),
    ).toEqual([
      expect.objectContaining({
        purchaseId: scale.purchaseId,
        reason: "duplicate_subscription",
        status: "succeeded",
        amountCents: 0,
      }),
    ]);
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.user.id), eq(notifications.kind, "duplicate_subscription_canceled")));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toBe(
      "Your business already had the STARTER plan, so the second subscription you started (SCALE) was canceled at once; nothing was charged for it. To switch plans, use the billing portal (Manage billing).",
    );

    // Stripe's events about the canceled one change nothing.
    expect(
      (await deliverEvent(stripeEvent("customer.subscription.deleted", { id: scale.subscriptionId }))).status,
    ).toBe(200);
    expect(
      (await deliverEvent(stripeEvent("customer.subscription.updated", { id: scale.subscriptionId }))).status,
    ).toBe(200);
    expect(await businessRow(client.business.id)).toMatchObject({
      memberTier: "STANDARD",
      subscriptionId: starter.subscriptionId,
    });
    expect(await cancelCalls(scale.subscriptionId)).toHaveLength(1);

    // Its return page says what happened.
    const page = await sendWithStripe(`/paymentStatus?success=true&session_id=${scale.sessionId}`, {
      token: client.token,
    });
    const text = await page.text();
    expect(text).toContain("You already have a plan");
    expect(text).not.toContain("Congratulations!");
  });

  it("a stored subscription Stripe no longer knows gives way to the new one; each membership change recorded once", async () => {
    const { businessId, customerId } = await customerBusiness();
    const gone = `sub_gone_${crypto.randomUUID().slice(0, 8)}`;
    await db()
      .update(businesses)
      .set({ memberTier: "STANDARD", subscriptionId: gone, subscriptionStatus: "active" })
      .where(eq(businesses.id, businessId));
    const next = await paidPlanCheckout({ businessId, customerId }, "PREMIUM_PLAN_MONTHLY");
    expect((await deliverEvent(stripeEvent("customer.subscription.created", { id: next.subscriptionId }))).status).toBe(
      200,
    );
    expect(await businessRow(businessId)).toMatchObject({
      memberTier: "PREMIUM",
      subscriptionId: next.subscriptionId,
      subscriptionStatus: "trialing",
    });
    // The same state again (a new event id) records nothing more.
    expect((await deliverEvent(stripeEvent("customer.subscription.updated", { id: next.subscriptionId }))).status).toBe(
      200,
    );
    expect(
      (await auditOf(businessId, "membership.changed")).map(({ subjectId, detail }) => ({ subjectId, detail })),
    ).toEqual([
      { subjectId: gone, detail: { subscriptionStatus: ["active", "canceled"] } },
      {
        subjectId: next.subscriptionId,
        detail: { memberTier: ["STANDARD", "PREMIUM"], subscriptionStatus: ["canceled", "trialing"] },
      },
    ]);
  });

  it("a second subscription that charged (no trial) is canceled and its charge refunded once", async () => {
    const { businessId, customerId } = await customerBusiness();
    const kept = `sub_kept_${crypto.randomUUID().slice(0, 8)}`;
    await setStubSubscription(kept, { status: "active", customer: customerId, lookup_key: "STANDARD_PLAN_YEARLY" });
    await db()
      .update(businesses)
      .set({ memberTier: "STANDARD", subscriptionId: kept, subscriptionStatus: "active" })
      .where(eq(businesses.id, businessId));
    const second = await paidPlanCheckout({ businessId, customerId }, "PREMIUM_PLAN_MONTHLY", { trialDays: 0 });
    const event = await signedEvent(stripeEvent("customer.subscription.created", { id: second.subscriptionId }));
    const answers = await Promise.all([deliver(event.body, event.header), deliver(event.body, event.header)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await businessRow(businessId)).toMatchObject({ memberTier: "STANDARD", subscriptionId: kept });
    expect(await cancelCalls(second.subscriptionId)).toHaveLength(1);
    const refunds = (await stripeRequests()).filter(
      (r) => r.path === "/v1/refunds" && r.idempotencyKey === `refund-duplicate-subscription-${second.subscriptionId}`,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.amount).toBe("55900");
    expect(
      await db().select().from(purchaseRefunds).where(eq(purchaseRefunds.subscriptionId, second.subscriptionId)),
    ).toEqual([expect.objectContaining({ status: "succeeded", amountCents: 55_900, purchaseId: second.purchaseId })]);
    // Its refund's receipt, once: the plan refunded and the amount.
    const [refundRow] = await db()
      .select()
      .from(purchaseRefunds)
      .where(eq(purchaseRefunds.subscriptionId, second.subscriptionId));
    const receipts = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `receipt-refund-${refundRow!.stripeRefundId}`));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.kind).toBe("receipt_refund");
    expect(receipts[0]!.subject).toMatch(/^Your Partwise refund: /);
  });

  it("its refund receipt lost to a failed email is sent by the daily sweep, naming the card as the live one does", async () => {
    const { businessId, customerId, userId } = await customerBusiness();
    const kept = `sub_kept_${crypto.randomUUID().slice(0, 8)}`;
    await setStubSubscription(kept, { status: "active", customer: customerId, lookup_key: "STANDARD_PLAN_YEARLY" });
    await db()
      .update(businesses)
      .set({ memberTier: "STANDARD", subscriptionId: kept, subscriptionStatus: "active" })
      .where(eq(businesses.id, businessId));
    const second = await paidPlanCheckout({ businessId, customerId, userId }, "PREMIUM_PLAN_MONTHLY", {
      trialDays: 0,
      card: { brand: "mastercard", last4: "4444" },
    });

    // Resend is down while the event is handled: the live receipt is made, and its sending fails.
    const resend = { RESEND_API_KEY: "re_test_0123456789", RESEND_API_BASE: "https://resend.stub.test" };
    const realFetch = globalThis.fetch;
    const resendCalls: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = new Request(input, init).url;
      if (!url.startsWith(`${resend.RESEND_API_BASE}/`)) return realFetch(input, init);
      resendCalls.push(url);
      return Promise.resolve(new Response("Service unavailable", { status: 503 }));
    });
    try {
      const event = await signedEvent(stripeEvent("customer.subscription.created", { id: second.subscriptionId }));
      expect((await deliver(event.body, event.header, { env: resend })).status).toBe(200);
    } finally {
      fetchSpy.mockRestore();
    }
    expect(resendCalls.length).toBeGreaterThan(0);
    const [refundRow] = await db()
      .select()
      .from(purchaseRefunds)
      .where(eq(purchaseRefunds.subscriptionId, second.subscriptionId));
    const [stripeRefund] = (await stripeRequests()).filter(
      (r) => r.path === "/v1/refunds" && r.idempotencyKey === `refund-duplicate-subscription-${second.subscriptionId}`,
    );
    // The refund row keeps the PaymentIntent the money went back to.
    expect(refundRow).toMatchObject({
      status: "succeeded",
      amountCents: 55_900,
      purchaseId: second.purchaseId,
      paymentIntentId: stripeRefund!.form.payment_intent,
    });
    const key = `receipt-refund-${refundRow!.stripeRefundId}`;
    const [live] = await db().select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));
    expect(live).toMatchObject({ status: "failed", kind: "receipt_refund" });
    expect(live!.textBody).toContain("Refunded to:\nMastercard ending in 4444");

    // The next day's sweep (the refund is settled: older than 10 minutes) sends it once, with the card.
    await db()
      .update(purchaseRefunds)
      .set({ updatedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(purchaseRefunds.id, refundRow!.id));
    await Promise.all([sendMissedReceipts(stubApp()), sendMissedReceipts(stubApp())]);
    const swept = await db().select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));
    expect(swept).toHaveLength(1);
    expect(swept[0]).toMatchObject({
      id: live!.id,
      status: "sent",
      subject: "Your Partwise refund: SCALE (monthly) membership",
    });
    for (const part of [
      "Partwise refunded $559.00 of your payment for SCALE (monthly) membership.",
      "Amount refunded:\n$559.00",
      "Refunded to:\nMastercard ending in 4444",
      `Refund reference:\n${refundRow!.stripeRefundId}`,
    ]) {
      expect(swept[0]!.textBody).toContain(part);
    }
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
      [
        "timestamp a day in the future",
        body,
        (await signedEvent(body, STRIPE_STUB_WEBHOOK_SECRET, now + 86_400)).header,
      ],
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
    // Signed just before it is sent: a second passing between (a busy CI host) must not bring a
    // timestamp 301 s ahead back within the 300 s tolerance. 302 s: the two clocks are read in
    // whole seconds, so the server's may be one ahead.
    const tooFar = await signedEvent(body, STRIPE_STUB_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + 302);
    const future = await deliver(body, tooFar.header);
    expect(future.status, "timestamp 302 s in the future").toBe(400);
    expect(await future.json()).toEqual(BAD_SIGNATURE);
    expect((await purchaseRow(purchaseId)).status).toBe("pending");
    expect(await benchmarkingRows(businessId)).toHaveLength(0);
    expect(await eventRows(event.id)).toHaveLength(0);

    // The same event, correctly signed (a clock a minute ahead is within the tolerance), is
    // fulfilled: the 400s were the signatures' doing.
    const ahead = await signedEvent(body, STRIPE_STUB_WEBHOOK_SECRET, now + 60);
    expect((await deliver(body, ahead.header)).status).toBe(200);
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

  it("an event about a subscription Stripe does not know, or no business has, is acknowledged, recorded as ignored and logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const unknown = `sub_unknown_${crypto.randomUUID().slice(0, 8)}`;
    const orphan = `sub_orphan_${crypto.randomUUID().slice(0, 8)}`;
    await setStubSubscription(orphan, {
      status: "active",
      customer: "cus_nobody",
      lookup_key: "STANDARD_PLAN_MONTHLY",
    });
    const events = [
      stripeEvent("customer.subscription.updated", { id: unknown, object: "subscription" }),
      stripeEvent("customer.subscription.deleted", { id: unknown, object: "subscription" }),
      stripeEvent("invoice.paid", { id: "in_unknown", object: "invoice", subscription: unknown }),
      stripeEvent("invoice.payment_failed", {
        id: "in_unknown_2",
        object: "invoice",
        parent: { subscription_details: { subscription: unknown } },
      }),
      stripeEvent("customer.subscription.created", { id: orphan, object: "subscription" }),
      stripeEvent("invoice.paid", { id: "in_orphan", object: "invoice", subscription: orphan }),
    ];
    try {
      for (const event of events) {
        const response = await deliverEvent(event);
        expect(response.status, event.type).toBe(200);
        expect(await response.json()).toEqual({ received: true });
        expect(await eventRows(event.id)).toEqual([expect.objectContaining({ type: event.type, outcome: "ignored" })]);
      }
      const logged = warn.mock.calls.map((call) => String(call[0]));
      expect(logged.filter((line) => line.includes(`unknown subscription ${unknown}; ignored`))).toHaveLength(4);
      expect(logged.filter((line) => line.includes(`no business has subscription ${orphan}; ignored`))).toHaveLength(2);
    } finally {
      warn.mockRestore();
    }
    // A second delivery of one of them is answered from the record.
    expect((await deliverEvent(events[0]!)).status).toBe(200);
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
