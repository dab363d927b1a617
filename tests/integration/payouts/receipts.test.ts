import { and, eq, inArray } from "drizzle-orm";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appOrigins, businesses, deliveryItems, emailOutbox, itemRefunds, notifications, purchases } from "~db/schema";
import { formatDate } from "~/lib/shared/dates";
import { receiptNumber } from "~/lib/payouts/receipts";
import { refundItem } from "~/server/payouts/transfers.server";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { fulfilCheckoutSession, handleStripeWebhook } from "~/server/payments/fulfilment.server";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import {
  chargeReceiptKey,
  invoiceReceiptKey,
  refundReceiptKey,
  sendInvoiceReceipt,
  sendMissedReceipts,
  sendPaymentReceipt,
  sendRefundReceipt,
} from "~/server/payments/receipt-emails.server";
import { loadEngagementCosts, loadPaymentHistory, loadReceipt } from "~/server/payments/receipts.server";
import {
  call,
  createInsightRequestRow,
  createPurchaseRow,
  db,
  ORIGIN,
  payStubSession,
  setStubSubscription,
  signedEvent,
  stripeEvent,
  stripeRequests,
} from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import { sendWithStripe } from "../helpers/deliverables";
import { paidEngagement, refundsOf, stubApp, stubPayment } from "./helpers";

/**
 * The business's side of the money (issue #18, Q3): what each deliverable cost in the engagement
 * panel and the portal, the printable receipt of every paid purchase, the refunds, and the
 * Payments list in Settings → Account; another business's money is never visible.
 */

/** The page's visible text: tags and React's text separators removed, spaces collapsed. */
const textOf = (page: string) =>
  page
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

