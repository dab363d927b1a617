import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryItems, deliveryOutlines, extraHoursRequests } from "~db/schema";
import { CARD_CHARGED_MESSAGE } from "~/lib/payments/card-on-file-copy";
import { businessEngagementPath, consultantDeliveryPath } from "~/lib/engagements/engagement-paths";
import {
  EXTRA_HOURS_ALREADY_DECIDED,
  EXTRA_HOURS_APPROVED,
  EXTRA_HOURS_NEEDS_SIGNATURE,
  EXTRA_HOURS_UNPAID_FIRST,
  EXTRA_HOURS_ALREADY_WAITING,
  EXTRA_HOURS_ASKED,
  EXTRA_HOURS_DECLINED_ANSWER,
  EXTRA_HOURS_INVALID,
  EXTRA_HOURS_REASON_REQUIRED,
  EXTRA_HOURS_TELL,
  EXTRA_HOURS_TEXTS,
  EXTRA_HOURS_WITHDRAWN,
} from "~/lib/engagements/retainer-copy";
import { formatDate } from "~/lib/shared/dates";
import { call, db, html, noticesOf, payStubSession, postForm, stripeEvent } from "../helpers";
import { createRunningRetainer, deliverStripeEvent, sendWithStripe } from "../helpers/deliverables";
import { signedInClient, signedInConsultant, signedInMember } from "../../factories";

/**
 * Extra hours on a retainer's month through the pages (issue #41, docs/decisions/084): the
 * consultant asks on the month's page, the business reads the request on its engagement and
 * approves (bought: a checkout when no card is on file) or declines; the consultant withdraws a
 * waiting one. Bad input gets the field's message; another party gets 404 (a member who may not
 * pay, 403) and writes nothing.
 */

const page = async (path: string, token: string) =>
  (await (await call(path, { cookie: token })).text()).replace(/<!-- -->/g, "");
const requestsOf = (itemId: string) =>
  db()
    .select()
    .from(extraHoursRequests)
    .where(eq(extraHoursRequests.itemId, itemId))
    .orderBy(extraHoursRequests.createdAt);
/** A signed retainer ($4,000.00 a month for 20 h) whose month under way today is paid. */
async function runningMonth() {
  const client = await signedInClient();
  const consultant = await signedInConsultant();
  const { outline, month } = await createRunningRetainer(
    client.business.id,
    consultant.user.id,
    new Date().toISOString().slice(0, 10),
  );
  return { client, consultant, outline, month, monthPath: consultantDeliveryPath(outline.id, month.id) };
}

