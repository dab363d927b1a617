import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, consultantTransfers, deliveryItems, itemRefunds, notifications, purchases } from "~db/schema";
import {
  MONEY_ACTION_INVALID,
  REFUND_AFTER_TRANSFER,
  REFUND_ALREADY,
  REFUND_APPROVED,
  REFUND_IN_PROGRESS,
} from "~/lib/payouts/transfer-copy";
import { TRANSFERS_CONSOLE } from "~/lib/payouts/console-copy";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import { loadEngagementCosts } from "~/server/payments/receipts.server";
import { loadEngagementMoney } from "~/server/payouts/engagement-money.server";
import { payApprovedItem, refundKey, releaseHeldTransfers } from "~/server/payouts/transfers.server";
import { db, html, PASSWORD, sessionTokenFrom, signIn } from "../helpers";
import { sendWithStripe } from "../helpers/deliverables";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import { failStub, paidEngagement, payoutAccount, refundsOf, stubApp, stubRequests, transfersOf } from "./helpers";

const approve = (token: string, outlineId: string, itemId: string, decision = "pause", businessNotes = "") =>
  sendWithStripe("/api/delivery-outline/business/item-review", {
    token,
    method: "PUT",
    json: { deliveryItemId: itemId, deliveryOutlineId: outlineId, decision, businessNotes },
  });

const moneyAction = (token: string | null, outlineId: string, intent: string, itemId: string) =>
  sendWithStripe(`/manage/engagements/${outlineId}`, {
    token,
    form: { intent, deliveryItemId: itemId },
  });

/** The audit events about a deliverable (issue #38 item 2). */
const auditOf = (itemId: string) => db().select().from(auditEvents).where(eq(auditEvents.subjectId, itemId));

const transferRequests = async (itemId: string) =>
  (await stubRequests()).filter((r) => r.path === "/v1/transfers" && r.idempotencyKey === `transfer-item-${itemId}`);

