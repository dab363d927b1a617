import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  consultantPayoutAccounts,
  consultantTransfers,
  deliveryItems,
  itemRefunds,
  localStripeObjects,
  purchases,
  type ConsultantTransferStatus,
} from "~db/schema";
import {
  EARNING_STATE_LABELS,
  EARNINGS_EMPTY,
  EARNINGS_HELD_PARTS,
  EARNINGS_NOT_APPROVED,
  EARNINGS_TABLE_CAPTION,
  EARNINGS_TOTAL_LABELS,
  earningsIntro,
  PAYOUTS_NONE,
  PAYOUTS_NOT_SET_UP,
  PAYOUTS_TABLE_CAPTION,
  PAYOUTS_UNAVAILABLE,
} from "~/lib/payouts/earnings-copy";
import { OPEN_DASHBOARD_BUTTON } from "~/lib/payouts/payout-copy";
import { formatMoney } from "~/lib/shared/numbers";
import { formatDate } from "~/lib/shared/dates";
import { createAppContext } from "~/server/load-context";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { loadConsultantEarnings } from "~/server/payouts/earnings.server";
import { payApprovedItem } from "~/server/payouts/transfers.server";
import { call, db, failNextStripeCalls, html, stripeRequests, stripeStubUrl } from "../helpers";
import { createPaidPurchase, createSignedOutline, sendWithStripe } from "../helpers/deliverables";
import { signedInClient, signedInConsultant } from "../../factories";

/** Issue #18, Q1: the consultant's earnings and payouts on /consultant/payouts. */

type Spec = {
  title: string;
  priceCents: number;
  status: "active" | "delivered" | "approved" | "revision" | "upcoming";
  purchase?: "paid" | "refunded";
  transfer?: ConsultantTransferStatus;
  approvedAt?: Date;
};

let counter = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

/** An engagement of `consultantId` for `businessId` whose items are in the given money states. */
async function engagementWith(businessId: string, consultantId: string, title: string, specs: Spec[]) {
  const { outline, items } = await createSignedOutline(businessId, consultantId, {
    outline: { title },
    items: specs.map((spec) => ({ title: spec.title, priceCents: spec.priceCents })),
  });
  for (const [index, spec] of specs.entries()) {
    const item = items[index]!;
    let purchaseId: string | null = null;
    if (spec.purchase) {
      purchaseId = await createPaidPurchase(businessId, item.id, spec.priceCents);
      if (spec.purchase === "refunded") {
        await db().update(purchases).set({ status: "refunded" }).where(eq(purchases.id, purchaseId));
      }
    }
    await db()
      .update(deliveryItems)
      .set({ status: spec.status, paidPurchaseId: purchaseId, completedAt: spec.approvedAt ?? null })
      .where(eq(deliveryItems.id, item.id));
    if (spec.transfer) {
      const fee = Math.floor((spec.priceCents * 20 + 50) / 100);
      await db()
        .insert(consultantTransfers)
        .values({
          itemId: item.id,
          outlineId: outline.id,
          businessId,
          consultantUserId: consultantId,
          purchaseId,
          chargedCents: spec.priceCents,
          feeCents: fee,
          amountCents: spec.priceCents - fee,
          status: spec.transfer,
          stripeTransferId: spec.transfer === "paid" || spec.transfer === "reversed" ? unique("tr_stub") : null,
          failureMessage: spec.transfer === "failed" ? "Stripe transfers.create failed: api_error 500" : null,
          attempts: spec.transfer === "held" ? 0 : 1,
        });
    }
  }
  return { outline, items };
}

/** The consultant's connected account (details submitted), as P1's onboarding records it. */
async function account(consultantUserId: string, stripeAccountId = unique("acct_stub")) {
  await db().insert(consultantPayoutAccounts).values({
    consultantUserId,
    stripeAccountId,
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
  });
  return stripeAccountId;
}