describe("extra hours on a retainer's month", () => {
  it("asks, declines, withdraws and approves through the pages, each once, refusing others", async () => {
    const { client, consultant, outline, month, monthPath } = await runningMonth();
    const ask = { intent: "ask-hours", itemId: month.id, hours: "4", reason: "Year-end audit support" };

    // The month's page offers the form at the fee's rate.
    const before = await page(monthPath, consultant.token);
    expect(before).toContain(html(EXTRA_HOURS_TEXTS.intro("$200.00")));
    expect(before).toContain(EXTRA_HOURS_TEXTS.ask);

    // Bad input: the field's message, nothing written; another consultant: 404.
    const bad = await postForm(monthPath, { ...ask, hours: "0.1" }, consultant.token);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(html(EXTRA_HOURS_INVALID));
    const unexplained = await postForm(monthPath, { ...ask, reason: " " }, consultant.token);
    expect(unexplained.status).toBe(400);
    expect(await unexplained.text()).toContain(html(EXTRA_HOURS_REASON_REQUIRED));
    const other = await signedInConsultant();
    expect((await postForm(monthPath, ask, other.token)).status).toBe(404);
    expect(await requestsOf(month.id)).toEqual([]);

    // Asked: priced at $200 an hour, the business's payers told; a second ask waits its turn.
    const asked = await postForm(monthPath, ask, consultant.token);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(`${monthPath}?hours=asked`);
    expect(await page(`${monthPath}?hours=asked`, consultant.token)).toContain(html(EXTRA_HOURS_ASKED));
    const [first] = await requestsOf(month.id);
    expect(first).toMatchObject({ minutes: 240, priceCents: 80_000, status: "requested", reason: ask.reason });
    const again = await postForm(monthPath, { ...ask, hours: "2" }, consultant.token);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(html(EXTRA_HOURS_ALREADY_WAITING));
    const told = await noticesOf(client.user.id, "extra_hours_requested");
    expect(told.map((row) => row.body)).toEqual([
      EXTRA_HOURS_TELL.asked(
        `${consultant.user.firstName} ${consultant.user.lastName}`,
        "4 h",
        "Month 1",
        "$800.00",
        ask.reason,
      ),
    ]);

    // The business reads it with its price and reason.
    const engagementPath = businessEngagementPath(outline.id);
    const panel = await page(engagementPath, client.token);
    const askedOn = formatDate(first!.createdAt);
    expect(panel).toContain(html(EXTRA_HOURS_TEXTS.waitingBusiness("4 h", "$800.00", askedOn)));
    expect(panel).toContain(html(EXTRA_HOURS_TEXTS.approve("$800.00")));
    expect(panel).toContain(ask.reason);

    // A viewer may not decide (403), another business gets 404; neither changes anything.
    const decide = (intent: string, requestId: string) => ({ intent, deliveryOutlineId: outline.id, requestId });
    const viewer = await signedInMember(client.business.id, "viewer");
    expect((await postForm(engagementPath, decide("approve-hours", first!.id), viewer.token)).status).toBe(403);
    const stranger = await signedInClient();
    expect((await postForm(engagementPath, decide("approve-hours", first!.id), stranger.token)).status).toBe(404);
    expect((await requestsOf(month.id))[0]).toMatchObject({ status: "requested", extraItemId: null });

    // Declined: the consultant told; deciding again is refused.
    const declined = await postForm(engagementPath, decide("decline-hours", first!.id), client.token);
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain(html(EXTRA_HOURS_DECLINED_ANSWER));
    expect((await requestsOf(month.id))[0]).toMatchObject({ status: "declined", decidedByUserId: client.user.id });
    const late = await postForm(engagementPath, decide("approve-hours", first!.id), client.token);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(html(EXTRA_HOURS_ALREADY_DECIDED));
    expect((await noticesOf(consultant.user.id, "extra_hours_decided")).map((row) => row.body)).toEqual([
      EXTRA_HOURS_TELL.declined(client.business.name, "4 h", "Month 1"),
    ]);

    // Asked again and withdrawn (another consultant cannot withdraw it).
    expect((await postForm(monthPath, { ...ask, hours: "2" }, consultant.token)).status).toBe(302);
    const second = (await requestsOf(month.id))[1]!;
    const withdraw = { intent: "withdraw-hours", requestId: second.id };
    expect((await postForm(monthPath, withdraw, other.token)).status).toBe(404);
    const withdrawn = await postForm(monthPath, withdraw, consultant.token);
    expect(withdrawn.headers.get("Location")).toBe(`${monthPath}?hours=withdrawn`);
    expect(await page(`${monthPath}?hours=withdrawn`, consultant.token)).toContain(html(EXTRA_HOURS_WITHDRAWN));
    expect((await requestsOf(month.id))[1]).toMatchObject({ status: "withdrawn" });
    expect((await postForm(engagementPath, decide("approve-hours", second.id), client.token)).status).toBe(409);

    // Asked for 3 h and approved: with no card on file the business pays by checkout; once paid,
    // the hours are bought and the month's budget grows by them on both sides.
    expect((await postForm(monthPath, { ...ask, hours: "3" }, consultant.token)).status).toBe(302);
    const third = (await requestsOf(month.id))[2]!;
    const approved = await sendWithStripe(engagementPath, {
      token: client.token,
      form: decide("approve-hours", third.id),
    });
    expect(approved.status).toBe(302);
    const sessionId = approved.headers.get("Location")!.split("/").pop()!;
    const [extra] = await db().select().from(deliveryItems).where(eq(deliveryItems.extraForItemId, month.id));
    expect(extra).toMatchObject({
      title: "Month 1: 3 h extra",
      priceCents: 60_000,
      status: "upcoming",
      paidPurchaseId: null,
      periodEnd: month.periodEnd,
    });
    expect((await requestsOf(month.id))[2]).toMatchObject({ status: "approved", extraItemId: extra!.id });
    // While those wait for their payment, more are not bought (they would stay unpaid too).
    const unpaidLine = html(EXTRA_HOURS_TEXTS.approvedUnpaid("3 h", "$600.00", formatDate(new Date())));
    expect(await page(monthPath, consultant.token)).toContain(unpaidLine);
    expect((await postForm(monthPath, { ...ask, hours: "1" }, consultant.token)).status).toBe(302);
    const fourth = (await requestsOf(month.id))[3]!;
    const early = await postForm(engagementPath, decide("approve-hours", fourth.id), client.token);
    expect(early.status).toBe(409);
    expect(await early.text()).toContain(html(EXTRA_HOURS_UNPAID_FIRST));
    await payStubSession(sessionId);
    expect((await deliverStripeEvent(stripeEvent("checkout.session.completed", { id: sessionId }))).status).toBe(200);
    expect((await db().select().from(deliveryItems).where(eq(deliveryItems.id, extra!.id)))[0]).toMatchObject({
      status: "active",
    });
    const decidedOn = formatDate((await requestsOf(month.id))[2]!.decidedAt!);
    const line = html(EXTRA_HOURS_TEXTS.approved("3 h", "$600.00", decidedOn));
    const consultantPage = await page(monthPath, consultant.token);
    expect(consultantPage).toContain(line);
    expect(consultantPage).toMatch(/Extra hours approved<\/dt><dd>3 h<\/dd>/);
    // The hours' own page sends the consultant to the month's log.
    const extraPage = await page(consultantDeliveryPath(outline.id, extra!.id), consultant.token);
    expect(extraPage).toContain(html(EXTRA_HOURS_TEXTS.itemHint));
    expect(extraPage).toContain(`href="${monthPath}"`);
    const after = await page(engagementPath, client.token);
    expect(after).toContain(line);
    expect(after).toContain("Month 1: 3 h extra");
    expect(after).not.toContain(html(EXTRA_HOURS_TEXTS.approve("$600.00")));

    // The checkout saved the card: the next hours are charged to it at once.
    const charged = await sendWithStripe(engagementPath, {
      token: client.token,
      form: decide("approve-hours", fourth.id),
    });
    expect(charged.status).toBe(200);
    expect(await charged.text()).toContain(
      html(EXTRA_HOURS_APPROVED(CARD_CHARGED_MESSAGE(20_000, { brand: "visa", last4: "4242" }, "Month 1: 1 h extra"))),
    );
    const bought = await db().select().from(deliveryItems).where(eq(deliveryItems.extraForItemId, month.id));
    expect(bought.map((item) => [item.title, item.status]).sort()).toEqual([
      ["Month 1: 1 h extra", "active"],
      ["Month 1: 3 h extra", "active"],
    ]);
    expect(await page(monthPath, consultant.token)).toMatch(/Extra hours approved<\/dt><dd>4 h<\/dd>/);
  });

  it("buys none while a changed plan waits for the business's signature", async () => {
    const { client, consultant, outline, month, monthPath } = await runningMonth();
    expect(
      (
        await postForm(
          monthPath,
          { intent: "ask-hours", itemId: month.id, hours: "2", reason: "Audit" },
          consultant.token,
        )
      ).status,
    ).toBe(302);
    const [request] = await requestsOf(month.id);
    await db()
      .update(deliveryOutlines)
      .set({ version: 2, egmReviewStatus: "approved", businessReviewStatus: "pending" })
      .where(eq(deliveryOutlines.id, outline.id));
    const refused = await postForm(
      businessEngagementPath(outline.id),
      { intent: "approve-hours", deliveryOutlineId: outline.id, requestId: request!.id },
      client.token,
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(EXTRA_HOURS_NEEDS_SIGNATURE));
    expect((await requestsOf(month.id))[0]).toMatchObject({ status: "requested", extraItemId: null });
    expect(await db().select().from(deliveryItems).where(eq(deliveryItems.extraForItemId, month.id))).toEqual([]);
  });
});
