import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  businesses,
  consultantTransfers,
  deliverableDisputes,
  deliveryItems,
  deliveryOutlines,
  itemRefunds,
  purchaseRefunds,
} from "~db/schema";
import { autoAcceptanceAt } from "~/lib/engagements/review-deadlines";
import { countedHeading, MONEY_DESK, TRANSFERS_CONSOLE } from "~/lib/payouts/console-copy";
import { formatDate, formatDateTime } from "~/lib/shared/dates";
import { nearAcceptanceQuery, countMoneyDesk } from "~/server/payouts/money-desk.server";
import { createPurchaseRow, db, html } from "../helpers";
import { sendWithStripe } from "../helpers/deliverables";
import { signedInClient, signedInConsultant, signedInManager } from "../../factories";
import { paidEngagement, stubApp } from "./helpers";

/**
 * The managers' money desk, /manage/money (issue #40 item 4, docs/decisions/080): each section
 * lists exactly what needs a manager, its heading and the console home count the same rows, the
 * old /manage/transfers answers a 301, and only managers see any of it. Its transfers' sections
 * (and the Retry) are in console-transfers.test.ts.
 */

const PATH = "/manage/money";
const DAY = 24 * 60 * 60 * 1000;

/** The card of the page under the heading `id` (up to the card's end). */
function section(page: string, id: string): string {
  const start = page.indexOf(`id="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  return page.slice(start, page.indexOf("</section>", start));
}

/** The body rows of a section's table. */
const rowsOf = (part: string) =>
  part
    .match(/<tbody>[\s\S]*<\/tbody>/)?.[0]
    .split("</tr>")
    .slice(0, -1) ?? [];

/** The one table row of `part` that holds every one of `texts`. */
function rowWith(part: string, ...texts: string[]): string {
  const rows = rowsOf(part).filter((row) => texts.every((text) => row.includes(text)));
  expect(rows, texts.join(" + ")).toHaveLength(1);
  return rows[0]!;
}

const rowsIn = (part: string) => rowsOf(part).length;

async function namesOf(outlineId: string) {
  const [outline] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, outlineId));
  const [business] = await db().select().from(businesses).where(eq(businesses.id, outline!.businessId));
  return { engagement: outline!.title, business: business!.name };
}

async function itemOf(itemId: string) {
  const [item] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, itemId));
  return item!;
}

async function deskPage(token: string) {
  const response = await sendWithStripe(PATH, { token });
  expect(response.status).toBe(200);
  return response.text();
}

/** A dispute row as the business's opening (being built elsewhere) writes it. */
async function dispute(
  engagement: Awaited<ReturnType<typeof paidEngagement>>,
  status: "open" | "settling" | "settled",
  openedAt: Date,
) {
  const row = {
    id: crypto.randomUUID(),
    itemId: engagement.item.id,
    outlineId: engagement.outline.id,
    businessId: engagement.client.business.id,
    reason: "The analysis misses the freight costs.",
    openedByUserId: engagement.client.user.id,
    openedAt,
    status,
    ...(status === "open"
      ? {}
      : {
          outcome: "split" as const,
          chargedCents: 150_000,
          refundCents: 50_000,
          transferCents: 80_000,
          feeCents: 20_000,
        }),
  };
  await db().insert(deliverableDisputes).values(row);
  await db()
    .update(deliveryItems)
    .set({ businessDeliveryReview: "disputed" })
    .where(eq(deliveryItems.id, engagement.item.id));
  return row;
}

/** A delivery waiting for review since `deliveredAt`. */
async function delivered(deliveredAt: Date) {
  const engagement = await paidEngagement({ count: 1 });
  await db()
    .update(deliveryItems)
    .set({ consultantConfirmedAt: deliveredAt })
    .where(eq(deliveryItems.id, engagement.item.id));
  return engagement;
}

describe("the money desk's disputes to settle", () => {
  it("lists the open and settling disputes, oldest first, with the charge and a link to the settlement, a failed refund said; never a settled one", async () => {
    const older = await paidEngagement({ priceCents: 150_005 });
    const newer = await paidEngagement({ priceCents: 90_000 });
    const stopped = await paidEngagement({ priceCents: 80_000 });
    const settled = await paidEngagement();
    const openedOld = new Date(Date.now() - 5 * DAY);
    await dispute(older, "open", openedOld);
    await dispute(newer, "settling", new Date(Date.now() - 2 * DAY));
    await dispute(stopped, "settling", new Date(Date.now() - DAY));
    await dispute(settled, "settled", new Date(Date.now() - 9 * DAY));
    // The settlement of `stopped` refunded part of the charge, and Stripe refused it.
    await db()
      .insert(itemRefunds)
      .values({
        itemId: stopped.item.id,
        outlineId: stopped.outline.id,
        businessId: stopped.client.business.id,
        purchaseId: (await itemOf(stopped.item.id)).paidPurchaseId!,
        amountCents: 30_000,
        partial: true,
        status: "failed",
        failureMessage: "Card issuer declined the refund",
      });

    const manager = await signedInManager();
    const page = await deskPage(manager.token);
    const part = section(page, "desk-disputes-heading");
    expect(part).toContain(html(countedHeading(MONEY_DESK.disputesHeading, rowsIn(part))));

    const first = rowWith(part, `#dispute-${older.item.id}`);
    const names = await namesOf(older.outline.id);
    for (const text of [names.business, names.engagement, (await itemOf(older.item.id)).title]) {
      expect(first).toContain(html(text));
    }
    expect(first).toContain("$1,500.05");
    expect(first).toContain(formatDate(openedOld));
    expect(first).toContain(`>${MONEY_DESK.disputeStatus.open}<`);
    expect(first).toContain(`href="/manage/engagements/${older.outline.id}#dispute-${older.item.id}"`);
    expect(first).toContain(`>${MONEY_DESK.settle}<`);

    const second = rowWith(part, `#dispute-${newer.item.id}`);
    expect(second).toContain("$900.00");
    expect(second).toContain(`>${MONEY_DESK.disputeStatus.settling}<`);
    expect(part.indexOf(older.item.id)).toBeLessThan(part.indexOf(newer.item.id));
    const third = rowWith(part, `#dispute-${stopped.item.id}`);
    expect(third).toContain(`>${html(MONEY_DESK.disputeStatus.refund_failed)}<`);
    expect(third).not.toContain(MONEY_DESK.disputeStatus.settling);

    expect(part).not.toContain(settled.item.id);
    expect(part).not.toContain(settled.outline.id);
  });
});

