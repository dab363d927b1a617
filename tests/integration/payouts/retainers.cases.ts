import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditEvents,
  businesses,
  cardsOnFile,
  deliveryItems,
  deliveryOutlines,
  purchases,
  timeEntries,
} from "~db/schema";
import {
  EXTRA_HOURS_ALREADY_DECIDED,
  NOTICE_ALREADY_GIVEN,
  NOTICE_MONTH_DELIVERED,
  NOTICE_MONTH_PAID,
} from "~/lib/engagements/retainer-copy";
import { askForExtraHours, decideExtraHours } from "~/server/engagements/extra-hours.server";
import {
  TIME_ENTRY_MONTH_CLOSED,
  TIME_ENTRY_NOT_FOUND,
  TIME_ENTRY_OUTSIDE_MONTH,
} from "~/lib/engagements/retainer-copy";
import { createAppContext } from "~/server/load-context";
import { settleSilentReviews } from "~/server/engagements/review-deadlines.server";
import {
  giveNotice,
  logTime,
  removeTimeEntry,
  retainerMonthRow,
  runRetainers,
} from "~/server/engagements/retainers.server";
import { startItemPayment } from "~/server/payments/card-charges.server";
import { confirmDelivery } from "~/server/engagements/deliveries.server";
import { DELIVERY_OUT_OF_TURN } from "~/lib/engagements/engagement-copy";
import type { CloudflareBindings } from "~/server/platform/env.server";
import {
  createConsultant,
  db,
  failStubCard,
  noticesOf,
  ORIGIN,
  payStubSession,
  retryStubInvoice,
  stripeEnv,
  stripeEvent,
  stubInvoice,
} from "../helpers";
import { createSignedOutline, deliverStripeEvent, sendWithStripe } from "../helpers/deliverables";
import { signedInClient } from "../../factories";
import { payoutAccount, stubRequests, transfersOf } from "./helpers";

/**
 * Fractional retainers (issue #41, docs/decisions/082) with a fake clock: months opened on their
 * first day, the first paid by checkout (the card saved), the later ones charged to the card on
 * file by the daily run, one declined and recovered by Stripe's Smart Retry, time logged,
 * delivered at the month's end, confirmed or accepted on day 14, the consultant paid their share
 * per month, extra hours beyond a month's budget asked for, approved and bought once under a race
 * (docs/decisions/084), notice ending it; every charge and transfer once and the ledger to the cent.
 */

const FEE = 400_000;
const BUDGET = 20 * 60;
/** The daily run's hour (13:00 UTC) on a day. */
const day = (date: string, hour = 13) => new Date(`${date}T${String(hour).padStart(2, "0")}:00:00.000Z`);
const appAt = (now: Date) =>
  createAppContext(
    { ...stripeEnv(env), APP_URL: ORIGIN } as unknown as CloudflareBindings,
    () => {},
    () => now,
  );

const monthsOf = (outlineId: string) =>
  db().select().from(deliveryItems).where(eq(deliveryItems.outlineId, outlineId)).orderBy(deliveryItems.position);
const outlineRow = async (id: string) =>
  (await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, id)))[0]!;
const paidPurchasesOf = (itemIds: string[]) =>
  db()
    .select()
    .from(purchases)
    .where(and(inArray(purchases.referenceId, itemIds), eq(purchases.status, "paid")));
const review = (token: string, outlineId: string, itemId: string) =>
  sendWithStripe("/api/delivery-outline/business/item-review", {
    token,
    method: "PUT",
    json: { deliveryItemId: itemId, deliveryOutlineId: outlineId, decision: "pause", businessNotes: "" },
  });