async function page(path: string, token: string) {
  const response = await call(path, { cookie: token });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Three prepaid deliverables ($1,500 each) through the stub; the third refunded by the manager. */
async function engagementWithRefund() {
  const engagement = await paidEngagement({ count: 3, delivered: 0 });
  const manager = await signedInManager();
  const [first, second, third] = engagement.items;
  const refunded = await refundItem(
    stubApp(),
    { userId: manager.user.id, kind: "admin" },
    engagement.outline.id,
    third!.id,
  );
  expect(refunded).toMatchObject({ ok: true });
  const rows = await db()
    .select({ id: deliveryItems.id, purchaseId: deliveryItems.paidPurchaseId })
    .from(deliveryItems)
    .where(inArray(deliveryItems.id, [first!.id, second!.id, third!.id]));
  const purchaseOf = (itemId: string) => rows.find((row) => row.id === itemId)!.purchaseId!;
  const [refund] = await refundsOf(third!.id);
  return { ...engagement, manager, first: first!, second: second!, third: third!, purchaseOf, refund: refund! };
}

describe("the engagement panel's costs", () => {
  it("shows what each deliverable cost, its receipt, the refund and the engagement's totals", async () => {
    const { client, outline, first, third, purchaseOf, refund } = await engagementWithRefund();
    const today = formatDate(new Date());
    const panel = await page(`/features?focus=Engagements&engagementId=${outline.id}`, client.token);
    const text = textOf(panel);
    expect(text).toContain(`Paid $1,500.00 on ${today} Receipt`);
    expect(text).toContain(`Refunded $1,500.00 on ${formatDate(refund.updatedAt)}`);
    expect(text).toContain("Engagement payments Paid $4,500.00 Refunded $1,500.00 Net paid $3,000.00");
    expect(panel).toContain(`href="/receipts/${purchaseOf(first.id)}"`);
    expect(panel).toContain(`aria-label="Receipt for Phase 1"`);
    expect(panel).toContain(`href="/receipts/${purchaseOf(third.id)}"`);
    expect(text.match(/Receipt /g)?.length).toBeGreaterThanOrEqual(3);
    expect(text.match(/Refunded \$1,500\.00 on/g)).toHaveLength(1);

    // The portal's Plan section (its current engagement, no id given) shows the same.
    const portal = textOf(await page("/engagement-portal", client.token));
    expect(portal).toContain(`Paid $1,500.00 on ${today} Receipt`);
    expect(portal).toContain("Engagement payments Paid $4,500.00 Refunded $1,500.00 Net paid $3,000.00");
  });

  it("shows no cost of an unpaid deliverable, and never another business's", async () => {
    const { client, outline } = await paidEngagement({ count: 1 });
    const other = await signedInClient();
    const answer = await call(`/features?focus=Engagements&engagementId=${outline.id}`, { cookie: other.token });
    expect(answer.status).toBe(200);
    const text = textOf(await answer.text());
    expect(text).not.toContain("$1,500.00");
    expect(text).not.toContain("Engagement payments");
    await db().update(deliveryItems).set({ paidPurchaseId: null }).where(eq(deliveryItems.outlineId, outline.id));
    const unpaid = textOf(await page(`/features?focus=Engagements&engagementId=${outline.id}`, client.token));
    expect(unpaid).not.toContain("Engagement payments");
    expect(unpaid).not.toContain("Receipt");
  });
});

describe("the receipt page", () => {
  it("shows Partwise, the number, the date, the business, what was bought, the amount, the reference and the status", async () => {
    const { client, outline, first, purchaseOf } = await engagementWithRefund();
    const purchaseId = purchaseOf(first.id);
    const [purchase] = await db().select().from(purchases).where(eq(purchases.id, purchaseId));
    // A purchase whose card is not recorded yet: the receipt asks the provider (the stub's charge)
    // once and records it on the purchase.
    expect(purchase!.cardBrand).toBeNull();
    expect((await loadReceipt(stubApp(), client.business, purchaseId))?.card).toEqual({ brand: "visa", last4: "4242" });
    const [recorded] = await db().select().from(purchases).where(eq(purchases.id, purchaseId));
    expect([recorded!.cardBrand, recorded!.cardLast4]).toEqual(["visa", "4242"]);
    const receipt = await page(`/receipts/${purchaseId}`, client.token);
    const text = textOf(receipt);
    const number = receiptNumber(purchaseId, purchase!.paidAt!);
    expect(number).toMatch(/^PW-\d{8}-[0-9A-Z]{8}$/);
    expect(text).toContain(
      `Partwise Receipt Sold by Partwise, Inc. 100 Commercial Street, Suite 400, Portland, ME 04101, United States Receipt number ${number}`,
    );
    expect(text).toContain(`Receipt number ${number}`);
    expect(text).toContain(`Date paid ${formatDate(purchase!.paidAt!)}`);
    expect(text).toContain(`Billed to ${client.business.name} ${client.business.city}, ${client.business.state}`);
    expect(text).toContain("Payment method Visa ending in 4242");
    expect(text).toContain(
      "What was paid for Description Amount Deliverable: Phase 1 (Margin recovery plan) $1,500.00 Subtotal $1,500.00 Sales tax $0.00 Total paid $1,500.00 No sales tax was charged on this purchase.",
    );
    expect(receipt).toContain(`href="/features?focus=Engagements&amp;engagementId=${outline.id}"`);
    expect(text).toContain(`Payment reference ${purchase!.stripePaymentIntentId}`);
    expect(receipt).toContain(`href="/receipts/${purchaseId}/receipt.pdf" download=""`);
    expect(purchase!.stripePaymentIntentId).toMatch(/^pi_/);
    expect(text).toContain("Status Paid");
    expect(text).not.toContain("Refunds");
    expect(receipt).toContain(`<title>Receipt ${number} | Partwise</title>`);
  });

  it("shows a refunded purchase's refund with its date, amount and reference", async () => {
    const { client, third, purchaseOf, refund } = await engagementWithRefund();
    const text = textOf(await page(`/receipts/${purchaseOf(third.id)}`, client.token));
    expect(text).toContain("Status Refunded");
    expect(refund.stripeRefundId).toMatch(/^re_/);
    expect(text).toContain(
      `Refunds Date refunded Amount refunded Refund reference ${formatDate(refund.updatedAt)} $1,500.00 ${refund.stripeRefundId}`,
    );
    expect(text).toContain("Net paid $0.00");
  });

  it("is 404 for another business's, an unpaid and an unknown purchase; anonymous goes to the login screen", async () => {
    const { client, first, purchaseOf } = await engagementWithRefund();
    const purchaseId = purchaseOf(first.id);
    const other = await signedInClient();
    // Through the Worker in Stripe mode: the first view of a receipt asks Stripe for its card and
    // records it; another business's view (page or PDF) asks nothing and writes nothing.
    const [before] = await db().select().from(purchases).where(eq(purchases.id, purchaseId));
    expect(before!.cardBrand).toBeNull();
    const cardLookups = async () =>
      (await stripeRequests()).filter((r) => r.path === `/v1/payment_intents/${before!.stripePaymentIntentId}`).length;
    const lookupsBefore = await cardLookups();
    for (const path of [`/receipts/${purchaseId}`, `/receipts/${purchaseId}/receipt.pdf`]) {
      const theirs = await sendWithStripe(path, { token: other.token });
      expect(theirs.status, path).toBe(404);
      expect(await theirs.text(), path).not.toContain("$1,500.00");
    }
    expect(await cardLookups()).toBe(lookupsBefore);
    expect((await db().select().from(purchases).where(eq(purchases.id, purchaseId)))[0]).toEqual(before);
    // Malformed ids are unknown purchases; a POST to the page is refused.
    for (const id of ["no-such-purchase", "x".repeat(500), "%27%3B%20DROP%20TABLE%20purchases", "%00"]) {
      expect((await call(`/receipts/${id}`, { cookie: client.token })).status, id).toBe(404);
      expect((await call(`/receipts/${id}/receipt.pdf`, { cookie: client.token })).status, id).toBe(404);
    }
    expect((await call(`/receipts/${purchaseId}`, { method: "POST", cookie: client.token })).status).toBe(405);
    for (const status of ["pending", "canceled", "failed"] as const) {
      await db().update(purchases).set({ status }).where(eq(purchases.id, purchaseId));
      expect((await call(`/receipts/${purchaseId}`, { cookie: client.token })).status, status).toBe(404);
    }
    await db().update(purchases).set({ status: "paid" }).where(eq(purchases.id, purchaseId));
    const anonymous = await call(`/receipts/${purchaseId}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    // Other roles go to their own home, without the receipt.
    const consultant = await signedInConsultant();
    const manager = await signedInManager();
    for (const [viewer, home] of [
      [consultant, "/consultant"],
      [manager, "/manage"],
    ] as const) {
      for (const path of [`/receipts/${purchaseId}`, `/receipts/${purchaseId}/receipt.pdf`]) {
        const staff = await call(path, { cookie: viewer.token });
        expect([staff.status, staff.headers.get("Location")], path).toEqual([302, home]);
        expect(await staff.text()).not.toContain("$1,500.00");
      }
    }
    // The business's own first view asks Stripe once and records the card.
    expect((await sendWithStripe(`/receipts/${purchaseId}`, { token: client.token })).status).toBe(200);
    expect(await cardLookups()).toBe(lookupsBefore + 1);
    const [after] = await db().select().from(purchases).where(eq(purchases.id, purchaseId));
    expect([after!.cardBrand, after!.cardLast4]).toEqual(["visa", "4242"]);
  });
});

describe("Settings → Account → Payments", () => {
  it("lists every payment and refund newest first, each with its receipt, and nothing of another business", async () => {
    const { client, first, third, purchaseOf } = await engagementWithRefund();
    const insight = await createInsightRequestRow(client.business.id, { category: "strategy" });
    const older = new Date(Date.now() - 5 * 86_400_000);
    await createPurchaseRow(client.business.id, {
      id: `insight-${insight.id}`,
      kind: "insight",
      referenceId: insight.id,
      amountCents: 9_900,
      stripePaymentIntentId: "pi_insight_1",
      paidAt: older,
    });
    await createPurchaseRow(client.business.id, {
      id: `plan-${insight.id}`,
      kind: "subscription",
      referenceId: "STANDARD_PLAN_MONTHLY",
      amountCents: 24_700,
      paidAt: older,
    });
    await createPurchaseRow(client.business.id, {
      id: `unpaid-${insight.id}`,
      kind: "benchmarking",
      referenceId: "2026",
      amountCents: 50_000,
      status: "pending",
    });
    const other = await signedInClient();
    const page1 = await page("/company-profile?tab=account", client.token);
    const text = textOf(page1);
    expect(text).toContain("Payments Every payment you made to Partwise and every refund, newest first.");
    expect(text).toContain("Your payments and refunds Date What Amount Status Receipt");
    const rows = [...page1.matchAll(/<tr class="payment-entry payment-entry-(\w+)">([\s\S]*?)<\/tr>/g)].map(
      ([, entry, row]) => `${entry}: ${textOf(row!).trim()}`,
    );
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatch(
      /^refund: .* Refund: Deliverable: Phase 3 \(Margin recovery plan\) -\$1,500\.00 Refunded PW-/,
    );
    expect(rows.filter((row) => row.startsWith("payment:") && row.includes("$1,500.00"))).toHaveLength(3);
    expect(rows.filter((row) => row.includes("Phase 3 (Margin recovery plan) $1,500.00 Refunded"))).toHaveLength(1);
    expect(rows[4]).toBe(
      `payment: ${formatDate(older)} Insight request: Strategy $99.00 Paid ${receiptNumber(`insight-${insight.id}`, older)}`,
    );
    expect(text).not.toContain("$500.00");
    // A plan's start is no payment receipt: its charges are invoices in the billing portal.
    expect(text).not.toContain("STARTER (monthly) membership");
    expect(text).toContain("Your membership's invoices are in the billing portal (Manage Payment).");
    expect((await call(`/receipts/plan-${insight.id}`, { cookie: client.token })).status).toBe(404);
    expect(page1).toContain(`href="/receipts/${purchaseOf(first.id)}"`);
    expect(page1.match(new RegExp(`href="/receipts/${purchaseOf(third.id)}"`, "g"))).toHaveLength(2);

    const theirs = textOf(await page("/company-profile?tab=account", other.token));
    expect(theirs).toContain("You have not made any payments yet.");
    expect(theirs).not.toContain("Phase 1");
    // Other tabs read no payments.
    expect(textOf(await page("/company-profile?tab=personal", client.token))).not.toContain(
      "Your payments and refunds",
    );
  });
});

describe("the refund's notices", () => {
  it("tell the business and the consultant once, and the business's Notifications list it", async () => {
    const { client, consultant, manager, outline, third } = await engagementWithRefund();
    const refundNotices = () =>
      db()
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, "item_refunded"),
            inArray(notifications.userId, [client.user.id, consultant.user.id]),
          ),
        );
    const sent = await refundNotices();
    expect(
      sent
        .map(({ userId, title, body, link }) => ({ userId, title, body, link }))
        .sort((a, b) => (a.userId === client.user.id ? -1 : b.userId === client.user.id ? 1 : 0)),
    ).toEqual([
      {
        userId: client.user.id,
        title: "A deliverable was refunded",
        body: 'Partwise refunded your payment for "Phase 3" of Margin recovery plan. Your bank shows it within 5–10 business days; the receipt lists the refund.',
        link: `/features?focus=Engagements&engagementId=${outline.id}`,
      },
      {
        userId: consultant.user.id,
        title: "A deliverable was refunded",
        body: `Partwise refunded ${client.business.name}'s payment for "Phase 3" of Margin recovery plan: it will not be delivered.`,
        link: `/consultant/engagements/${outline.id}`,
      },
    ]);
    // A second refund is refused and tells no one again.
    expect(await refundItem(stubApp(), { userId: manager.user.id, kind: "admin" }, outline.id, third.id)).toMatchObject(
      {
        ok: false,
        status: 409,
      },
    );
    expect(await refundNotices()).toHaveLength(2);
    expect(textOf(await page("/notifications", client.token))).toContain("A deliverable was refunded");
  });
});