describe("the money desk's deliveries near automatic acceptance", () => {
  it("lists the waiting deliveries the daily run accepts within three days or overdue, with the date, and nothing else", async () => {
    const now = Date.now();
    const soon = await delivered(new Date(now - 12 * DAY));
    const overdue = await delivered(new Date(now - 20 * DAY));
    const later = await delivered(new Date(now - 9 * DAY));
    const disputed = await delivered(new Date(now - 12 * DAY));
    await dispute(disputed, "open", new Date(now - DAY));
    const refunding = await delivered(new Date(now - 12 * DAY));
    await db()
      .insert(itemRefunds)
      .values({
        itemId: refunding.item.id,
        outlineId: refunding.outline.id,
        businessId: refunding.client.business.id,
        purchaseId: (await itemOf(refunding.item.id)).paidPurchaseId!,
        amountCents: 150_000,
        status: "pending",
      });

    const manager = await signedInManager();
    const page = await deskPage(manager.token);
    const part = section(page, "desk-near-heading");
    expect(part).toContain(html(countedHeading(MONEY_DESK.nearHeading, rowsIn(part))));
    for (const { outline, item } of [soon, overdue]) {
      const row = rowWith(part, `href="/manage/engagements/${outline.id}"`);
      const saved = await itemOf(item.id);
      const names = await namesOf(outline.id);
      for (const text of [names.business, names.engagement, saved.title]) expect(row).toContain(html(text));
      expect(row).toContain(formatDate(saved.consultantConfirmedAt!));
      expect(row).toContain(html(MONEY_DESK.acceptsOn(formatDateTime(autoAcceptanceAt(saved.consultantConfirmedAt!)))));
    }
    expect(part.indexOf(overdue.outline.id)).toBeLessThan(part.indexOf(soon.outline.id));
    for (const { outline } of [later, disputed, refunding]) expect(part).not.toContain(outline.id);
  });

  it("reads the waiting deliveries through their partial index", async () => {
    const query = nearAcceptanceQuery(stubApp(), new Date()).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail).join("\n");
    expect(details).toContain("delivery_items_waiting_review_idx");
    expect(details).not.toMatch(/SCAN delivery_items(?! USING)/);
  });
});