/** A retainer starting on `start`, signed, its first month open and paid by checkout (the card saved). */
async function signedRetainer(start: string) {
  const client = await signedInClient();
  const consultant = await createConsultant();
  await payoutAccount(consultant.user.id, true);
  const { outline: created } = await createSignedOutline(client.business.id, consultant.user.id, {
    outline: {
      kind: "retainer",
      title: "Fractional CFO",
      monthlyFeeCents: FEE,
      monthlyBudgetMinutes: BUDGET,
      retainerStartDate: start,
      noticeMonths: 1,
    },
    items: [],
  });
  const outline = await outlineRow(created.id);
  const [first] = await db()
    .insert(deliveryItems)
    .values(retainerMonthRow(outline, 0, new Date())!)
    .returning();
  if (!first) throw new Error("The first month was not inserted.");
  const started = await sendWithStripe("/api/payments/create-item-session", {
    token: client.token,
    json: { deliveryItemId: first.id, deliveryOutlineId: outline.id },
  });
  expect(started.status).toBe(200);
  const sessionId = ((await started.json()) as { url: string }).url.split("/").pop()!;
  await payStubSession(sessionId);
  expect((await deliverStripeEvent(stripeEvent("checkout.session.completed", { id: sessionId }))).status).toBe(200);
  const [card] = await db().select().from(cardsOnFile).where(eq(cardsOnFile.businessId, client.business.id));
  return { client, consultant, outline, first, card: card! };
}