async function addStubPayout(body: Record<string, unknown>) {
  const response = await fetch(`${stripeStubUrl()}/__payouts`, { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
}

const page = async (token: string, stripe = true) => {
  const response = stripe
    ? await sendWithStripe("/consultant/payouts", { token })
    : await call("/consultant/payouts", { cookie: token });
  expect(response.status).toBe(200);
  return response.text();
};

/** The earnings table's row of a deliverable (its HTML, from the link to the item to the row's end). */
function rowOf(text: string, itemId: string): string {
  const start = text.indexOf(`/items/${itemId}"`);
  expect(start, `row of ${itemId}`).toBeGreaterThan(-1);
  return text.slice(start, text.indexOf("</tr>", start));
}

const APPROVED_ON = new Date("2026-11-02T15:00:00Z");

describe("earnings", () => {
  it("totals paid, held (and why) and pending approval over the consultant's engagements, item by item", async () => {
    const client = await signedInClient();
    const me = await signedInConsultant();
    const first = await engagementWith(client.business.id, me.user.id, "Margin recovery plan", [
      {
        title: "Freight audit",
        priceCents: 150_000,
        status: "approved",
        purchase: "paid",
        transfer: "paid",
        approvedAt: APPROVED_ON,
      },
      {
        title: "Supplier terms",
        priceCents: 100_000,
        status: "approved",
        purchase: "paid",
        transfer: "held",
        approvedAt: APPROVED_ON,
      },
      {
        title: "Pricing review",
        priceCents: 50_000,
        status: "approved",
        purchase: "paid",
        transfer: "failed",
        approvedAt: APPROVED_ON,
      },
      { title: "Cash forecast", priceCents: 150_000, status: "delivered", purchase: "paid" },
    ]);
    const otherClient = await signedInClient();
    const second = await engagementWith(otherClient.business.id, me.user.id, "Inventory plan", [
      // 10,005 less the 20% fee (2,001, rounded half up) = 8,004.
      { title: "Stock count", priceCents: 10_005, status: "active", purchase: "paid" },
      { title: "Reorder points", priceCents: 20_000, status: "revision", purchase: "paid" },
      { title: "Not prepaid", priceCents: 30_000, status: "upcoming" },
      { title: "Refunded phase", priceCents: 40_000, status: "active", purchase: "refunded" },
      { title: "Refund under way", priceCents: 45_000, status: "active", purchase: "paid" },
      {
        title: "Taken back",
        priceCents: 60_000,
        status: "approved",
        purchase: "paid",
        transfer: "reversed",
        approvedAt: APPROVED_ON,
      },
    ]);

    // The manager's refund of "Refund under way" has started (Stripe not answered yet).
    const refunding = second.items[4]!;
    const [refundingRow] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, refunding.id));
    await db().insert(itemRefunds).values({
      itemId: refunding.id,
      outlineId: second.outline.id,
      businessId: otherClient.business.id,
      purchaseId: refundingRow!.paidPurchaseId!,
      amountCents: 45_000,
      status: "pending",
    });

    const earnings = await loadConsultantEarnings(
      createAppContext(env as unknown as CloudflareBindings, () => {}),
      me.user.id,
    );
    expect(earnings.totals).toEqual({
      paidCents: 120_000,
      heldCents: 80_000 + 40_000,
      heldWaitingCents: 80_000,
      heldFailedCents: 40_000,
      heldSendingCents: 0,
      pendingApprovalCents: 120_000 + 8_004 + 16_000,
    });
    expect(earnings.rows.map((row) => row.itemTitle).sort()).toEqual(
      [
        "Cash forecast",
        "Freight audit",
        "Pricing review",
        "Reorder points",
        "Stock count",
        "Supplier terms",
        "Taken back",
      ].sort(),
    );
    // Not approved first (what comes next), then by approval date.
    expect(earnings.rows.slice(0, 3).every((row) => row.approvedAt === null)).toBe(true);

    const text = await page(me.token);
    expect(text).toContain(html(earningsIntro(20)));
    expect(text).toContain(EARNINGS_TABLE_CAPTION);
    expect(text).toContain(`<dt>${EARNINGS_TOTAL_LABELS.paid}</dt><dd class="earnings-total-amount">$1,200.00</dd>`);
    expect(text).toContain(`<dt>${EARNINGS_TOTAL_LABELS.held}</dt><dd class="earnings-total-amount">$1,200.00</dd>`);
    expect(text).toContain(
      `<dt>${EARNINGS_TOTAL_LABELS.pendingApproval}</dt><dd class="earnings-total-amount">$1,440.04</dd>`,
    );
    expect(text).toContain(html(EARNINGS_HELD_PARTS.waiting("$800.00")));
    expect(text).toContain(html(EARNINGS_HELD_PARTS.failed("$400.00")));
    expect(text).not.toContain(html(EARNINGS_HELD_PARTS.sending("$0.00")));

    const freight = rowOf(text, first.items[0]!.id);
    expect(text).toContain(`href="/consultant/engagements/${first.outline.id}/items/${first.items[0]!.id}"`);
    expect(freight).toContain("Freight audit");
    expect(freight).toContain(formatDate(APPROVED_ON));
    expect(freight).toContain("$1,200.00");
    expect(freight).toContain(EARNING_STATE_LABELS.paid);
    expect(rowOf(text, first.items[1]!.id)).toContain(html(EARNING_STATE_LABELS.held));
    expect(rowOf(text, first.items[2]!.id)).toContain(html(EARNING_STATE_LABELS.failed));
    const cash = rowOf(text, first.items[3]!.id);
    expect(cash).toContain(EARNINGS_NOT_APPROVED);
    expect(cash).toContain(html(EARNING_STATE_LABELS.awaiting_approval));
    expect(rowOf(text, second.items[0]!.id)).toContain("$80.04");
    expect(rowOf(text, second.items[0]!.id)).toContain(EARNING_STATE_LABELS.in_progress);
    expect(rowOf(text, second.items[1]!.id)).toContain("$160.00");
    expect(rowOf(text, second.items[5]!.id)).toContain(EARNING_STATE_LABELS.reversed);
    expect(text).not.toContain("Not prepaid");
    expect(text).not.toContain("Refunded phase");
    expect(text).not.toContain("Refund under way");
    // The business of each engagement is named.
    expect(text).toContain(html(client.business.name));
    expect(text).toContain(html(otherClient.business.name));
  });

  it("never shows another consultant's money", async () => {
    const client = await signedInClient();
    const me = await signedInConsultant();
    const other = await signedInConsultant();
    await engagementWith(client.business.id, other.user.id, "Someone else's plan", [
      {
        title: "Their paid phase",
        priceCents: 90_000,
        status: "approved",
        purchase: "paid",
        transfer: "paid",
        approvedAt: APPROVED_ON,
      },
      { title: "Their delivered phase", priceCents: 70_000, status: "delivered", purchase: "paid" },
    ]);
    const otherAccount = await account(other.user.id);
    await addStubPayout({ account: otherAccount, amount: 72_000, status: "paid" });

    const text = await page(me.token);
    expect(text).not.toContain("Their paid phase");
    expect(text).not.toContain("Their delivered phase");
    expect(text).toContain(EARNINGS_EMPTY);
    expect(text).not.toContain("$720.00");
    expect(text).toContain(html(PAYOUTS_NOT_SET_UP));
    const earnings = await loadConsultantEarnings(
      createAppContext(env as unknown as CloudflareBindings, () => {}),
      me.user.id,
    );
    expect(earnings).toEqual({
      rows: [],
      totals: {
        paidCents: 0,
        heldCents: 0,
        heldWaitingCents: 0,
        heldFailedCents: 0,
        heldSendingCents: 0,
        pendingApprovalCents: 0,
      },
    });
    // The owner sees them.
    const theirs = await page(other.token);
    expect(theirs).toContain("Their paid phase");
    expect(theirs).toContain("Their delivered phase");
  });

  it("sends anonymous visitors to the login screen and answers 404 to clients and managers", async () => {
    const anonymous = await sendWithStripe("/consultant/payouts");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    const client = await signedInClient();
    expect((await sendWithStripe("/consultant/payouts", { token: client.token })).status).toBe(404);
  });
});