describe("the money desk's refunds under way", () => {
  it("lists the refunds of deliverables and of duplicate payments pending or failed (with Stripe's message), never a finished one", async () => {
    const engagement = await paidEngagement({ count: 3 });
    const { client, outline, items } = engagement;
    const purchaseOf = async (itemId: string) => (await itemOf(itemId)).paidPurchaseId!;
    const since = new Date(Date.now() - 3 * DAY);
    const refund = async (
      itemId: string,
      status: "pending" | "failed" | "succeeded",
      extra: Partial<typeof itemRefunds.$inferInsert> = {},
    ): Promise<typeof itemRefunds.$inferInsert> => ({
      id: crypto.randomUUID(),
      itemId,
      outlineId: outline.id,
      businessId: client.business.id,
      purchaseId: await purchaseOf(itemId),
      amountCents: 150_000,
      status,
      createdAt: since,
      ...extra,
    });
    const pendingRefund = await refund(items[0]!.id, "pending");
    const failedRefund = await refund(items[1]!.id, "failed", {
      amountCents: 50_000,
      partial: true,
      failureMessage: "The card issuer declined the refund.",
    });
    const doneRefund = await refund(items[2]!.id, "succeeded");
    await db().insert(itemRefunds).values([pendingRefund, failedRefund, doneRefund]);

    // A second payment of the first deliverable, refunded by Partwise: failed, and finished ones not listed.
    const duplicate = await createPurchaseRow(client.business.id, {
      referenceId: items[0]!.id,
      amountCents: 150_000,
      paidAt: new Date(),
      duplicateOfPurchaseId: await purchaseOf(items[0]!.id),
    });
    const other = await signedInClient();
    const otherDuplicate = await createPurchaseRow(other.business.id, {
      kind: "insight",
      referenceId: "insight_x",
      amountCents: 20_000,
      paidAt: new Date(),
    });
    const duplicateRefund = {
      id: crypto.randomUUID(),
      businessId: client.business.id,
      purchaseId: duplicate.id,
      reason: "duplicate_payment" as const,
      amountCents: 150_000,
      status: "failed" as const,
      failureMessage: "No such charge.",
      createdAt: since,
    };
    const doneDuplicate = {
      id: crypto.randomUUID(),
      businessId: other.business.id,
      purchaseId: otherDuplicate.id,
      reason: "duplicate_payment" as const,
      amountCents: 20_000,
      status: "succeeded" as const,
    };
    await db().insert(purchaseRefunds).values([duplicateRefund, doneDuplicate]);

    const manager = await signedInManager();
    const page = await deskPage(manager.token);
    const part = section(page, "desk-refunds-heading");
    expect(part).toContain(html(countedHeading(MONEY_DESK.refundsHeading, rowsIn(part))));
    const { business } = await namesOf(outline.id);
    const [first, second, third] = await Promise.all(items.map((item) => itemOf(item.id)));

    const link = `href="/manage/engagements/${outline.id}"`;
    const pending = rowWith(part, link, html(MONEY_DESK.refundWhat.item(first!.title)));
    expect(pending).toContain(html(business));
    expect(pending).toContain("$1,500.00");
    expect(pending).toContain(`>${MONEY_DESK.refundStatus.pending}<`);
    expect(pending).toContain(formatDate(since));

    const failed = rowWith(part, link, html(MONEY_DESK.refundWhat.partial(second!.title)));
    expect(failed).toContain("$500.00");
    expect(failed).toContain(`>${MONEY_DESK.refundStatus.failed}<`);
    expect(failed).toContain(html("The card issuer declined the refund."));

    const again = rowWith(part, link, html(MONEY_DESK.refundWhat.duplicatePayment(first!.title)));
    expect(again).toContain(`>${MONEY_DESK.refundStatus.failed}<`);
    expect(again).toContain("No such charge.");

    // The succeeded refunds: neither the third deliverable's nor the other business's duplicate ($200.00).
    expect(rowsOf(part).filter((row) => row.includes(link))).toHaveLength(3);
    expect(part).not.toContain(html(MONEY_DESK.refundWhat.item(third!.title)));
    expect(part).not.toContain("$200.00");
  });
});