/**
 * A D1 that counts the round trips a call makes: each statement waits a few milliseconds before
 * it runs, so statements sent side by side overlap and form one wave; a statement started after
 * another finished opens a new wave.
 */
function countingDb() {
  let inflight = 0;
  let waves = 0;
  let statements = 0;
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== "function") return value;
        if (prop === "bind")
          return (...args: unknown[]) => wrap((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args));
        if (prop === "all" || prop === "raw" || prop === "first" || prop === "run") {
          return async (...args: unknown[]) => {
            if (inflight === 0) waves++;
            inflight++;
            statements++;
            try {
              await new Promise((resolve) => setTimeout(resolve, 5));
              return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            } finally {
              inflight--;
            }
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const db = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const app = createAppContext({ ...env, DB: db } as unknown as CloudflareBindings, () => undefined);
  return { app, counts: () => ({ waves, statements }) };
}

describe("the reads' round trips", () => {
  it("costs, a receipt and the payment history each read in ONE D1 round trip", async () => {
    const { client, outline, first, purchaseOf } = await engagementWithRefund();
    const costs = countingDb();
    const read = await loadEngagementCosts(costs.app, client.business.id, outline.id);
    expect(read.paidCents).toBe(450_000);
    expect(costs.counts()).toEqual({ waves: 1, statements: 2 });
    const current = countingDb();
    expect((await loadEngagementCosts(current.app, client.business.id, null)).paidCents).toBe(450_000);
    expect(current.counts()).toEqual({ waves: 1, statements: 2 });
    // A receipt whose card is recorded (as its receipt email records it) reads D1 only.
    await db()
      .update(purchases)
      .set({ cardBrand: "visa", cardLast4: "4242" })
      .where(eq(purchases.id, purchaseOf(first.id)));
    const receipt = countingDb();
    expect(await loadReceipt(receipt.app, client.business, purchaseOf(first.id))).not.toBeNull();
    expect(receipt.counts()).toEqual({ waves: 1, statements: 2 });
    const history = countingDb();
    expect(await loadPaymentHistory(history.app, client.business.id)).toHaveLength(4);
    expect(history.counts()).toEqual({ waves: 1, statements: 2 });
  });
});

// ===== Issue #36: the receipt's PDF and the receipt emails =====

/** The receipt emails sent under one outbox key. */
const receiptEmails = (key: string) => db().select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));

