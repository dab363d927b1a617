import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, consultantTransfers, deliveryItems, deliveryOutlines, purchases, users } from "~db/schema";
import { TRANSFER_RETRY_INVALID, TRANSFERS_CONSOLE } from "~/lib/payouts/console-copy";
import {
  ITEM_NOT_IN_ENGAGEMENT,
  TRANSFER_NOT_RETRYABLE,
  TRANSFER_NOTHING_TO_REVERSE,
  TRANSFER_RETRIED,
} from "~/lib/payouts/transfer-copy";
import { formatDate } from "~/lib/shared/dates";
import { createAppContext } from "~/server/load-context";
import { loadEngagementMoney } from "~/server/payouts/engagement-money.server";
import { payApprovedItem } from "~/server/payouts/transfers.server";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { db, html, stripeEnv } from "../helpers";
import { sendWithStripe } from "../helpers/deliverables";
import { signedInConsultant, signedInManager } from "../../factories";
import { failStub, paidEngagement, payoutAccount, refundsOf, stubApp, stubRequests, transfersOf } from "./helpers";

/**
 * The transfers of the managers' money desk, /manage/money (issue #18, Q2, then issue #40 item 4;
 * its other sections in money-desk.cases.ts), and zero-amount transfers.
 */

const PATH = "/manage/money";

const approve = (token: string, outlineId: string, itemId: string) =>
  sendWithStripe("/api/delivery-outline/business/item-review", {
    token,
    method: "PUT",
    json: { deliveryItemId: itemId, deliveryOutlineId: outlineId, decision: "pause", businessNotes: "" },
  });

const retry = (token: string | null, outlineId: string, itemId: string) =>
  sendWithStripe(PATH, { token, form: { intent: "retry-transfer", deliveryItemId: itemId, outlineId } });

const transferRequests = async (itemId: string) =>
  (await stubRequests()).filter((r) => r.path === "/v1/transfers" && r.idempotencyKey === `transfer-item-${itemId}`);

/** The names the page shows for an engagement's business, consultant and item. */
async function namesOf(outlineId: string, itemId: string, consultantUserId: string) {
  const [outline] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, outlineId));
  const [business] = await db().select().from(businesses).where(eq(businesses.id, outline!.businessId));
  const [item] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, itemId));
  const [user] = await db().select().from(users).where(eq(users.id, consultantUserId));
  return {
    title: outline!.title,
    business: business!.name,
    item: item!.title,
    consultant: `${user!.firstName} ${user!.lastName}`,
  };
}