/** An engagement whose first deliverable is approved, with its transfer in `transfer`'s state. */
async function approvedWithTransfer(transfer: { status: "failed" | "held"; failureMessage?: string }) {
  const engagement = await paidEngagement();
  await db()
    .update(deliveryItems)
    .set({ status: "approved", businessDeliveryReview: "approved" })
    .where(eq(deliveryItems.id, engagement.item.id));
  await db()
    .insert(consultantTransfers)
    .values({
      itemId: engagement.item.id,
      outlineId: engagement.outline.id,
      businessId: engagement.client.business.id,
      consultantUserId: engagement.consultant.user.id,
      chargedCents: 150_000,
      feeCents: 30_000,
      amountCents: 120_000,
      ...transfer,
    });
  return engagement;
}

describe("the money desk's counts", () => {
  it("the console home's card and each heading count exactly the rows listed", async () => {
    // At least one row in each section.
    await dispute(await paidEngagement(), "open", new Date(Date.now() - DAY));
    await delivered(new Date(Date.now() - 13 * DAY));
    const failing = await approvedWithTransfer({ status: "failed", failureMessage: "Stripe refused it." });
    await db()
      .insert(itemRefunds)
      .values({
        itemId: failing.items[1]!.id,
        outlineId: failing.outline.id,
        businessId: failing.client.business.id,
        purchaseId: (await itemOf(failing.items[1]!.id)).paidPurchaseId!,
        amountCents: 150_000,
        status: "failed",
      });

    // A transfer held for a consultant who has not set up payouts.
    await approvedWithTransfer({ status: "held" });

    const manager = await signedInManager();
    const page = await deskPage(manager.token);
    const counts = await countMoneyDesk(stubApp());
    const listed = {
      disputes: rowsIn(section(page, "desk-disputes-heading")),
      transfersToRetry: rowsIn(section(page, "transfers-failed-heading")),
      held: rowsIn(section(page, "transfers-held-heading")),
      nearAcceptance: rowsIn(section(page, "desk-near-heading")),
      refunds: rowsIn(section(page, "desk-refunds-heading")),
    };
    expect(counts).toEqual(listed);
    for (const count of Object.values(counts)) expect(count).toBeGreaterThan(0);
    expect(page).toContain(html(countedHeading(TRANSFERS_CONSOLE.failedHeading, counts.transfersToRetry)));

    const home = await (await sendWithStripe("/manage", { token: manager.token })).text();
    const card = section(home, "stat-money");
    expect(card).toContain(`>${MONEY_DESK.title}<`);
    for (const [label, count] of [
      [MONEY_DESK.card.disputes, counts.disputes],
      [MONEY_DESK.card.transfersToRetry, counts.transfersToRetry],
      [MONEY_DESK.card.held, counts.held],
      [MONEY_DESK.card.nearAcceptance, counts.nearAcceptance],
      [MONEY_DESK.card.refunds, counts.refunds],
    ] as const) {
      expect(card).toContain(`<dt>${html(label)}</dt><dd>${count}</dd>`);
    }
    expect(card).toContain(`href="/manage/money"`);
    // The navigation's count: what waits for a manager's hand (disputes and transfers to retry).
    const navLink = home.slice(home.indexOf('href="/manage/money"'));
    expect(navLink.slice(0, navLink.indexOf("</a>"))).toContain(
      `, ${counts.disputes + counts.transfersToRetry} ${MONEY_DESK.navWhat}`,
    );
    expect(home).not.toContain('href="/manage/transfers"');
  });
});

describe("the money desk's address and who sees it", () => {
  it("/manage/transfers answers a 301 to /manage/money (its query kept) for a manager", async () => {
    const manager = await signedInManager();
    const moved = await sendWithStripe("/manage/transfers", { token: manager.token });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe(PATH);
    const withNotice = await sendWithStripe("/manage/transfers?notice=retried", { token: manager.token });
    expect(withNotice.status).toBe(301);
    expect(withNotice.headers.get("Location")).toBe(`${PATH}?notice=retried`);
    const page = await deskPage(manager.token);
    expect(page).toContain(`<title>${MONEY_DESK.metaTitle}</title>`);
    expect(page).toContain(`<h1>${MONEY_DESK.title}</h1>`);
  });

  it("anonymous, clients and consultants get the console's 404 for the desk and its old address", async () => {
    const client = await signedInClient();
    const consultant = await signedInConsultant();
    for (const token of [null, client.token, consultant.token]) {
      for (const path of [PATH, "/manage/transfers"]) {
        const response = await sendWithStripe(path, { token });
        expect(response.status, path).toBe(404);
        expect(response.headers.get("Location"), path).toBeNull();
      }
    }
  });
});