/** A business with a Stripe customer at the stub and an unpaid $495 insight, its purchase and open session. */
async function insightCheckout() {
  const client = await signedInClient();
  const app = stubApp();
  const customer = await paymentProvider(app).createCustomer(
    { businessId: client.business.id, email: client.user.email, name: client.business.name },
    `customer-${client.business.id}`,
  );
  await db().update(businesses).set({ stripeCustomerId: customer.id }).where(eq(businesses.id, client.business.id));
  const insight = await createInsightRequestRow(client.business.id, { category: "finance" });
  const purchaseId = crypto.randomUUID();
  const session = await paymentProvider(app).createPaymentCheckout(
    {
      customerId: customer.id,
      amountCents: 49_500,
      currency: "usd",
      productName: "Diagnostic insight",
      successUrl: `${ORIGIN}/insight-payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/features`,
      clientReferenceId: client.business.id,
      metadata: { businessId: client.business.id, kind: "insight", purchaseId },
    },
    `purchase-${purchaseId}`,
  );
  await createPurchaseRow(client.business.id, {
    id: purchaseId,
    createdByUserId: client.user.id,
    kind: "insight",
    referenceId: insight.id,
    amountCents: 49_500,
    status: "pending",
    stripeCheckoutSessionId: session.id,
    idempotencyKey: `purchase-${purchaseId}`,
  });
  return { client, app, customerId: customer.id, purchaseId, sessionId: session.id };
}

