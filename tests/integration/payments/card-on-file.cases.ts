import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cardsOnFile, deliveryItems, deliveryOutlines, purchases } from "~db/schema";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { NOTICE_ITEM_PAYMENT_DECLINED } from "~/lib/payments/card-on-file-copy";
import { startOneOffCheckout } from "~/server/payments/checkout.server";
import {
  createConsultant,
  db,
  failStubCard,
  html,
  noticesOf,
  ORIGIN,
  payStubInvoice,
  payStubSession,
  retryStubInvoice,
  setStubDefaultCard,
  STRIPE_STUB_SECRET_KEY,
  stripeEvent,
  stripeStubUrl,
  stubInvoice,
} from "../helpers";
import { createSignedOutline, deliverStripeEvent as deliverEvent, sendWithStripe } from "../helpers/deliverables";
import { payoutAccount, stubApp, stubRequests, transfersOf } from "../payouts/helpers";
import { signedInClient } from "../../factories";

/**
 * The card on file (issue #41, docs/decisions/082): the first deliverable's checkout saves the
 * card; every later deliverable is charged to it by a Stripe Invoice, exactly once, with a decline
 * told to the business, retried by Stripe or paid on the invoice's page, and the card changed in
 * the customer portal.
 */

const PRICES = [150_000, 90_000, 60_000];

const itemSession = (token: string, deliveryItemId: string, deliveryOutlineId: string) =>
  sendWithStripe("/api/payments/create-item-session", { token, json: { deliveryItemId, deliveryOutlineId } });

const review = (token: string, outlineId: string, itemId: string, decision: "prepay" | "pause") =>
  sendWithStripe("/api/delivery-outline/business/item-review", {
    token,
    method: "PUT",
    json: { deliveryItemId: itemId, deliveryOutlineId: outlineId, decision, businessNotes: "" },
  });

async function itemRow(id: string) {
  const [row] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, id));
  return row!;
}

const purchasesOf = (businessId: string, itemId: string) =>
  db()
    .select()
    .from(purchases)
    .where(and(eq(purchases.businessId, businessId), eq(purchases.referenceId, itemId)));

async function stubCustomer(id: string) {
  const response = await fetch(`${stripeStubUrl()}/v1/customers/${id}`, {
    headers: { authorization: `Bearer ${STRIPE_STUB_SECRET_KEY}` },
  });
  return (await response.json()) as { invoice_settings: { default_payment_method: string | null } };
}

/** The requests to the stub about one invoice (its item, finalize and pay calls). */
async function invoiceCalls(invoiceId: string) {
  const requests = await stubRequests();
  return requests
    .filter((request) => request.method === "POST" && request.path.startsWith(`/v1/invoices/${invoiceId}/`))
    .map((request) => request.path.replace(`/v1/invoices/${invoiceId}/`, ""));
}

/**
 * A signed engagement of three deliverables whose first was prepaid through the checkout (the
 * card saved) and delivered: it waits for the business's review.
 */
async function firstPaidByCheckout() {
  const client = await signedInClient();
  const consultant = await createConsultant();
  const { outline, items } = await createSignedOutline(client.business.id, consultant.user.id, {
    items: PRICES.map((priceCents) => ({ priceCents })),
  });
  const started = await itemSession(client.token, items[0]!.id, outline.id);
  expect(started.status).toBe(200);
  const sessionId = ((await started.json()) as { url: string }).url.split("/").pop()!;
  await payStubSession(sessionId);
  expect((await deliverEvent(stripeEvent("checkout.session.completed", { id: sessionId }))).status).toBe(200);
  await db()
    .update(deliveryItems)
    .set({
      status: "delivered",
      consultantConfirmedDelivery: true,
      summaryOfWork: "The freight analysis.",
      businessDeliveryReview: "pending",
    })
    .where(eq(deliveryItems.id, items[0]!.id));
  const [card] = await db().select().from(cardsOnFile).where(eq(cardsOnFile.businessId, client.business.id));
  return { client, consultant, outline, items, sessionId, card: card! };
}