describe("a fractional retainer", () => {
  it("bills three months from the card on file, one declined and recovered, with time logs, extra hours approved beyond the budget, notice and the last payout", async () => {
    const { client, consultant, outline, first, card } = await signedRetainer("2027-01-01");
    expect(first).toMatchObject({ title: "Month 1 (Jan 1 – Jan 31, 2027)", priceCents: FEE, periodEnd: "2027-01-31" });
    expect((await monthsOf(outline.id))[0]).toMatchObject({ status: "active" });

    // The consultant logs January; another consultant's log is refused and writes nothing.
    const jan = appAt(day("2027-01-20"));
    const logged = await logTime(jan, consultant.user.id, {
      itemId: first.id,
      workDate: "2027-01-05",
      minutes: 6 * 60,
      description: "Cash flow forecast",
    });
    expect(logged.ok).toBe(true);
    expect(
      await logTime(jan, consultant.user.id, {
        itemId: first.id,
        workDate: "2027-01-19",
        minutes: 10 * 60 + 30,
        description: "Board pack",
      }),
    ).toMatchObject({ ok: true });
    const stray = await logTime(jan, consultant.user.id, {
      itemId: first.id,
      workDate: "2027-01-25",
      minutes: 60,
      description: "Not yet",
    });
    expect(stray).toEqual({ ok: false, status: 400, msg: TIME_ENTRY_OUTSIDE_MONTH, field: "workDate" });
    const other = await createConsultant();
    expect(
      await logTime(jan, other.user.id, { itemId: first.id, workDate: "2027-01-05", minutes: 60, description: "x" }),
    ).toEqual({ ok: false, status: 404, msg: TIME_ENTRY_NOT_FOUND });
    expect(await removeTimeEntry(jan, other.user.id, logged.ok ? logged.entry.id : "", first.id)).toMatchObject({
      status: 404,
    });
    expect(await db().select().from(timeEntries).where(eq(timeEntries.itemId, first.id))).toHaveLength(2);

    // Feb 1: January is delivered with its hours, February opened and charged to the card, once
    // however often the run fires.
    const feb = appAt(day("2027-02-01"));
    const [run, raced] = await Promise.all([runRetainers(feb), runRetainers(feb)]);
    expect(run.delivered + raced.delivered).toBe(1);
    expect(run.opened + raced.opened).toBe(1);
    expect(run.charged + raced.charged).toBe(1);
    expect(await runRetainers(feb)).toEqual({ opened: 0, delivered: 0, charged: 0, declined: 0 });
    let months = await monthsOf(outline.id);
    expect(months.map((month) => [month.title, month.status])).toEqual([
      ["Month 1 (Jan 1 – Jan 31, 2027)", "delivered"],
      ["Month 2 (Feb 1 – Feb 28, 2027)", "active"],
    ]);
    expect(months[0]!.summaryOfWork).toBe("16.5 h logged of the 20 h budget.");
    expect(
      await logTime(feb, consultant.user.id, {
        itemId: first.id,
        workDate: "2027-01-30",
        minutes: 60,
        description: "Late",
      }),
    ).toEqual({ ok: false, status: 409, msg: TIME_ENTRY_MONTH_CLOSED });
    const [febPurchase] = await paidPurchasesOf([months[1]!.id]);
    expect(febPurchase).toMatchObject({ amountCents: FEE, createdByUserId: null });
    expect(febPurchase!.stripeInvoiceId).toMatch(/^in_/);
    expect(await stubInvoice(febPurchase!.stripeInvoiceId!)).toMatchObject({
      status: "paid",
      amount_paid: FEE,
      customer: card.stripeCustomerId,
    });
    expect(await noticesOf(consultant.user.id, "item_delivered")).toHaveLength(0);
    expect((await noticesOf(client.user.id, "item_delivered")).map((row) => row.title)).toEqual([
      NOTICE_MONTH_DELIVERED,
    ]);
    expect((await noticesOf(consultant.user.id, "item_paid")).map((row) => row.title)).toEqual([
      NOTICE_MONTH_PAID,
      NOTICE_MONTH_PAID,
    ]);

    // Feb 10: the consultant asks for 4 h beyond February's budget (the fee's rate: $200 an hour);
    // two approvals race: one buys the hours, charged once to the card on file.
    const feb10 = appAt(day("2027-02-10"));
    const asked = await askForExtraHours(
      feb10,
      consultant.user.id,
      { itemId: months[1]!.id, minutes: 4 * 60, reason: "Year-end audit support" },
      ORIGIN,
    );
    expect(asked).toMatchObject({ ok: true, request: { minutes: 240, priceCents: 80_000, status: "requested" } });
    if (!asked.ok) throw new Error("The request was refused.");
    expect(await noticesOf(client.user.id, "extra_hours_requested")).toHaveLength(1);
    const [business] = await db().select().from(businesses).where(eq(businesses.id, client.business.id));
    const payer = { user: { id: client.user.id, email: client.user.email, emailVerified: true }, business: business! };
    const decision = { outlineId: outline.id, requestId: asked.request.id, approve: true };
    const approvals = await Promise.all([
      decideExtraHours(feb10, payer, decision, ORIGIN),
      decideExtraHours(feb10, payer, decision, ORIGIN),
    ]);
    const approved = approvals.find((answer) => answer.ok);
    expect(approved).toMatchObject({ ok: true, approved: true, payment: { ok: true, via: "card" } });
    expect(approvals.filter((answer) => !answer.ok)).toEqual([
      { ok: false, status: 409, msg: EXTRA_HOURS_ALREADY_DECIDED },
    ]);
    const extras = (await monthsOf(outline.id)).filter((item) => item.extraForItemId === months[1]!.id);
    expect(extras).toMatchObject([
      { title: "Month 2: 4 h extra", priceCents: 80_000, status: "active", periodEnd: "2027-02-28", position: 1 },
    ]);
    const [extraPurchase] = await paidPurchasesOf([extras[0]!.id]);
    expect(await stubInvoice(extraPurchase!.stripeInvoiceId!)).toMatchObject({
      status: "paid",
      amount_paid: 80_000,
      customer: card.stripeCustomerId,
    });
    expect(await noticesOf(consultant.user.id, "extra_hours_decided")).toHaveLength(1);
    for (const [workDate, minutes] of [
      ["2027-02-09", 12 * 60],
      ["2027-02-10", 10 * 60],
    ] as const) {
      expect(
        await logTime(feb10, consultant.user.id, { itemId: months[1]!.id, workDate, minutes, description: "Audit" }),
      ).toMatchObject({ ok: true });
    }

    // The business confirms January: the consultant's share (80%) is transferred once.
    expect((await review(client.token, outline.id, months[0]!.id)).status).toBe(200);
    expect((await review(client.token, outline.id, months[0]!.id)).status).toBe(409);
    expect(await transfersOf(months[0]!.id)).toMatchObject([{ amountCents: 320_000, feeCents: 80_000 }]);
    expect(await outlineRow(outline.id)).toMatchObject({ complete: false, pausedAt: null });

    // Mar 1: the card declines. March stays unpaid (no work starts), the business is told once,
    // and the run does not try the card again on its own.
    await failStubCard(card.stripePaymentMethodId);
    const mar = appAt(day("2027-03-01"));
    expect(await runRetainers(mar)).toEqual({ opened: 1, delivered: 2, charged: 0, declined: 1 });
    expect(await runRetainers(appAt(day("2027-03-02")))).toEqual({ opened: 0, delivered: 0, charged: 0, declined: 0 });
    months = (await monthsOf(outline.id)).filter((item) => item.extraForItemId === null);
    // February and its extra hours are delivered with the hours logged against both.
    expect(months[1]!.summaryOfWork).toBe("22 h logged of the 20 h budget and 4 h extra.");
    const [extra] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, extras[0]!.id));
    expect(extra).toMatchObject({
      status: "delivered",
      summaryOfWork: "4 h beyond the budget, delivered with the month: 22 h logged of the 20 h budget and 4 h extra.",
    });
    expect(months[2]).toMatchObject({
      title: "Month 3 (Mar 1 – Mar 31, 2027)",
      status: "upcoming",
      paidPurchaseId: null,
    });
    const [declined] = await db()
      .select()
      .from(purchases)
      .where(and(eq(purchases.referenceId, months[2]!.id), eq(purchases.status, "pending")));
    expect(declined!.declineMessage).toBeTruthy();
    expect(await noticesOf(client.user.id, "item_payment_declined")).toHaveLength(1);
    const pays = (await stubRequests()).filter(
      (request) => request.path === `/v1/invoices/${declined!.stripeInvoiceId}/pay`,
    );
    expect(pays).toHaveLength(1);

    // Stripe's Smart Retry pays it with the card mended: March becomes the month in progress.
    await failStubCard(card.stripePaymentMethodId, false);
    expect((await retryStubInvoice(declined!.stripeInvoiceId!)).status).toBe(200);
    const paidEvent = stripeEvent("invoice.paid", { id: declined!.stripeInvoiceId, object: "invoice" });
    expect((await deliverStripeEvent(paidEvent)).status).toBe(200);
    await deliverStripeEvent(paidEvent);
    expect((await monthsOf(outline.id)).find((item) => item.id === months[2]!.id)).toMatchObject({ status: "active" });

    // Nobody reviews February nor its extra hours: accepted on day 14 and the consultant paid for both.
    await settleSilentReviews(appAt(new Date(day("2027-03-01").getTime() + 14 * 86_400_000)));
    expect(await transfersOf(months[1]!.id)).toMatchObject([{ amountCents: 320_000 }]);
    expect(await transfersOf(extras[0]!.id)).toMatchObject([{ amountCents: 64_000, feeCents: 16_000 }]);

    // Mar 10: the business gives one month's notice, to the end of the month it ends in (April).
    const notice = { party: "business" as const, businessId: client.business.id, userId: client.user.id };
    const [given, again] = await Promise.all([
      giveNotice(appAt(day("2027-03-10")), outline.id, notice),
      giveNotice(appAt(day("2027-03-10")), outline.id, notice),
    ]);
    expect([given, again].filter((answer) => answer.ok)).toEqual([
      { ok: true, endsOn: "2027-04-30", kind: "retainer" },
    ]);
    expect([given, again].find((answer) => !answer.ok)).toEqual({ ok: false, status: 409, msg: NOTICE_ALREADY_GIVEN });
    expect(
      await giveNotice(appAt(day("2027-03-10")), outline.id, { party: "consultant", consultantId: other.user.id }),
    ).toMatchObject({ ok: false, status: 404 });
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.subjectId, outline.id));
    expect(audits.filter((row) => row.action === "retainer.notice_given")).toHaveLength(1);

    // Apr 1: April, the last month, is opened and charged; May 1 opens nothing more.
    expect(await runRetainers(appAt(day("2027-04-01")))).toEqual({ opened: 1, delivered: 1, charged: 1, declined: 0 });
    expect(await runRetainers(appAt(day("2027-05-01")))).toEqual({ opened: 0, delivered: 1, charged: 0, declined: 0 });
    months = (await monthsOf(outline.id)).filter((item) => item.extraForItemId === null);
    expect(months.map((month) => month.status)).toEqual(["approved", "approved", "delivered", "delivered"]);
    expect(months[3]!.periodEnd).toBe("2027-04-30");

    // March confirmed (not the end), April confirmed: the retainer is complete.
    expect((await review(client.token, outline.id, months[2]!.id)).status).toBe(200);
    expect(await outlineRow(outline.id)).toMatchObject({ complete: false });
    expect((await review(client.token, outline.id, months[3]!.id)).status).toBe(200);
    expect(await outlineRow(outline.id)).toMatchObject({ complete: true, state: "complete" });
    expect(await runRetainers(appAt(day("2027-05-02")))).toEqual({ opened: 0, delivered: 0, charged: 0, declined: 0 });

    // The ledger to the cent: four months and the extra hours paid once each, five transfers of
    // 80%, the rest the fee.
    const ids = [...months.map((month) => month.id), extras[0]!.id];
    const paid = await paidPurchasesOf(ids);
    expect(paid).toHaveLength(5);
    expect(paid.reduce((sum, row) => sum + row.amountCents, 0)).toBe(4 * FEE + 80_000);
    const transfers = (await Promise.all(ids.map((id) => transfersOf(id)))).flat();
    expect(transfers).toHaveLength(5);
    expect(transfers.reduce((sum, row) => sum + row.amountCents + row.feeCents, 0)).toBe(4 * FEE + 80_000);
    expect(transfers.reduce((sum, row) => sum + row.amountCents, 0)).toBe(4 * 320_000 + 64_000);
    for (const row of paid.filter((purchase) => purchase.stripeInvoiceId)) {
      expect((await stubInvoice(row.stripeInvoiceId!)).payments?.data).toHaveLength(1);
    }
  });

  it("charges a month once when the daily run and a member's Prepay race", async () => {
    const { client, outline } = await signedRetainer("2027-06-01");
    const jul = appAt(day("2027-07-01"));
    const [july] = await db()
      .insert(deliveryItems)
      .values(retainerMonthRow(outline, 1, new Date())!)
      .returning();
    if (!july) throw new Error("July was not inserted.");
    const [business] = await db().select().from(businesses).where(eq(businesses.id, client.business.id));
    const viewer = { user: { id: client.user.id, email: client.user.email, emailVerified: true }, business: business! };
    const [run, click, second] = await Promise.all([
      runRetainers(jul),
      startItemPayment(jul, viewer, { itemId: july.id, outlineId: outline.id }, ORIGIN),
      runRetainers(jul),
    ]);
    expect(run.declined + second.declined).toBe(0);
    const paid = await paidPurchasesOf([july.id]);
    expect(paid).toHaveLength(1);
    expect(run.charged + second.charged + (click.ok ? 1 : 0)).toBeGreaterThanOrEqual(1);
    expect((await monthsOf(outline.id))[1]).toMatchObject({ status: "active", paidPurchaseId: paid[0]!.id });
    expect((await stubInvoice(paid[0]!.stripeInvoiceId!)).payments?.data).toHaveLength(1);
    const invoices = (await stubRequests()).filter(
      (request) => request.path === "/v1/invoices" && request.form["metadata[referenceId]"] === july.id,
    );
    expect(new Set(invoices.map((request) => request.idempotencyKey)).size).toBe(1);
  });

  it("while a changed version waits for a signature: delivers the month that ended, opens and charges none; a month is never delivered early by the consultant", async () => {
    const { consultant, outline, first } = await signedRetainer("2027-09-01");
    const early = await confirmDelivery(
      appAt(day("2027-09-20")),
      consultant.user.id,
      { outlineId: outline.id, itemId: first.id, summaryOfWork: "Done early.", files: [] },
      ORIGIN,
    );
    expect(early).toEqual({ ok: false, status: 409, msg: DELIVERY_OUT_OF_TURN });
    // The consultant sends a changed fee: version 2 waits for the manager and the business.
    await db()
      .update(deliveryOutlines)
      .set({ version: 2, state: "proposed", egmReviewStatus: "pending", monthlyFeeCents: 500_000 })
      .where(eq(deliveryOutlines.id, outline.id));
    // (The file's other retainers run too: this one's rows say what the run did to it.)
    await runRetainers(appAt(day("2027-10-01")));
    expect((await monthsOf(outline.id)).map((month) => month.status)).toEqual(["delivered"]);
    // Signed again: the month under way opens at the new fee; September is not billed twice.
    await db()
      .update(deliveryOutlines)
      .set({ signedVersion: 2, state: "active", egmReviewStatus: "approved" })
      .where(eq(deliveryOutlines.id, outline.id));
    await runRetainers(appAt(day("2027-10-02")));
    const months = await monthsOf(outline.id);
    expect(months.map((month) => [month.title, month.priceCents, month.status])).toEqual([
      ["Month 1 (Sept 1 – Sept 30, 2027)", FEE, "delivered"],
      ["Month 2 (Oct 1 – Oct 31, 2027)", 500_000, "active"],
    ]);
    expect(await paidPurchasesOf(months.map((month) => month.id))).toHaveLength(2);
  });

  it("counts in the delivered month's summary an entry stored between its sum and its delivery", async () => {
    const { consultant, outline, first } = await signedRetainer("2027-11-01");
    // Its own budget (20.5 h), so its delivery is told apart from the file's other retainers'.
    await db().update(deliveryOutlines).set({ monthlyBudgetMinutes: 1230 }).where(eq(deliveryOutlines.id, outline.id));
    expect(
      await logTime(appAt(day("2027-11-20")), consultant.user.id, {
        itemId: first.id,
        workDate: "2027-11-10",
        minutes: 120,
        description: "Close",
      }),
    ).toMatchObject({ ok: true });
    // The run sums November's log (2 h); before its delivery's update runs, the consultant's
    // last entry lands: the update must not deliver it with the stale sum.
    const run = appAt(day("2027-12-01"));
    const update = run.db.update.bind(run.db);
    let injected = false;
    run.db.update = ((table: typeof deliveryItems) => {
      const builder = update(table);
      const set = builder.set.bind(builder);
      builder.set = ((values: { summaryOfWork?: string }) => {
        const query = set(values as never);
        if (injected || !values.summaryOfWork?.includes("20.5 h budget")) return query;
        injected = true;
        const then = query.then.bind(query);
        query.then = ((resolve, reject) =>
          db()
            .insert(timeEntries)
            .values({
              itemId: first.id,
              outlineId: outline.id,
              businessId: outline.businessId,
              consultantId: consultant.user.id,
              workDate: "2027-11-30",
              minutes: 90,
              description: "Last day",
            })
            .then(() => then(resolve, reject))) as typeof query.then;
        return query;
      }) as typeof builder.set;
      return builder;
    }) as typeof run.db.update;
    await runRetainers(run);
    expect(injected).toBe(true);
    const [month] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, first.id));
    expect(month).toMatchObject({ status: "delivered", summaryOfWork: "3.5 h logged of the 20.5 h budget." });
  });
});