describe("the receipt email of a payment (issue #36)", () => {
  it("is sent once, to who paid, whichever door fulfils the payment and however often, with the seller, card, tax and links", async () => {
    const { client, app, purchaseId, sessionId } = await insightCheckout();
    const paid = await payStubSession(sessionId, "paid", { brand: "mastercard", last4: "4444" });
    const completed = () =>
      signedEvent(stripeEvent("checkout.session.completed", { id: sessionId, object: "checkout.session" }));
    const [first, second] = [await completed(), await completed()];
    // The webhook (twice, two event ids) and two success pages, all at once.
    const [hookA, hookB, pageA, pageB] = await Promise.all([
      handleStripeWebhook(app, first.body, first.header, ORIGIN),
      handleStripeWebhook(app, second.body, second.header, ORIGIN),
      fulfilCheckoutSession(app, sessionId, ORIGIN),
      fulfilCheckoutSession(app, sessionId, ORIGIN),
    ]);
    expect([hookA.status, hookB.status]).toEqual([200, 200]);
    expect([pageA, pageB].filter((result) => result.fulfilled).length).toBeLessThanOrEqual(1);

    const emails = await receiptEmails(chargeReceiptKey(purchaseId));
    expect(emails).toHaveLength(1);
    const [purchase] = await db().select().from(purchases).where(eq(purchases.id, purchaseId));
    expect(purchase).toMatchObject({ status: "paid", cardBrand: "mastercard", cardLast4: "4444", taxCents: 0 });
    const number = receiptNumber(purchaseId, purchase!.paidAt!);
    expect(emails[0]).toMatchObject({
      toAddress: client.user.email,
      subject: `Your Partwise receipt ${number}`,
      kind: "receipt_charge",
      status: "sent",
    });
    const text = emails[0]!.textBody;
    for (const part of [
      `Receipt ${number}`,
      "Thank you for your payment. This is your receipt for Insight request: Finance.",
      "Sold by:\nPartwise, Inc.\n100 Commercial Street, Suite 400, Portland, ME 04101, United States",
      `Billed to:\n${client.business.name}\n${client.business.city}, ${client.business.state}`,
      `Receipt number:\n${number}`,
      `Date paid:\n${formatDate(purchase!.paidAt!)}`,
      "Item:\nInsight request: Finance",
      "Subtotal:\n$495.00",
      "Sales tax:\n$0.00 (No sales tax was charged on this purchase.)",
      "Total paid:\n$495.00",
      "Payment method:\nMastercard ending in 4444",
      `Payment reference:\n${paid.payment_intent}`,
      `View your receipt: ${ORIGIN}/receipts/${purchaseId}`,
      `Download PDF: ${ORIGIN}/receipts/${purchaseId}/receipt.pdf`,
      "You get this email because your business paid Partwise. Keep it for your records.",
    ]) {
      expect(text).toContain(part);
    }
    // The card was asked of Stripe once, by the call that sent the receipt.
    const cardCalls = (await stripeRequests()).filter(
      (request) => request.method === "GET" && request.path === `/v1/payment_intents/${paid.payment_intent}`,
    );
    expect(cardCalls).toHaveLength(1);
    expect(Object.entries(cardCalls[0]!.query)).toContainEqual(["expand[0]", "latest_charge"]);

    // Asked again later (a retry, a replay): nothing more is sent.
    expect(await sendPaymentReceipt(app, purchaseId, ORIGIN)).toBe(false);
    expect(await receiptEmails(chargeReceiptKey(purchaseId))).toHaveLength(1);

    // The page shows the same card; the PDF is the same receipt.
    const page = textOf(await (await call(`/receipts/${purchaseId}`, { cookie: client.token })).text());
    expect(page).toContain("Payment method Mastercard ending in 4444");
    expect(page).toContain("Total paid $495.00");
  });

  it("is not sent for a plan's purchase (its charges are invoices) nor for an unpaid one", async () => {
    const { app, purchaseId } = await insightCheckout();
    expect(await sendPaymentReceipt(app, purchaseId, ORIGIN)).toBe(false);
    await db().update(purchases).set({ kind: "subscription", status: "paid" }).where(eq(purchases.id, purchaseId));
    expect(await sendPaymentReceipt(app, purchaseId, ORIGIN)).toBe(false);
    expect(await receiptEmails(chargeReceiptKey(purchaseId))).toHaveLength(0);
  });
});