/** The table section of the page under the heading `id` (up to the next section). */
function section(page: string, id: string): string {
  const start = page.indexOf(`id="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  const end = page.indexOf("</section>", start);
  return page.slice(start, end);
}

describe("the money desk's transfers", () => {
  it("lists failed transfers with Stripe's message and held ones with the consultant's set-up, across engagements, and the recently paid", async () => {
    const failing = await paidEngagement({ priceCents: 150_005 });
    await payoutAccount(failing.consultant.user.id, true);
    await failStub(2, 500);
    expect((await approve(failing.client.token, failing.outline.id, failing.item.id)).status).toBe(200);
    const [failed] = await transfersOf(failing.item.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });

    const holding = await paidEngagement({ priceCents: 90_000 });
    expect((await approve(holding.client.token, holding.outline.id, holding.item.id)).status).toBe(200);
    const [held] = await transfersOf(holding.item.id);
    expect(held).toMatchObject({ status: "held", amountCents: 72_000 });

    const paying = await paidEngagement({ priceCents: 50_000 });
    await payoutAccount(paying.consultant.user.id, true);
    expect((await approve(paying.client.token, paying.outline.id, paying.item.id)).status).toBe(200);
    const [paid] = await transfersOf(paying.item.id);
    expect(paid).toMatchObject({ status: "paid" });

    const manager = await signedInManager();
    const response = await sendWithStripe(PATH, { token: manager.token });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("<h1>Money desk</h1>");
    expect(page).toContain('href="/manage/money"');
    expect(page).not.toContain('href="/manage/transfers"');

    const failedPart = section(page, "transfers-failed-heading");
    const f = await namesOf(failing.outline.id, failing.item.id, failing.consultant.user.id);
    expect(failedPart).toContain(`href="/manage/engagements/${failing.outline.id}"`);
    for (const text of [f.title, f.business, f.consultant, f.item]) expect(failedPart).toContain(html(text));
    expect(failedPart).toContain("$1,200.04");
    expect(failedPart).toContain("Transfer failed");
    expect(failedPart).toContain(html(failed!.failureMessage!));
    expect(failedPart).toContain(formatDate(failed!.updatedAt));
    expect(failedPart).toContain(`name="deliveryItemId" value="${failing.item.id}"`);
    expect(failedPart).toContain(`name="outlineId" value="${failing.outline.id}"`);
    expect(failedPart).not.toContain(holding.item.id);

    const heldPart = section(page, "transfers-held-heading");
    const h = await namesOf(holding.outline.id, holding.item.id, holding.consultant.user.id);
    for (const text of [h.title, h.business, h.consultant, h.item]) expect(heldPart).toContain(html(text));
    expect(heldPart).toContain("$720.00");
    expect(heldPart).toContain('<span class="badge badge-soft">Held</span>');
    expect(heldPart).toContain(html("Consultant's payouts: Not set up"));
    expect(heldPart).toContain(formatDate(held!.createdAt));
    // Nothing to retry while the consultant has no payouts: no Retry for this row.
    expect(heldPart).not.toContain(`name="deliveryItemId" value="${holding.item.id}"`);
    expect(heldPart).not.toContain(failing.item.id);

    const paidPart = section(page, "transfers-paid-heading");
    const p = await namesOf(paying.outline.id, paying.item.id, paying.consultant.user.id);
    for (const text of [p.title, p.business, p.consultant, p.item]) expect(paidPart).toContain(html(text));
    expect(paidPart).toContain("$400.00");
    expect(paidPart).toContain("Transferred");
    expect(paidPart).toContain(formatDate(paid!.paidAt!));
    expect(paidPart).not.toContain('value="retry-transfer"');
  });

  it("says a held transfer waits for the consultant's email when it is not confirmed, whatever their payouts", async () => {
    const unconfirmed = await paidEngagement({ priceCents: 60_000 });
    await payoutAccount(unconfirmed.consultant.user.id, true);
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unconfirmed.consultant.user.id));
    expect((await approve(unconfirmed.client.token, unconfirmed.outline.id, unconfirmed.item.id)).status).toBe(200);
    expect(await transfersOf(unconfirmed.item.id)).toMatchObject([{ status: "held", amountCents: 48_000 }]);

    const manager = await signedInManager();
    const page = await (await sendWithStripe(PATH, { token: manager.token })).text();
    const heldPart = section(page, "transfers-held-heading");
    const row = heldPart.slice(heldPart.indexOf(unconfirmed.outline.id));
    expect(row).toContain(html("Consultant's payouts: Email not confirmed yet"));
    expect(row.slice(0, row.indexOf("</tr>"))).not.toContain(html("Consultant's payouts: Payouts enabled"));
    // Nothing to retry until the address is confirmed: sending would be refused (docs/decisions/070).
    expect(heldPart).not.toContain(`name="deliveryItemId" value="${unconfirmed.item.id}"`);
  });

  it("Retry sends a failed transfer once under a double submit, and says so", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, true);
    await failStub(2, 500);
    await approve(client.token, outline.id, item.id);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "failed", attempts: 1 }]);
    // The failed attempt's requests (the provider retries a 500 once itself).
    const tried = (await transferRequests(item.id)).length;

    const manager = await signedInManager();
    const answers = await Promise.all([
      retry(manager.token, outline.id, item.id),
      retry(manager.token, outline.id, item.id),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
    const done = answers.find((r) => r.status === 302)!;
    expect(done.headers.get("Location")).toBe(`${PATH}?notice=retried`);
    expect(await answers.find((r) => r.status === 409)!.text()).toContain(html(TRANSFER_NOT_RETRYABLE));
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid", attempts: 2, failureMessage: null }]);
    const sent = await transferRequests(item.id);
    // The failed attempt and one retry, all with the same Idempotency-Key: one transfer at Stripe.
    expect(sent).toHaveLength(tried + 1);
    expect(new Set(sent.map((r) => r.idempotencyKey))).toEqual(new Set([`transfer-item-${item.id}`]));

    const after = await (await sendWithStripe(`${PATH}?notice=retried`, { token: manager.token })).text();
    expect(after).toContain(html(TRANSFER_RETRIED));
    expect(section(after, "transfers-failed-heading")).not.toContain(item.id);

    // Again: nothing more is sent.
    const again = await retry(manager.token, outline.id, item.id);
    expect(again.status).toBe(409);
    expect(await transferRequests(item.id)).toHaveLength(tried + 1);
  });

  it("a held transfer whose consultant has since enabled payouts can be retried from the page", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await approve(client.token, outline.id, item.id);
    await payoutAccount(consultant.user.id, true);
    const manager = await signedInManager();
    const page = await (await sendWithStripe(PATH, { token: manager.token })).text();
    const heldPart = section(page, "transfers-held-heading");
    expect(heldPart).toContain("Payouts enabled");
    expect(heldPart).toContain(`name="deliveryItemId" value="${item.id}"`);
    expect((await retry(manager.token, outline.id, item.id)).status).toBe(302);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid", attempts: 1 }]);
  });

  it("a transfer interrupted before Stripe answered (pending for over ten minutes) is listed with the failed ones and retried once", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await approve(client.token, outline.id, item.id);
    await payoutAccount(consultant.user.id, true);
    // A crash between the claim and Stripe's answer leaves the row pending.
    const stale = new Date(Date.now() - 11 * 60 * 1000);
    await db()
      .update(consultantTransfers)
      .set({ status: "pending", attempts: 1, updatedAt: stale })
      .where(eq(consultantTransfers.itemId, item.id));
    const manager = await signedInManager();
    const page = await (await sendWithStripe(PATH, { token: manager.token })).text();
    const failedPart = section(page, "transfers-failed-heading");
    expect(failedPart).toContain("Transfer in progress");
    expect(failedPart).toContain(html(TRANSFERS_CONSOLE.interrupted));
    expect(failedPart).toContain(`name="deliveryItemId" value="${item.id}"`);
    expect(section(page, "transfers-held-heading")).not.toContain(item.id);

    const answers = await Promise.all([
      retry(manager.token, outline.id, item.id),
      retry(manager.token, outline.id, item.id),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid", attempts: 2 }]);
    expect(await transferRequests(item.id)).toHaveLength(1);

    // A transfer pending for less than ten minutes is under way: not listed.
    const fresh = await paidEngagement();
    await approve(fresh.client.token, fresh.outline.id, fresh.item.id);
    await db()
      .update(consultantTransfers)
      .set({ status: "pending", attempts: 1, updatedAt: new Date() })
      .where(eq(consultantTransfers.itemId, fresh.item.id));
    const later = await (await sendWithStripe(PATH, { token: manager.token })).text();
    expect(later).not.toContain(fresh.item.id);
  });

  it("only managers: anonymous, clients and consultants get 404 for the page and the action, and nothing is sent", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, true);
    await failStub(2, 500);
    await approve(client.token, outline.id, item.id);
    const tried = (await transferRequests(item.id)).length;
    const other = await signedInConsultant();
    for (const token of [null, client.token, other.token]) {
      expect((await sendWithStripe(PATH, { token })).status).toBe(404);
      expect((await retry(token, outline.id, item.id)).status).toBe(404);
    }
    expect(await transfersOf(item.id)).toMatchObject([{ status: "failed", attempts: 1 }]);
    expect(await transferRequests(item.id)).toHaveLength(tried);
  });

  it("a retry without its fields, or of an item of another engagement, is refused and changes nothing", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    await payoutAccount(consultant.user.id, true);
    await failStub(2, 500);
    await approve(client.token, outline.id, item.id);
    const tried = (await transferRequests(item.id)).length;
    const manager = await signedInManager();

    const missing = await sendWithStripe(PATH, {
      token: manager.token,
      form: { intent: "retry-transfer", deliveryItemId: item.id },
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(html(TRANSFER_RETRY_INVALID));
    const json = await sendWithStripe(PATH, {
      token: manager.token,
      json: { intent: "retry-transfer", deliveryItemId: item.id, outlineId: outline.id },
    });
    expect([400, 415]).toContain(json.status);
    const elsewhere = await paidEngagement();
    const wrong = await retry(manager.token, elsewhere.outline.id, item.id);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain(html(ITEM_NOT_IN_ENGAGEMENT));
    expect(await transfersOf(item.id)).toMatchObject([{ status: "failed", attempts: 1 }]);
    expect(await transferRequests(item.id)).toHaveLength(tried);
  });
});

describe("a zero-amount transfer", () => {
  /** Stripe mode against the stub with a 100% fee: the consultant's share is $0.00. */
  const fullFeeApp = () =>
    createAppContext({ ...stripeEnv(env), PLATFORM_FEE_PERCENT: "100" } as unknown as CloudflareBindings, () => {});

  async function approvedWithoutTransfer() {
    const engagement = await paidEngagement();
    await db()
      .update(deliveryItems)
      .set({ status: "approved", businessDeliveryReview: "approved" })
      .where(eq(deliveryItems.id, engagement.item.id));
    return engagement;
  }

  it("is recorded paid with no Stripe call and no transfer id, even before the consultant sets up payouts, once", async () => {
    const { item } = await approvedWithoutTransfer();
    const app = fullFeeApp();
    const rows = await Promise.all([payApprovedItem(app, item.id), payApprovedItem(app, item.id)]);
    expect(rows[0]).toMatchObject({ status: "paid", amountCents: 0, feeCents: 150_000 });
    const [transfer] = await transfersOf(item.id);
    expect(transfer).toMatchObject({
      status: "paid",
      chargedCents: 150_000,
      feeCents: 150_000,
      amountCents: 0,
      stripeTransferId: null,
      attempts: 0,
    });
    expect(transfer!.paidAt).not.toBeNull();
    expect(await transfersOf(item.id)).toHaveLength(1);
    expect(await transferRequests(item.id)).toHaveLength(0);

    // The page lists it as paid with nothing sent, and never as failed or held.
    const manager = await signedInManager();
    const page = await (await sendWithStripe(PATH, { token: manager.token })).text();
    expect(section(page, "transfers-paid-heading")).toContain("Nothing to send (no share after the fee)");
    expect(section(page, "transfers-held-heading")).not.toContain(item.id);
  });

  it("has nothing to reverse; the item may be refunded directly, and the ledger still balances", async () => {
    const { outline, item } = await approvedWithoutTransfer();
    await payApprovedItem(fullFeeApp(), item.id);
    const manager = await signedInManager();
    const action = (intent: string) =>
      sendWithStripe(`/manage/engagements/${outline.id}`, {
        token: manager.token,
        form: { intent, deliveryItemId: item.id },
      });

    const before = await loadEngagementMoney(stubApp(), outline.id);
    expect(before.items[0]).toMatchObject({ charged: 150_000, fees: 150_000, transferred: 0, held: 0 });
    expect(before.items[0]).toMatchObject({ canReverse: false, canRefund: true });

    const reversed = await action("reverse-transfer");
    expect(reversed.status).toBe(409);
    expect(await reversed.text()).toContain(html(TRANSFER_NOTHING_TO_REVERSE));
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid", stripeReversalId: null }]);

    const refunded = await Promise.all([action("refund-item"), action("refund-item")]);
    expect(refunded.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await refundsOf(item.id)).toMatchObject([{ status: "succeeded", amountCents: 150_000 }]);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "reversed", stripeReversalId: null }]);
    const reversals = (await stubRequests()).filter((r) => r.path.includes("/reversals") && r.path.includes(item.id));
    expect(reversals).toHaveLength(0);
    const after = await loadEngagementMoney(stubApp(), outline.id);
    expect(after.items[0]).toMatchObject({ charged: 150_000, fees: 0, transferred: 0, refunded: 150_000, held: 0 });
    const { charged, fees, transferred, refunded: back, held, awaitingApproval } = after.totals;
    expect(charged).toBe(fees + transferred + back + held + awaitingApproval);
  });

  it("a free item (charged $0.00) is paid with nothing sent", async () => {
    const { item } = await approvedWithoutTransfer();
    const [row] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, item.id));
    await db().update(purchases).set({ amountCents: 0 }).where(eq(purchases.id, row!.paidPurchaseId!));
    const transfer = await payApprovedItem(stubApp(), item.id);
    expect(transfer).toMatchObject({
      status: "paid",
      chargedCents: 0,
      feeCents: 0,
      amountCents: 0,
      stripeTransferId: null,
    });
    expect(await transferRequests(item.id)).toHaveLength(0);
  });
});