describe("payouts as Stripe reports them", () => {
  it("lists the account's payouts from GET /v1/payouts with its Stripe-Account header, next to the dashboard link", async () => {
    const me = await signedInConsultant();
    const accountId = await account(me.user.id);
    const other = await signedInConsultant();
    const otherAccount = await account(other.user.id);
    const day = 86_400;
    const base = Math.floor(Date.UTC(2026, 10, 10, 12) / 1000);
    await addStubPayout({
      account: accountId,
      amount: 120_000,
      status: "paid",
      created: base,
      arrival_date: base + 2 * day,
    });
    await addStubPayout({
      account: accountId,
      amount: 8_004,
      status: "in_transit",
      created: base + 5 * day,
      arrival_date: base + 7 * day,
    });
    await addStubPayout({
      account: accountId,
      amount: 5_000,
      status: "failed",
      created: base + 6 * day,
      arrival_date: base + 8 * day,
    });
    await addStubPayout({ account: otherAccount, amount: 33_300, status: "paid", created: base });

    const before = (await stripeRequests()).length;
    const text = await page(me.token);
    const requests = (await stripeRequests()).slice(before).filter((r) => r.path === "/v1/payouts");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: "GET", stripeAccount: accountId, query: { limit: "10" } });

    expect(text).toContain(PAYOUTS_TABLE_CAPTION);
    const table = text.slice(text.indexOf(PAYOUTS_TABLE_CAPTION));
    const arrivals = [base + 8 * day, base + 7 * day, base + 2 * day].map((s) => formatDate(s * 1000));
    // Newest first, each with its arrival date, amount and status.
    const positions = arrivals.map((date) => table.indexOf(date));
    expect(positions.every((p) => p > -1)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(table).toContain("$1,200.00");
    expect(table).toContain("$80.04");
    expect(table).toContain("$50.00");
    expect(table).toContain(">Paid<");
    expect(table).toContain(">In transit<");
    expect(table).toContain(">Failed<");
    expect(table).not.toContain("$333.00");
    // The Express dashboard button stays next to the payouts (in their section, which streams its table in).
    const section = text.indexOf('id="payouts-list-title"');
    expect(section).toBeGreaterThan(-1);
    expect(text.indexOf(OPEN_DASHBOARD_BUTTON)).toBeGreaterThan(section);
    expect(text.split(OPEN_DASHBOARD_BUTTON)).toHaveLength(2);
  });

  it("an account without payouts yet says so; no account: a line, and Stripe is not asked", async () => {
    const me = await signedInConsultant();
    await account(me.user.id);
    expect(await page(me.token)).toContain(html(PAYOUTS_NONE));

    const newcomer = await signedInConsultant();
    const before = (await stripeRequests()).length;
    const text = await page(newcomer.token);
    expect(text).toContain(html(PAYOUTS_NOT_SET_UP));
    expect((await stripeRequests()).slice(before).filter((r) => r.path === "/v1/payouts")).toHaveLength(0);
  });

  it("when Stripe fails, says so clearly and the rest of the page works", async () => {
    const client = await signedInClient();
    const me = await signedInConsultant();
    await engagementWith(client.business.id, me.user.id, "Margin recovery plan", [
      {
        title: "Freight audit",
        priceCents: 150_000,
        status: "approved",
        purchase: "paid",
        transfer: "paid",
        approvedAt: APPROVED_ON,
      },
    ]);
    await account(me.user.id);
    // The SDK retries once: two failures fail the call.
    await failNextStripeCalls(2, 500);
    const response = await sendWithStripe("/consultant/payouts", { token: me.token });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(html(PAYOUTS_UNAVAILABLE));
    expect(text).toContain("Freight audit");
    expect(text).toContain(`<dt>${EARNINGS_TOTAL_LABELS.paid}</dt><dd class="earnings-total-amount">$1,200.00</dd>`);
    expect(text).toContain("Payouts enabled");
    expect(text).toContain(OPEN_DASHBOARD_BUTTON);
  });
});