describe("the receipt email of a refund (issue #36)", () => {
  it("is sent once per refund by the manager's refund, and any refund path may call it again safely", async () => {
    const { client, third, purchaseOf, refund } = await engagementWithRefund();
    const purchaseId = purchaseOf(third.id);
    expect(refund.stripeRefundId).toMatch(/^re_stub_/);
    const key = refundReceiptKey(refund.stripeRefundId!);
    const emails = await receiptEmails(key);
    expect(emails).toHaveLength(1);
    const [purchase] = await db().select().from(purchases).where(eq(purchases.id, purchaseId));
    const number = receiptNumber(purchaseId, purchase!.paidAt!);
    expect(emails[0]).toMatchObject({
      toAddress: client.user.email,
      subject: `Your Partwise refund for receipt ${number}`,
      kind: "receipt_refund",
    });
    const text = emails[0]!.textBody;
    for (const part of [
      `Refund for receipt ${number}`,
      "Partwise refunded $1,500.00 of your payment for Deliverable: Phase 3 (Margin recovery plan). Your bank shows it within 5–10 business days.",
      "Sold by:\nPartwise, Inc.",
      `Date refunded:\n${formatDate(refund.updatedAt)}`,
      "Amount refunded:\n$1,500.00",
      "Refunded to:\nVisa ending in 4242",
      `Refund reference:\n${refund.stripeRefundId}`,
      `Original payment:\n$1,500.00 on ${formatDate(purchase!.paidAt!)}, receipt number ${number} (Refunded)`,
      // The manager's refund here had no origin: the email says where the receipt is.
      "Your receipts are in Partwise under Settings → Account → Payments.",
    ]) {
      expect(text).toContain(part);
    }

    // The same refund again, from anywhere and at once: nothing more.
    const input = {
      purchaseId,
      refundId: refund.stripeRefundId!,
      amountCents: 150_000,
      refundedAt: refund.updatedAt,
    };
    const again = await Promise.all(Array.from({ length: 4 }, () => sendRefundReceipt(stubApp(), input, ORIGIN)));
    expect(again).toEqual([false, false, false, false]);
    expect(await receiptEmails(key)).toHaveLength(1);

    // Another refund (another path, e.g. an automatic refund of a duplicate payment) has its own receipt, once.
    const other = { ...input, refundId: `re_other_${crypto.randomUUID()}`, amountCents: 500 };
    const raced = await Promise.all([
      sendRefundReceipt(stubApp(), other, ORIGIN),
      sendRefundReceipt(stubApp(), other, ORIGIN),
    ]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    const [second] = await receiptEmails(refundReceiptKey(other.refundId));
    expect(second!.textBody).toContain("Amount refunded:\n$5.00");
    expect(second!.textBody).toContain(`View your receipt: ${ORIGIN}/receipts/${purchaseId}`);
  });
});

describe("the receipt email of a plan's refund (issue #36)", () => {
  it("names the plan and the card, once, for a refund of a subscription's purchase (which has no one-off receipt)", async () => {
    const { client, app, purchaseId } = await insightCheckout();
    await db()
      .update(purchases)
      .set({ kind: "subscription", referenceId: "PREMIUM_PLAN_MONTHLY", status: "paid", paidAt: new Date() })
      .where(eq(purchases.id, purchaseId));
    const paymentIntentId = await stubPayment(55_900);
    const refund = {
      purchaseId,
      refundId: `re_plan_${crypto.randomUUID()}`,
      amountCents: 31_940,
      refundedAt: new Date(Date.UTC(2026, 10, 20)),
      paymentIntentId,
    };
    const sent = await Promise.all([sendRefundReceipt(app, refund, ORIGIN), sendRefundReceipt(app, refund, ORIGIN)]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    const emails = await receiptEmails(refundReceiptKey(refund.refundId));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      toAddress: client.user.email,
      subject: "Your Partwise refund: SCALE (monthly) membership",
      kind: "receipt_refund",
    });
    for (const part of [
      "Partwise refunded $319.40 of your payment for SCALE (monthly) membership.",
      "Date refunded:\nNov 20, 2026",
      "Amount refunded:\n$319.40",
      "Refunded to:\nVisa ending in 4242",
      `Refund reference:\n${refund.refundId}`,
      "Your membership's invoices are in the billing portal (Manage Payment).",
    ]) {
      expect(emails[0]!.textBody).toContain(part);
    }
  });
});

