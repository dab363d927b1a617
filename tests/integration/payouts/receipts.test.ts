import { and, eq, inArray } from "drizzle-orm";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deliveryItems, insightRequests, notifications, purchases } from "~db/schema";
import { formatDate } from "~/lib/shared/dates";
import { receiptNumber } from "~/lib/payouts/receipts";
import { refundItem } from "~/server/payouts/transfers.server";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { loadEngagementCosts, loadPaymentHistory, loadReceipt } from "~/server/payments/receipts.server";
import { call, db } from "../helpers";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import { paidEngagement, refundsOf, stubApp } from "./helpers";

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
  const refunded = await refundItem(stubApp(), manager.user.id, engagement.outline.id, third!.id);
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
    const receipt = await page(`/receipts/${purchaseId}`, client.token);
    const text = textOf(receipt);
    const number = receiptNumber(purchaseId, purchase!.paidAt!);
    expect(number).toMatch(/^PW-\d{8}-[0-9A-Z]{8}$/);
    expect(text).toContain(`Partwise Receipt Receipt number ${number}`);
    expect(text).toContain(`Receipt number ${number}`);
    expect(text).toContain(`Date paid ${formatDate(purchase!.paidAt!)}`);
    expect(text).toContain(`Billed to ${client.business.name}`);
    expect(text).toContain("Item Deliverable: Phase 1 (Margin recovery plan)");
    expect(receipt).toContain(`href="/features?focus=Engagements&amp;engagementId=${outline.id}"`);
    expect(text).toContain("Amount paid $1,500.00");
    expect(text).toContain(`Payment reference ${purchase!.stripePaymentIntentId}`);
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
    expect((await call(`/receipts/${purchaseId}`, { cookie: other.token })).status).toBe(404);
    expect((await call("/receipts/no-such-purchase", { cookie: client.token })).status).toBe(404);
    for (const status of ["pending", "canceled", "failed"] as const) {
      await db().update(purchases).set({ status }).where(eq(purchases.id, purchaseId));
      expect((await call(`/receipts/${purchaseId}`, { cookie: client.token })).status, status).toBe(404);
    }
    await db().update(purchases).set({ status: "paid" }).where(eq(purchases.id, purchaseId));
    const anonymous = await call(`/receipts/${purchaseId}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
    const consultant = await signedInConsultant();
    const staff = await call(`/receipts/${purchaseId}`, { cookie: consultant.token });
    expect([302, 404]).toContain(staff.status);
    expect(await staff.text()).not.toContain("$1,500.00");
  });
});

describe("Settings → Account → Payments", () => {
  it("lists every payment and refund newest first, each with its receipt, and nothing of another business", async () => {
    const { client, first, third, purchaseOf } = await engagementWithRefund();
    const [insight] = await db()
      .insert(insightRequests)
      .values({ businessId: client.business.id, category: "strategy", statusText: "Paid" })
      .returning();
    const older = new Date(Date.now() - 5 * 86_400_000);
    await db()
      .insert(purchases)
      .values([
        {
          id: `insight-${insight!.id}`,
          businessId: client.business.id,
          kind: "insight",
          referenceId: insight!.id,
          amountCents: 9_900,
          status: "paid",
          stripePaymentIntentId: "pi_insight_1",
          idempotencyKey: `insight-${insight!.id}`,
          paidAt: older,
        },
        {
          id: `plan-${insight!.id}`,
          businessId: client.business.id,
          kind: "subscription",
          referenceId: "STANDARD_PLAN_MONTHLY",
          amountCents: 24_700,
          status: "paid",
          idempotencyKey: `plan-${insight!.id}`,
          paidAt: older,
        },
        {
          id: `unpaid-${insight!.id}`,
          businessId: client.business.id,
          kind: "benchmarking",
          referenceId: "2026",
          amountCents: 50_000,
          status: "pending",
          idempotencyKey: `unpaid-${insight!.id}`,
        },
      ]);
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
      `payment: ${formatDate(older)} Insight request: Strategy $99.00 Paid ${receiptNumber(`insight-${insight!.id}`, older)}`,
    );
    expect(text).not.toContain("$500.00");
    // A plan's start is no payment receipt: its charges are invoices in the billing portal.
    expect(text).not.toContain("STARTER (monthly) membership");
    expect(text).toContain("Your membership's invoices are in the billing portal (Manage Payment).");
    expect((await call(`/receipts/plan-${insight!.id}`, { cookie: client.token })).status).toBe(404);
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
    expect(await refundItem(stubApp(), manager.user.id, outline.id, third.id)).toMatchObject({
      ok: false,
      status: 409,
    });
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
    const receipt = countingDb();
    expect(await loadReceipt(receipt.app, client.business, purchaseOf(first.id))).not.toBeNull();
    expect(receipt.counts()).toEqual({ waves: 1, statements: 2 });
    const history = countingDb();
    expect(await loadPaymentHistory(history.app, client.business.id)).toHaveLength(4);
    expect(history.counts()).toEqual({ waves: 1, statements: 2 });
  });
});