describe("local mode", () => {
  it("a transfer to a local connected account makes its automatic payout: in transit for two days, then paid", async () => {
    const app = createAppContext(env as unknown as CloudflareBindings, () => {});
    expect(app.env.STRIPE_SECRET_KEY).toBeFalsy();
    const client = await signedInClient();
    const me = await signedInConsultant();
    const connected = await paymentProvider(app).createConnectAccount(
      { consultantUserId: me.user.id, email: me.user.email },
      `test-account-${me.user.id}`,
    );
    await account(me.user.id, connected.id);
    const { items } = await engagementWith(client.business.id, me.user.id, "Margin recovery plan", [
      { title: "Freight audit", priceCents: 150_000, status: "approved", purchase: "paid", approvedAt: APPROVED_ON },
    ]);
    const transfer = await payApprovedItem(app, items[0]!.id);
    expect(transfer).toMatchObject({ status: "paid", amountCents: 120_000 });
    expect(transfer!.stripeTransferId).toMatch(/^tr_test_/);
    // A replay makes no second payout.
    await payApprovedItem(app, items[0]!.id);
    const stored = await db().select().from(localStripeObjects).where(eq(localStripeObjects.customerId, connected.id));
    expect(stored.filter((row) => row.type === "payout")).toHaveLength(1);

    const now = new Date();
    const text = await page(me.token, false);
    const table = text.slice(text.indexOf(PAYOUTS_TABLE_CAPTION));
    expect(text).toContain(PAYOUTS_TABLE_CAPTION);
    expect(table).toContain(formatDate(now.getTime() + 2 * 86_400_000));
    expect(table).toContain(formatMoney(120_000));
    expect(table).toContain(">In transit<");

    const later = createAppContext(
      env as unknown as CloudflareBindings,
      () => {},
      () => new Date(now.getTime() + 3 * 86_400_000),
    );
    const payouts = await paymentProvider(later).listPayouts(connected.id, { limit: 10 });
    expect(payouts).toEqual([
      expect.objectContaining({ amount: 120_000, currency: "usd", status: "paid", arrival_date: expect.any(Number) }),
    ]);
    expect(payouts[0]!.id).toMatch(/^po_test_/);
    // Another account's list is its own.
    expect(await paymentProvider(later).listPayouts("acct_local_someone_else", { limit: 10 })).toEqual([]);
  });
});