describe("the receipt email of a membership invoice (issue #36)", () => {
  it("is sent once per paid invoice from invoice.paid, to the business's owner; a trial's $0 invoice sends nothing", async () => {
    const { client, app, customerId } = await insightCheckout();
    const subscriptionId = `sub_stub_receipt_${crypto.randomUUID().slice(0, 8)}`;
    await setStubSubscription(subscriptionId, {
      status: "active",
      customer: customerId,
      lookup_key: "STANDARD_PLAN_MONTHLY",
    });
    const paymentIntent = await stubPayment(24_700);
    const start = Math.floor(Date.UTC(2026, 10, 3) / 1000);
    const end = Math.floor(Date.UTC(2026, 11, 3) / 1000);
    const invoice = {
      id: `in_stub_${crypto.randomUUID().slice(0, 12)}`,
      object: "invoice",
      customer: customerId,
      subscription: subscriptionId,
      number: "A1B2C3-0002",
      status: "paid",
      amount_paid: 24_700,
      subtotal: 24_700,
      total_taxes: [],
      payment_intent: paymentIntent,
      status_transitions: { paid_at: start },
      hosted_invoice_url: "https://invoice.stripe.test/i/acct_1/test_abc",
      lines: { data: [{ description: "1 × Partwise STARTER (at $247.00 / month)", period: { start, end } }] },
    };
    const events = await Promise.all([
      signedEvent(stripeEvent("invoice.paid", invoice)),
      signedEvent(stripeEvent("invoice.paid", invoice)),
    ]);
    const answers = await Promise.all(events.map(({ body, header }) => handleStripeWebhook(app, body, header, ORIGIN)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const emails = await receiptEmails(invoiceReceiptKey(invoice.id));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      toAddress: client.user.email,
      subject: "Your Partwise membership receipt A1B2C3-0002",
      kind: "receipt_invoice",
    });
    for (const part of [
      "Membership receipt A1B2C3-0002",
      "Thank you for your payment. This is your receipt for 1 × Partwise STARTER (at $247.00 / month).",
      "Sold by:\nPartwise, Inc.\n100 Commercial Street, Suite 400, Portland, ME 04101, United States",
      `Billed to:\n${client.business.name}\n${client.business.city}, ${client.business.state}`,
      "Invoice number:\nA1B2C3-0002",
      "Date paid:\nNov 3, 2026",
      "Period:\nNov 3, 2026 – Dec 3, 2026",
      "Sales tax:\n$0.00 (No sales tax was charged on this purchase.)",
      "Total paid:\n$247.00",
      "Payment method:\nVisa ending in 4242",
      "View the invoice at Stripe: https://invoice.stripe.test/i/acct_1/test_abc",
    ]) {
      expect(emails[0]!.textBody).toContain(part);
    }

    const trial = { ...invoice, id: `in_stub_trial_${crypto.randomUUID().slice(0, 8)}`, amount_paid: 0 };
    expect(await sendInvoiceReceipt(app, trial)).toBe(false);
    const stranger = { ...invoice, id: `in_stub_x_${crypto.randomUUID().slice(0, 8)}`, customer: "cus_not_ours" };
    expect(await sendInvoiceReceipt(app, stranger)).toBe(false);
    expect(await receiptEmails(invoiceReceiptKey(trial.id))).toHaveLength(0);
    expect(await receiptEmails(invoiceReceiptKey(stranger.id))).toHaveLength(0);
  });
});