describe("the card on file", () => {
  it("is saved by the first checkout, then the next deliverable is charged to it once when the business accepts and prepays", async () => {
    const { client, consultant, outline, items, card } = await firstPaidByCheckout();
    const checkout = (await stubRequests()).find(
      (request) => request.path === "/v1/checkout/sessions" && request.form["metadata[referenceId]"] === items[0]!.id,
    );
    expect(checkout?.form["payment_intent_data[setup_future_usage]"]).toBe("off_session");
    expect(card).toMatchObject({ brand: "visa", last4: "4242" });
    expect(card.stripePaymentMethodId).toMatch(/^pm_/);
    expect((await stubCustomer(card.stripeCustomerId)).invoice_settings.default_payment_method).toBe(
      card.stripePaymentMethodId,
    );
    await payoutAccount(consultant.user.id, true);

    const accepted = await review(client.token, outline.id, items[0]!.id, "prepay");
    expect(accepted.status).toBe(200);
    const answer = (await accepted.json()) as { checkoutUrl: string | null; payment: unknown };
    expect(answer.checkoutUrl).toBeNull();
    expect(answer.payment).toEqual({
      paid: true,
      message: `Paid: $900.00 charged to your Visa ending in 4242. Your consultant can start on "${items[1]!.title}".`,
    });
    const second = await itemRow(items[1]!.id);
    expect(second.status).toBe("active");
    const [charged] = await purchasesOf(client.business.id, items[1]!.id);
    expect(charged).toMatchObject({ status: "paid", amountCents: 90_000, id: second.paidPurchaseId });
    expect(charged!.stripeInvoiceId).toMatch(/^in_/);
    expect(charged!.stripeCheckoutSessionId).toBeNull();
    expect(charged!.stripePaymentIntentId).toMatch(/^pi_/);
    const invoice = await stubInvoice(charged!.stripeInvoiceId!);
    expect(invoice).toMatchObject({
      status: "paid",
      amount_paid: 90_000,
      customer: card.stripeCustomerId,
      collection_method: "charge_automatically",
      metadata: { purchaseId: charged!.id, referenceId: items[1]!.id, kind: "delivery_item" },
    });
    expect(await invoiceCalls(invoice.id)).toEqual(["finalize", "pay"]);
    expect(await noticesOf(consultant.user.id, "item_paid")).toHaveLength(2);

    // Stripe's invoice.paid (and its replay) changes nothing more.
    const paidEvent = stripeEvent("invoice.paid", { id: invoice.id, object: "invoice" });
    expect((await deliverEvent(paidEvent)).status).toBe(200);
    expect((await deliverEvent(stripeEvent("invoice.paid", { id: invoice.id, object: "invoice" }))).status).toBe(200);
    expect(await purchasesOf(client.business.id, items[1]!.id)).toHaveLength(1);
    expect((await itemRow(items[1]!.id)).updatedAt.getTime()).toBe(second.updatedAt.getTime());
    expect(await noticesOf(consultant.user.id, "item_paid")).toHaveLength(2);

    // The consultant's share of the first deliverable was transferred from the checkout's charge,
    // and the second deliverable's approval transfers from the invoice's charge.
    await db()
      .update(deliveryItems)
      .set({ status: "delivered", consultantConfirmedDelivery: true, businessDeliveryReview: "pending" })
      .where(eq(deliveryItems.id, items[1]!.id));
    expect((await review(client.token, outline.id, items[1]!.id, "pause")).status).toBe(200);
    const [transfer] = await transfersOf(items[1]!.id);
    expect(transfer).toMatchObject({
      amountCents: 72_000,
      feeCents: 18_000,
      chargedCents: 90_000,
      status: "paid",
      purchaseId: charged!.id,
    });
    const transferCall = (await stubRequests()).find(
      (request) => request.path === "/v1/transfers" && request.form["metadata[itemId]"] === items[1]!.id,
    );
    expect(transferCall?.form.source_transaction).toMatch(/^ch_/);
  });

  it("two prepays at once charge one invoice once", async () => {
    const { client, outline, items } = await firstPaidByCheckout();
    await db()
      .update(deliveryItems)
      .set({ status: "approved", businessDeliveryReview: "approved" })
      .where(eq(deliveryItems.id, items[0]!.id));
    await db().update(deliveryOutlines).set({ activeItemId: null }).where(eq(deliveryOutlines.id, outline.id));

    const answers = await Promise.all([
      itemSession(client.token, items[1]!.id, outline.id),
      itemSession(client.token, items[1]!.id, outline.id),
      itemSession(client.token, items[1]!.id, outline.id),
    ]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { url?: string; msg: string }[];
    const charged = bodies.filter((body) => body.url);
    expect(charged.length).toBeGreaterThanOrEqual(1);
    for (const body of charged) {
      expect(body).toEqual({
        url: businessEngagementPath(outline.id),
        msg: `Paid: $900.00 charged to your Visa ending in 4242. Your consultant can start on "${items[1]!.title}".`,
      });
    }
    for (const [index, answer] of answers.entries()) {
      if (!bodies[index]!.url) {
        expect(answer.status).toBe(409);
        expect([
          "This deliverable is already paid.",
          "This deliverable is already being charged to your card on file. Reload the page in a moment to see the payment.",
        ]).toContain(bodies[index]!.msg);
      }
    }
    const rows = await purchasesOf(client.business.id, items[1]!.id);
    expect(rows.map((row) => row.status)).toEqual(["paid"]);
    const calls = await invoiceCalls(rows[0]!.stripeInvoiceId!);
    expect(calls.filter((call) => call === "pay").length).toBeGreaterThanOrEqual(1);
    const invoice = await stubInvoice(rows[0]!.stripeInvoiceId!);
    expect(invoice.payments?.data).toHaveLength(1);
    expect(invoice.amount_paid).toBe(90_000);
    const invoicesMade = (await stubRequests()).filter(
      (request) => request.path === "/v1/invoices" && request.form["metadata[referenceId]"] === items[1]!.id,
    );
    expect(new Set(invoicesMade.map((request) => request.idempotencyKey)).size).toBe(1);

    // And the API's second prepay after it is paid: refused, nothing charged.
    const again = await itemSession(client.token, items[1]!.id, outline.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ msg: "This deliverable is already paid." });
  });

  it("a decline leaves the deliverable unpaid, tells the payers once, and Stripe's retry pays it once", async () => {
    const { client, outline, items, card } = await firstPaidByCheckout();
    await failStubCard(card.stripePaymentMethodId);

    const accepted = await review(client.token, outline.id, items[0]!.id, "prepay");
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { payment: unknown }).payment).toEqual({
      paid: false,
      message:
        'Stripe declined your Visa ending in 4242 ("Your card was declined."). Pay the invoice with another card, or change the card on file and prepay again.',
    });
    const second = await itemRow(items[1]!.id);
    expect(second.paidPurchaseId).toBeNull();
    expect(second.status).not.toBe("active");
    const [open] = await purchasesOf(client.business.id, items[1]!.id);
    expect(open).toMatchObject({ status: "pending", declineMessage: "Your card was declined.", declineAttempts: 1 });
    expect(open!.invoiceUrl).toBe(`https://invoice.stripe.test/i/${open!.stripeInvoiceId}`);
    expect(open!.retryAt!.getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    const declined = await noticesOf(client.user.id, "item_payment_declined");
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatchObject({ title: NOTICE_ITEM_PAYMENT_DECLINED });
    expect(declined[0]!.body).toContain(
      `The charge of $900.00 for "${items[1]!.title}" of ${outline.title} to your Visa ending in 4242 was declined. Stripe tries the card again on `,
    );

    // The engagement says so, with the invoice's page; a checkout beside the open charge is refused.
    const page = await (await sendWithStripe(businessEngagementPath(outline.id), { token: client.token })).text();
    expect(page).toContain(html(`The charge for "${items[1]!.title}" was declined on `));
    expect(page).toContain(`href="${open!.invoiceUrl}"`);
    expect(page).toContain("Pay the invoice");
    expect(page).toContain(html("Prepay charges your card on file, Visa ending in 4242."));
    const viewer = {
      user: { id: client.user.id, email: client.user.email, emailVerified: true },
      business: { ...client.business, stripeCustomerId: card.stripeCustomerId },
    };
    const checkout = await startOneOffCheckout(
      stubApp(),
      viewer as never,
      "delivery_item",
      { itemId: items[1]!.id, outlineId: outline.id },
      ORIGIN,
    );
    expect(checkout).toEqual({
      ok: false,
      status: 409,
      msg: "This deliverable is already being charged to your card on file. Pay its invoice, or change the card on file and prepay again.",
    });

    // Stripe's event of the same attempt is not told twice.
    await deliverEvent(stripeEvent("invoice.payment_failed", { id: open!.stripeInvoiceId, object: "invoice" }));
    expect(await noticesOf(client.user.id, "item_payment_declined")).toHaveLength(1);

    // A Smart Retry that fails again is told again; the next one pays.
    const failedAgain = await retryStubInvoice(open!.stripeInvoiceId!);
    expect(failedAgain.status).toBe(402);
    await deliverEvent(stripeEvent("invoice.payment_failed", { id: open!.stripeInvoiceId, object: "invoice" }));
    expect(await noticesOf(client.user.id, "item_payment_declined")).toHaveLength(2);
    await failStubCard(card.stripePaymentMethodId, false);
    expect((await retryStubInvoice(open!.stripeInvoiceId!)).status).toBe(200);
    const event = stripeEvent("invoice.paid", { id: open!.stripeInvoiceId, object: "invoice" });
    expect((await deliverEvent(event)).status).toBe(200);
    await deliverEvent(event);
    const [paid] = await purchasesOf(client.business.id, items[1]!.id);
    expect(paid).toMatchObject({ status: "paid", declineMessage: null, retryAt: null });
    expect(await itemRow(items[1]!.id)).toMatchObject({ status: "active", paidPurchaseId: paid!.id });
    const invoice = await stubInvoice(open!.stripeInvoiceId!);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 90_000, attempt_count: 3 });
    expect(invoice.payments?.data).toHaveLength(1);
    const after = await (await sendWithStripe(businessEngagementPath(outline.id), { token: client.token })).text();
    expect(after).not.toContain("was declined on");
  });

  it("a declined charge paid on the invoice's page with another card is fulfilled once; the card on file follows the customer portal", async () => {
    const { client, outline, items, card } = await firstPaidByCheckout();
    await failStubCard(card.stripePaymentMethodId);
    expect((await review(client.token, outline.id, items[0]!.id, "prepay")).status).toBe(200);
    const [open] = await purchasesOf(client.business.id, items[1]!.id);

    // Prepay again while it is declined: one more attempt of the same invoice, no second invoice.
    const retried = await itemSession(client.token, items[1]!.id, outline.id);
    expect(retried.status).toBe(402);
    expect(await retried.json()).toEqual({
      msg: 'Stripe declined your Visa ending in 4242 ("Your card was declined."). Pay the invoice with another card, or change the card on file and prepay again.',
    });
    // A manual attempt is answered on the page; the payers were told of the first decline only.
    expect(await noticesOf(client.user.id, "item_payment_declined")).toHaveLength(1);
    expect(await purchasesOf(client.business.id, items[1]!.id)).toHaveLength(1);
    expect(await invoiceCalls(open!.stripeInvoiceId!)).toEqual(["finalize", "pay", "pay"]);

    const paid = await payStubInvoice(open!.stripeInvoiceId!, { brand: "mastercard", last4: "4444" });
    expect(paid.status).toBe(200);
    const event = stripeEvent("invoice.paid", { id: open!.stripeInvoiceId, object: "invoice" });
    await Promise.all([deliverEvent(event), deliverEvent(event)]);
    const rows = await purchasesOf(client.business.id, items[1]!.id);
    expect(rows.map((row) => row.status)).toEqual(["paid"]);
    expect(await itemRow(items[1]!.id)).toMatchObject({ status: "active", paidPurchaseId: rows[0]!.id });

    // Change card: the portal, back to the engagement; Stripe's customer.updated replaces the card on file.
    const portal = await sendWithStripe(businessEngagementPath(outline.id), {
      token: client.token,
      form: { intent: "change-card", deliveryOutlineId: outline.id },
    });
    expect(portal.status).toBe(302);
    expect(portal.headers.get("Location")).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const portalCall = (await stubRequests()).find((request) => request.path === "/v1/billing_portal/sessions");
    expect(portalCall?.form.return_url).toBe(`${ORIGIN}${businessEngagementPath(outline.id)}`);
    await setStubDefaultCard(card.stripeCustomerId, { brand: "amex", last4: "0005" });
    await deliverEvent(stripeEvent("customer.updated", { id: card.stripeCustomerId, object: "customer" }));
    const [changed] = await db().select().from(cardsOnFile).where(eq(cardsOnFile.businessId, client.business.id));
    expect(changed).toMatchObject({ brand: "amex", last4: "0005" });

    // Another business's engagement: 404, nothing opened.
    const other = await signedInClient();
    const refused = await sendWithStripe(businessEngagementPath(outline.id), {
      token: other.token,
      form: { intent: "change-card", deliveryOutlineId: outline.id },
    });
    expect(refused.status).toBe(404);
  });
  it("after a decline and Change card, Prepay tries the new card with a new attempt and charges it once", async () => {
    const { client, outline, items, card } = await firstPaidByCheckout();
    await failStubCard(card.stripePaymentMethodId);
    expect((await review(client.token, outline.id, items[0]!.id, "prepay")).status).toBe(200);
    const [open] = await purchasesOf(client.business.id, items[1]!.id);

    await setStubDefaultCard(card.stripeCustomerId, { brand: "amex", last4: "0005" });
    await deliverEvent(stripeEvent("customer.updated", { id: card.stripeCustomerId, object: "customer" }));
    const answers = await Promise.all([
      itemSession(client.token, items[1]!.id, outline.id),
      itemSession(client.token, items[1]!.id, outline.id),
    ]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { msg: string }[];
    // One of them charges; the other finds it paid, or is told it is under way: never a second charge.
    const paidMessage = `Paid: $900.00 charged to your American Express ending in 0005. Your consultant can start on "${items[1]!.title}".`;
    expect(bodies.map((body) => body.msg)).toContain(paidMessage);
    for (const body of bodies) {
      expect([
        paidMessage,
        "This deliverable is already being charged to your card on file. Reload the page in a moment to see the payment.",
      ]).toContain(body.msg);
    }
    const rows = await purchasesOf(client.business.id, items[1]!.id);
    expect(rows.map((row) => [row.id, row.status])).toEqual([[open!.id, "paid"]]);
    const invoice = await stubInvoice(open!.stripeInvoiceId!);
    expect(invoice.payments?.data).toHaveLength(1);
    expect(invoice.amount_paid).toBe(90_000);
    // Each attempt its own key (the first decline's, then this one's; a racing click may add a
    // third, which Stripe answers "already paid"): the new card was tried, not the old answer replayed.
    const pays = (await stubRequests()).filter((request) => request.path === `/v1/invoices/${invoice.id}/pay`);
    const keys = pays.map((request) => request.idempotencyKey);
    expect(keys.slice(0, 2)).toEqual([`${open!.idempotencyKey}-pay-1`, `${open!.idempotencyKey}-pay-2`]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("a changed price closes the open charge (its invoice voided) and charges the new price; a removed card lets a checkout replace it", async () => {
    const { client, outline, items, card } = await firstPaidByCheckout();
    await failStubCard(card.stripePaymentMethodId);
    expect((await review(client.token, outline.id, items[0]!.id, "prepay")).status).toBe(200);
    const [declined] = await purchasesOf(client.business.id, items[1]!.id);

    // A new signed version repriced the deliverable: the declined charge of $900.00 is voided.
    await db().update(deliveryItems).set({ priceCents: 80_000 }).where(eq(deliveryItems.id, items[1]!.id));
    await failStubCard(card.stripePaymentMethodId, false);
    const charged = await itemSession(client.token, items[1]!.id, outline.id);
    expect(charged.status).toBe(200);
    expect(((await charged.json()) as { msg: string }).msg).toBe(
      `Paid: $800.00 charged to your Visa ending in 4242. Your consultant can start on "${items[1]!.title}".`,
    );
    expect((await stubInvoice(declined!.stripeInvoiceId!)).status).toBe("void");
    const rows = await purchasesOf(client.business.id, items[1]!.id);
    expect(rows.map((row) => [row.status, row.amountCents]).sort()).toEqual([
      ["canceled", 90_000],
      ["paid", 80_000],
    ]);

    // The third deliverable's charge is declined; the card is then removed in the portal: Prepay
    // opens a checkout, and the declined charge's invoice is voided first (only one can be paid).
    await db()
      .update(deliveryItems)
      .set({ status: "approved", businessDeliveryReview: "approved" })
      .where(eq(deliveryItems.id, items[1]!.id));
    await failStubCard(card.stripePaymentMethodId);
    expect((await itemSession(client.token, items[2]!.id, outline.id)).status).toBe(402);
    const [third] = await purchasesOf(client.business.id, items[2]!.id);
    await db().delete(cardsOnFile).where(eq(cardsOnFile.businessId, client.business.id));
    const checkout = await itemSession(client.token, items[2]!.id, outline.id);
    expect(checkout.status).toBe(200);
    expect(((await checkout.json()) as { url: string }).url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect((await stubInvoice(third!.stripeInvoiceId!)).status).toBe("void");
    expect((await purchasesOf(client.business.id, items[2]!.id)).map((row) => row.status).sort()).toEqual([
      "canceled",
      "pending",
    ]);
  });
});