describe("transfers on approval", () => {
  it("pays the price less the 20% fee once, to the consultant's account, with the engagement as transfer group", async () => {
    const { client, consultant, outline, item } = await paidEngagement({ priceCents: 150_005 });
    const account = await payoutAccount(consultant.user.id, true);
    const response = await approve(client.token, outline.id, item.id);
    expect(response.status).toBe(200);

    const [transfer] = await transfersOf(item.id);
    // 20 % of 150,005 = 30,001 (30,001.0 exactly); the consultant gets 120,004.
    expect(transfer).toMatchObject({
      status: "paid",
      chargedCents: 150_005,
      feeCents: 30_001,
      amountCents: 120_004,
      attempts: 1,
      consultantUserId: consultant.user.id,
    });
    expect(transfer!.stripeTransferId).toMatch(/^tr_stub_/);
    const sent = await transferRequests(item.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form).toMatchObject({
      amount: "120004",
      currency: "usd",
      destination: account.stripeAccountId,
      transfer_group: outline.id,
      "metadata[itemId]": item.id,
    });
    // The item's own charge is the transfer's source: Stripe sends the share once that charge's
    // funds settle rather than refusing while the platform's available balance is short.
    const [purchase] = await db().select().from(purchases).where(eq(purchases.id, transfer!.purchaseId!));
    const charge = await paymentProvider(stubApp()).retrievePaymentCharge(purchase!.stripePaymentIntentId!);
    expect(charge).toMatch(/^ch_stub_/);
    expect(sent[0]!.form.source_transaction).toBe(charge);

    // Replays pay nothing more.
    const app = stubApp();
    await Promise.all([payApprovedItem(app, item.id), payApprovedItem(app, item.id)]);
    expect(await transfersOf(item.id)).toHaveLength(1);
    expect(await transferRequests(item.id)).toHaveLength(1);
  });

  it("ten concurrent approvals and replays make exactly one transfer", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, true);
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve(client.token, outline.id, item.id)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(9);
    const app = stubApp();
    await Promise.all(Array.from({ length: 10 }, () => payApprovedItem(app, item.id)));
    const rows = await transfersOf(item.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "paid", attempts: 1, amountCents: 120_000, feeCents: 30_000 });
    expect(await transferRequests(item.id)).toHaveLength(1);
  });

  it("holds the amount while payouts are not enabled and sends it once they are", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, false);
    expect((await approve(client.token, outline.id, item.id)).status).toBe(200);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "held", attempts: 0, amountCents: 120_000 }]);
    expect(await transferRequests(item.id)).toHaveLength(0);

    const app = stubApp();
    expect(await releaseHeldTransfers(app, consultant.user.id)).toBe(0);
    await payoutAccount(consultant.user.id, true);
    const released = await Promise.all([
      releaseHeldTransfers(app, consultant.user.id),
      releaseHeldTransfers(app, consultant.user.id),
    ]);
    expect(released[0]! + released[1]!).toBe(1);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid", attempts: 1 }]);
    expect(await transferRequests(item.id)).toHaveLength(1);
    expect(await releaseHeldTransfers(app, consultant.user.id)).toBe(0);
  });

  it("a consultant without a payout account is held too", async () => {
    const { client, outline, item } = await paidEngagement();
    expect((await approve(client.token, outline.id, item.id)).status).toBe(200);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "held" }]);
  });

  it("a revision pays nothing", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, true);
    const response = await approve(client.token, outline.id, item.id, "revise", "Split freight by carrier.");
    expect(response.status).toBe(200);
    expect(await transfersOf(item.id)).toHaveLength(0);
    expect(await transferRequests(item.id)).toHaveLength(0);
  });

  it("a refused transfer is failed with Stripe's message; the manager's retry sends it once", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, true);
    await failStub(2, 500);
    expect((await approve(client.token, outline.id, item.id)).status).toBe(200);
    const [failed] = await transfersOf(item.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed!.failureMessage).toMatch(
      /^Stripe transfers\.create failed: The stub was told to fail this request\. \(StripeAPIError 500 req_/,
    );

    const manager = await signedInManager();
    const page = await sendWithStripe(`/manage/engagements/${outline.id}`, { token: manager.token });
    const text = await page.text();
    expect(text).toContain("Transfer failed");
    expect(text).toContain("Retry transfer");

    const retried = await Promise.all([
      moneyAction(manager.token, outline.id, "retry-transfer", item.id),
      moneyAction(manager.token, outline.id, "retry-transfer", item.id),
    ]);
    expect(retried.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid", attempts: 2, failureMessage: null }]);
  });
});

describe("Retry on an engagement's money card", () => {
  const retryOffered = async (token: string, outlineId: string) =>
    (await (await sendWithStripe(`/manage/engagements/${outlineId}`, { token })).text()).includes("Retry transfer");

  it("is offered for a held transfer only once the consultant's payouts are enabled, and sends it once", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, false);
    expect((await approve(client.token, outline.id, item.id)).status).toBe(200);
    const manager = await signedInManager();
    expect(await retryOffered(manager.token, outline.id)).toBe(false);

    // Enabled without the release that normally follows (the account webhook's call was lost).
    await payoutAccount(consultant.user.id, true);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "held" }]);
    expect(await retryOffered(manager.token, outline.id)).toBe(true);
    const retried = await Promise.all([
      moneyAction(manager.token, outline.id, "retry-transfer", item.id),
      moneyAction(manager.token, outline.id, "retry-transfer", item.id),
    ]);
    expect(retried.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid", attempts: 1 }]);
    expect(await transferRequests(item.id)).toHaveLength(1);
    expect(await retryOffered(manager.token, outline.id)).toBe(false);
  });

  it("is offered for a transfer left pending past ten minutes, not for one under way", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, false);
    expect((await approve(client.token, outline.id, item.id)).status).toBe(200);
    await payoutAccount(consultant.user.id, true);
    const [held] = await transfersOf(item.id);
    await db()
      .update(consultantTransfers)
      .set({ status: "pending", updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(consultantTransfers.id, held!.id));
    const manager = await signedInManager();
    expect(await retryOffered(manager.token, outline.id)).toBe(false);
    expect((await moneyAction(manager.token, outline.id, "retry-transfer", item.id)).status).toBe(409);
    expect(await transferRequests(item.id)).toHaveLength(0);

    await db()
      .update(consultantTransfers)
      .set({ updatedAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(consultantTransfers.id, held!.id));
    expect(await retryOffered(manager.token, outline.id)).toBe(true);
    const page = await (await sendWithStripe(`/manage/engagements/${outline.id}`, { token: manager.token })).text();
    expect(page).toContain(html(TRANSFERS_CONSOLE.interrupted));
    expect((await moneyAction(manager.token, outline.id, "retry-transfer", item.id)).status).toBe(302);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid" }]);
    expect(await transferRequests(item.id)).toHaveLength(1);
  });
});