describe("the receipt's PDF (issue #36)", () => {
  it("downloads the business's own receipt as a PDF; another business, anonymous, unpaid and unknown get nothing", async () => {
    const { client, first, third, purchaseOf } = await engagementWithRefund();
    const purchaseId = purchaseOf(third.id);
    const [purchase] = await db().select().from(purchases).where(eq(purchases.id, purchaseId));
    const number = receiptNumber(purchaseId, purchase!.paidAt!);
    const answer = await call(`/receipts/${purchaseId}/receipt.pdf`, { cookie: client.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("Content-Disposition")).toBe(`attachment; filename="receipt-${number}.pdf"`);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(answer.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    const pdf = Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    for (const line of [
      "(Partwise, Inc.) Tj",
      `(Receipt number: ${number}) Tj`,
      `(${client.business.name}) Tj`,
      "(Total paid: $1,500.00) Tj",
      "(Visa ending in 4242) Tj",
      "(Net paid: $0.00) Tj",
    ]) {
      expect(pdf).toContain(line);
    }

    const other = await signedInClient();
    const theirs = await call(`/receipts/${purchaseId}/receipt.pdf`, { cookie: other.token });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain("%PDF");
    const anonymous = await call(`/receipts/${purchaseId}/receipt.pdf`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    expect((await call("/receipts/no-such-purchase/receipt.pdf", { cookie: client.token })).status).toBe(404);
    await db()
      .update(purchases)
      .set({ status: "pending" })
      .where(eq(purchases.id, purchaseOf(first.id)));
    expect((await call(`/receipts/${purchaseOf(first.id)}/receipt.pdf`, { cookie: client.token })).status).toBe(404);
    const post = await call(`/receipts/${purchaseId}/receipt.pdf`, { method: "POST", cookie: client.token });
    expect(post.status).toBe(405);
  });
});

describe("the daily sweep of missed receipts (issue #36)", () => {
  it("sends, once, the receipts of the last 7 days whose sending failed or never happened", async () => {
    const hour = 60 * 60 * 1000;
    // A charge paid an hour ago whose Worker died before its receipt; one whose email failed; one
    // paid two minutes ago (its sender may still be at work); one paid 8 days ago.
    const missed = await insightCheckout();
    const failed = await insightCheckout();
    const young = await insightCheckout();
    const old = await insightCheckout();
    for (const [checkout, ago] of [
      [missed, hour],
      [failed, hour],
      [young, 2 * 60_000],
      [old, 8 * 24 * hour],
    ] as const) {
      const paid = await payStubSession(checkout.sessionId);
      await db()
        .update(purchases)
        .set({ status: "paid", paidAt: new Date(Date.now() - ago), stripePaymentIntentId: paid.payment_intent })
        .where(eq(purchases.id, checkout.purchaseId));
    }
    await db()
      .insert(emailOutbox)
      .values({
        toAddress: failed.client.user.email,
        fromAddress: "Partwise <no-reply@partwise.test>",
        subject: "Your Partwise receipt",
        textBody: "(the failed try)",
        kind: "receipt_charge",
        status: "failed",
        error: "Resend answered 503",
        dedupeKey: chargeReceiptKey(failed.purchaseId),
      });
    // A refund whose receipt never went out (its row is gone, as if the Worker died before it).
    const { third, refund } = await engagementWithRefund();
    await db()
      .delete(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, refundReceiptKey(refund.stripeRefundId!)));
    await db()
      .update(itemRefunds)
      .set({ updatedAt: new Date(Date.now() - hour) })
      .where(eq(itemRefunds.itemId, third.id));

    // A cron has no request: without APP_URL the links take the app's last known origin (ADR 047).
    const stored = "https://stored-origin.partwise.test";
    await db()
      .insert(appOrigins)
      .values({ id: "app", origin: stored, updatedAt: new Date() })
      .onConflictDoUpdate({ target: appOrigins.id, set: { origin: stored } });

    const [first, second] = await Promise.all([sendMissedReceipts(stubApp()), sendMissedReceipts(stubApp())]);
    expect(first + second).toBeGreaterThanOrEqual(3);
    for (const key of [
      chargeReceiptKey(missed.purchaseId),
      chargeReceiptKey(failed.purchaseId),
      refundReceiptKey(refund.stripeRefundId!),
    ]) {
      const rows = await receiptEmails(key);
      expect(rows, key).toHaveLength(1);
      expect(rows[0]!.status, key).toBe("sent");
    }
    const [retried] = await receiptEmails(chargeReceiptKey(failed.purchaseId));
    expect(retried!.textBody).toContain("Total paid:\n$495.00");
    const [swept] = await receiptEmails(chargeReceiptKey(missed.purchaseId));
    expect(swept!.textBody).toContain(`${stored}/receipts/${missed.purchaseId}`);
    expect(await receiptEmails(chargeReceiptKey(young.purchaseId))).toHaveLength(0);
    expect(await receiptEmails(chargeReceiptKey(old.purchaseId))).toHaveLength(0);

    // The next day's sweep finds nothing of theirs left to send.
    await sendMissedReceipts(stubApp());
    expect(await receiptEmails(chargeReceiptKey(missed.purchaseId))).toHaveLength(1);
    expect(await receiptEmails(refundReceiptKey(refund.stripeRefundId!))).toHaveLength(1);
  });
});