describe("refunds", () => {
  it("the manager refunds a prepaid item that will not be delivered, once", async () => {
    const { outline, items, client } = await paidEngagement({ count: 2, delivered: 0 });
    const active = items[1]!;
    const manager = await signedInManager();
    const done = await moneyAction(manager.token, outline.id, "refund-item", active.id);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/manage/engagements/${outline.id}?notice=refunded`);
    const [refund] = await refundsOf(active.id);
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 150_000, createdByUserId: manager.user.id });
    expect(refund!.stripeRefundId).toMatch(/^re_stub_/);
    const [item] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, active.id));
    const [purchase] = await db().select().from(purchases).where(eq(purchases.id, item!.paidPurchaseId!));
    expect(purchase!.status).toBe("refunded");
    const refundCalls = (await stubRequests()).filter((r) => r.idempotencyKey === `refund-item-${active.id}`);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.form).toMatchObject({
      payment_intent: purchase!.stripePaymentIntentId,
      amount: "150000",
    });

    const again = await moneyAction(manager.token, outline.id, "refund-item", active.id);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(html(REFUND_ALREADY));
    // The business's audit trail has it once: who, as what, how much.
    expect(await auditOf(active.id)).toMatchObject([
      {
        action: "item.refunded",
        actorUserId: manager.user.id,
        actorKind: "admin",
        businessId: client.business.id,
        detail: { outlineId: outline.id, amountCents: 150_000, stripeRefundId: refund!.stripeRefundId },
      },
    ]);

    // The manager's page and the business's money both show it.
    const page = await (
      await sendWithStripe(`/manage/engagements/${outline.id}?notice=refunded`, { token: manager.token })
    ).text();
    expect(page).toContain("The payment for this deliverable was refunded to the business.");
    expect(page).toContain("Refunded");
    const money = await loadEngagementMoney(stubApp(), outline.id);
    expect(money.items[1]).toMatchObject({ charged: 150_000, refunded: 150_000 });
    const costs = await loadEngagementCosts(stubApp(), client.business.id, outline.id);
    expect(costs.items[active.id]).toMatchObject({ paidCents: 150_000, refundedCents: 150_000 });
  });

  it("a refund interrupted before Stripe's answer was recorded is under way for ten minutes, then tried again and recorded once", async () => {
    const { outline, items, client } = await paidEngagement({ count: 2, delivered: 0 });
    const active = items[1]!;
    const [item] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, active.id));
    const [purchase] = await db().select().from(purchases).where(eq(purchases.id, item!.paidPurchaseId!));
    // The call that claimed the refund reached Stripe, then died before recording the answer.
    const made = await paymentProvider(stubApp()).createRefund(
      {
        paymentIntentId: purchase!.stripePaymentIntentId!,
        amountCents: 150_000,
        metadata: { itemId: active.id, outlineId: outline.id },
      },
      refundKey(active.id),
    );
    await db().insert(itemRefunds).values({
      id: crypto.randomUUID(),
      itemId: active.id,
      outlineId: outline.id,
      businessId: client.business.id,
      purchaseId: purchase!.id,
      amountCents: 150_000,
      status: "pending",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const manager = await signedInManager();
    const refundCalls = async () =>
      (await stubRequests()).filter((r) => r.idempotencyKey === refundKey(active.id)).length;

    // Within ten minutes it may still be answered: refused, nothing sent.
    const early = await moneyAction(manager.token, outline.id, "refund-item", active.id);
    expect(early.status).toBe(409);
    expect(await early.text()).toContain(html(REFUND_IN_PROGRESS));
    expect(await refundCalls()).toBe(1);
    expect(await refundsOf(active.id)).toMatchObject([{ status: "pending", stripeRefundId: null }]);

    // Later, a double submit: one claim, Stripe answers the same key with the refund it made.
    await db()
      .update(itemRefunds)
      .set({ updatedAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(itemRefunds.itemId, active.id));
    const answers = await Promise.all([
      moneyAction(manager.token, outline.id, "refund-item", active.id),
      moneyAction(manager.token, outline.id, "refund-item", active.id),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await refundsOf(active.id)).toMatchObject([{ status: "succeeded", stripeRefundId: made.id }]);
    expect(await auditOf(active.id)).toMatchObject([{ action: "item.refunded", detail: { stripeRefundId: made.id } }]);
    expect(await refundCalls()).toBe(2);
    const [after] = await db().select().from(purchases).where(eq(purchases.id, purchase!.id));
    expect(after!.status).toBe("refunded");
    const told = await db().select().from(notifications).where(eq(notifications.kind, "item_refunded"));
    // Told once: the business's owner and the consultant, one notice each.
    expect(told.filter((row) => row.userId === client.user.id)).toHaveLength(1);
    expect(told.filter((row) => row.businessId === client.business.id)).toHaveLength(2);
  });

  it("a refund after a paid transfer is refused until the transfer is reversed", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, true);
    await approve(client.token, outline.id, item.id);
    const manager = await signedInManager();

    const refused = await moneyAction(manager.token, outline.id, "refund-item", item.id);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(REFUND_AFTER_TRANSFER));
    expect(await refundsOf(item.id)).toHaveLength(0);

    const reversed = await moneyAction(manager.token, outline.id, "reverse-transfer", item.id);
    expect(reversed.status).toBe(302);
    expect((await moneyAction(manager.token, outline.id, "reverse-transfer", item.id)).status).toBe(409);
    expect(await auditOf(item.id)).toMatchObject([
      { action: "item.approved", actorKind: "client" },
      { action: "transfer.reversed", actorKind: "admin" },
    ]);
    const [transfer] = await transfersOf(item.id);
    expect(transfer!.status).toBe("reversed");
    expect(transfer!.stripeReversalId).toMatch(/^trr_stub_/);

    const refunded = await moneyAction(manager.token, outline.id, "refund-item", item.id);
    expect(refunded.status).toBe(302);
    expect(await refundsOf(item.id)).toMatchObject([{ status: "succeeded" }]);
    const money = await loadEngagementMoney(stubApp(), outline.id);
    expect(money.items[0]).toMatchObject({ charged: 150_000, fees: 0, transferred: 0, refunded: 150_000, held: 0 });
  });

  it("an approved item whose transfer is held is not refundable; a refunded item never pays out", async () => {
    const { client, outline, item } = await paidEngagement();
    await approve(client.token, outline.id, item.id);
    const manager = await signedInManager();
    const refused = await moneyAction(manager.token, outline.id, "refund-item", item.id);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(REFUND_APPROVED));

    // An item refunded before approval: a later approval records no transfer.
    const other = await paidEngagement();
    await payoutAccount(other.consultant.user.id, true);
    expect((await moneyAction(manager.token, other.outline.id, "refund-item", other.item.id)).status).toBe(302);
    await approve(other.client.token, other.outline.id, other.item.id);
    expect(await transfersOf(other.item.id)).toHaveLength(0);
  });

  it("only managers: anonymous, clients and consultants get 404 and change nothing", async () => {
    const { client, outline, items } = await paidEngagement({ count: 2 });
    const target = items[1]!;
    const consultant = await signedInConsultant();
    const anonymous = await moneyAction(null, outline.id, "refund-item", target.id);
    // Manager pages answer 404 to anyone else, signed in or not (requireRole), as the other manager actions.
    expect(anonymous.status).toBe(404);
    for (const token of [client.token, consultant.token]) {
      const response = await moneyAction(token, outline.id, "refund-item", target.id);
      expect(response.status).toBe(404);
    }
    // An item of another engagement: 404 for the manager too.
    const manager = await signedInManager();
    const elsewhere = await paidEngagement();
    expect((await moneyAction(manager.token, outline.id, "refund-item", elsewhere.item.id)).status).toBe(404);
    expect(await refundsOf(target.id)).toHaveLength(0);
    expect(await refundsOf(elsewhere.item.id)).toHaveLength(0);
  });

  it("refunds and reversals are an admin's: an engagement manager gets 403, sees why instead of the buttons, and nothing moves", async () => {
    const { client, consultant, outline, items } = await paidEngagement({ count: 2 });
    await payoutAccount(consultant.user.id, true);
    await approve(client.token, outline.id, items[0]!.id);
    const manager = await signedInManager({ staffRole: "manager" });
    const page = await (await sendWithStripe(`/manage/engagements/${outline.id}`, { token: manager.token })).text();
    expect(page).toContain(html("Only an admin can reverse or refund this."));
    expect(page).not.toContain('value="refund-item"');
    expect(page).not.toContain('value="reverse-transfer"');
    const before = (await stubRequests()).length;
    for (const [intent, itemId] of [
      ["refund-item", items[1]!.id],
      ["reverse-transfer", items[0]!.id],
    ] as const) {
      const refused = await moneyAction(manager.token, outline.id, intent, itemId);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Only an admin can do this.");
    }
    expect((await stubRequests()).length).toBe(before);
    expect(await refundsOf(items[1]!.id)).toHaveLength(0);
    expect((await transfersOf(items[0]!.id))[0]!.status).toBe("paid");
    // An admin sees the buttons.
    const admin = await signedInManager();
    const adminPage = await (await sendWithStripe(`/manage/engagements/${outline.id}`, { token: admin.token })).text();
    expect(adminPage).toContain('value="refund-item"');
    expect(adminPage).toContain('value="reverse-transfer"');
  });

  it("a money action without a deliverable, or with JSON, answers 400 with the form's error and changes nothing", async () => {
    const { outline, items } = await paidEngagement({ count: 2 });
    const manager = await signedInManager();
    const missing = await sendWithStripe(`/manage/engagements/${outline.id}`, {
      token: manager.token,
      form: { intent: "refund-item" },
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(html(MONEY_ACTION_INVALID));
    const json = await sendWithStripe(`/manage/engagements/${outline.id}`, {
      token: manager.token,
      json: { intent: "refund-item", deliveryItemId: items[1]!.id },
    });
    expect([400, 415]).toContain(json.status);
    expect(await refundsOf(items[1]!.id)).toHaveLength(0);
  });

  it("another business's money is never read: its costs are empty and the manager's money page is 404 to it", async () => {
    const { outline, client } = await paidEngagement();
    expect((await loadEngagementCosts(stubApp(), client.business.id, outline.id)).paidCents).toBe(300_000);
    const stranger = await signedInClient();
    const costs = await loadEngagementCosts(stubApp(), stranger.business.id, outline.id);
    expect(costs).toEqual({ items: {}, paidCents: 0, refundedCents: 0, netCents: 0 });
    const page = await sendWithStripe(`/manage/engagements/${outline.id}`, { token: stranger.token });
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("$1,500.00");
  });
});

describe("the consultant's earning on their item page", () => {
  it("shows the price less the fee, then the transfer's state; another consultant gets 404", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    const token = sessionTokenFrom(await signIn(consultant.user.email, PASSWORD))!;
    const path = `/consultant/engagements/${outline.id}/items/${item.id}`;
    const before = await (await sendWithStripe(path, { token })).text();
    expect(before).toContain("You earn");
    expect(before).toContain("$1,200.00");
    expect(before).toContain("Paid to you when the business approves it");

    await approve(client.token, outline.id, item.id);
    const held = await (await sendWithStripe(path, { token })).text();
    expect(held).toContain("Held until payouts are set up");

    const stranger = await signedInConsultant();
    expect((await sendWithStripe(path, { token: stranger.token })).status).toBe(404);
  });
});
