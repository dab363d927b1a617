import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryItemDecisions, deliveryItems, deliveryOutlines, files, matchRequests } from "~db/schema";
import {
  businessEngagementPath,
  consultantDeliveryPath,
  consultantEngagementPath,
} from "~/lib/engagements/engagement-paths";
import { DELIVERY_REFUNDED, ITEM_REFUNDED_NOTE, REVIEW_REFUNDED } from "~/lib/payouts/transfer-copy";
import { db, html, PASSWORD, sessionTokenFrom, signIn } from "../helpers";
import { sendWithStripe } from "../helpers/deliverables";
import { signedInManager } from "../../factories";
import { paidEngagement, payoutAccount, refundsOf, transfersOf } from "./helpers";

/** A refunded deliverable stops (issue #18, Q2): no delivery, no approval or revision, and the engagement does not wait for it. */

async function refund(outlineId: string, itemId: string) {
  const manager = await signedInManager();
  const response = await sendWithStripe(`/manage/engagements/${outlineId}`, {
    token: manager.token,
    form: { intent: "refund-item", deliveryItemId: itemId },
  });
  expect(response.status).toBe(302);
  expect(await refundsOf(itemId)).toMatchObject([{ status: "succeeded" }]);
}

const itemRow = async (id: string) => (await db().select().from(deliveryItems).where(eq(deliveryItems.id, id)))[0]!;
const outlineRow = async (id: string) =>
  (await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, id)))[0]!;
const decisionsOf = (itemId: string) =>
  db().select().from(deliveryItemDecisions).where(eq(deliveryItemDecisions.itemId, itemId));

const review = (token: string, outlineId: string, itemId: string, decision: string, businessNotes = "") =>
  sendWithStripe("/api/delivery-outline/business/item-review", {
    token,
    method: "PUT",
    json: { deliveryItemId: itemId, deliveryOutlineId: outlineId, decision, businessNotes },
  });

function deliveryForm(itemId: string) {
  const form = new FormData();
  form.set("intent", "deliver");
  form.set("deliveryItemId", itemId);
  form.set("summaryOfWork", "The freight analysis, after all.");
  form.append("files", new File(["carrier,cost\nA,1"], "freight.csv", { type: "text/csv" }));
  return form;
}

describe("a refunded item", () => {
  it("cannot be delivered: 409 with the reason, nothing stored or written; the consultant's pages show Refunded without the form", async () => {
    // Item 0 delivered and waiting, item 1 prepaid and active: the manager refunds item 1.
    const { consultant, outline, items } = await paidEngagement({ count: 2, delivered: 0 });
    const active = items[1]!;
    await refund(outline.id, active.id);
    const token = sessionTokenFrom(await signIn(consultant.user.email, PASSWORD))!;
    const path = consultantDeliveryPath(outline.id, active.id);

    const refused = await sendWithStripe(path, { token, form: deliveryForm(active.id) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(DELIVERY_REFUNDED));
    expect(await itemRow(active.id)).toMatchObject({
      status: "active",
      summaryOfWork: null,
      consultantConfirmedDelivery: false,
    });
    expect(await db().select().from(files).where(eq(files.businessId, outline.businessId))).toEqual([]);

    const page = await (await sendWithStripe(path, { token })).text();
    expect(page).toContain('<span class="badge badge-soft">Refunded</span>');
    expect(page).toContain(html(ITEM_REFUNDED_NOTE));
    expect(page).not.toContain('name="summaryOfWork"');
    // What they earn for it: nothing.
    expect(page).toContain("$0.00");

    // The plan page links to the item's page (its title) but offers no Confirm delivery for it.
    const plan = await (await sendWithStripe(consultantEngagementPath(outline.id), { token })).text();
    expect(plan).toContain(`href="${path}"`);
    expect(plan).not.toContain(`aria-label="Confirm delivery: ${active.title}"`);
    expect(plan).toContain("Refunded");
  });

  it("cannot be approved or sent back (API and panel): 409 with the reason, no decision, no transfer; the panel offers no review", async () => {
    const { client, consultant, outline, item } = await paidEngagement({ count: 2, delivered: 0 });
    await payoutAccount(consultant.user.id, true);
    await refund(outline.id, item.id);

    for (const decision of ["pause", "prepay"]) {
      const answer = await review(client.token, outline.id, item.id, decision);
      expect(answer.status).toBe(409);
      expect(((await answer.json()) as { msg: string }).msg).toBe(REVIEW_REFUNDED);
    }
    const revise = await review(client.token, outline.id, item.id, "revise", "Please split by carrier.");
    expect(revise.status).toBe(409);
    expect(((await revise.json()) as { msg: string }).msg).toBe(REVIEW_REFUNDED);

    const panelAction = await sendWithStripe(businessEngagementPath(outline.id), {
      token: client.token,
      form: { intent: "review-item", deliveryItemId: item.id, deliveryOutlineId: outline.id, decision: "pause" },
    });
    expect(panelAction.status).toBe(409);
    expect(await panelAction.text()).toContain(html(REVIEW_REFUNDED));

    expect(await itemRow(item.id)).toMatchObject({ status: "delivered", businessDeliveryReview: "pending" });
    expect(await decisionsOf(item.id)).toEqual([]);
    expect(await transfersOf(item.id)).toEqual([]);
    expect(await outlineRow(outline.id)).toMatchObject({ complete: false });

    const panel = await (await sendWithStripe(businessEngagementPath(outline.id), { token: client.token })).text();
    expect(panel).toContain('<dd class="engagement-item-status">Refunded</dd>');
    expect(panel).not.toContain('value="review-item"');
  });

  it("does not hold up the engagement: approving the last other item completes it", async () => {
    // Item 0 delivered, item 1 prepaid and active; item 1 is refunded, then item 0 approved.
    const { client, outline, items, item } = await paidEngagement({ count: 2, delivered: 0 });
    await refund(outline.id, items[1]!.id);
    const approved = await review(client.token, outline.id, item.id, "pause");
    expect(approved.status).toBe(200);
    expect(await outlineRow(outline.id)).toMatchObject({ complete: true, state: "complete" });
    const [match] = await db()
      .select()
      .from(matchRequests)
      .where(eq(matchRequests.id, (await outlineRow(outline.id)).matchRequestId));
    expect(match!.status).toBe("completed");
  });

  it("refunding the last unsettled item completes an engagement whose other items are approved, once", async () => {
    // Item 0 approved, item 1 delivered and waiting: the manager refunds item 1.
    const { outline, item, items } = await paidEngagement({ count: 2, delivered: 1 });
    expect(items[0]!.id).not.toBe(item.id);
    await db().update(deliveryOutlines).set({ activeItemId: item.id }).where(eq(deliveryOutlines.id, outline.id));
    await refund(outline.id, item.id);
    const after = await outlineRow(outline.id);
    expect(after).toMatchObject({ complete: true, state: "complete", activeItemId: null });
    const [match] = await db().select().from(matchRequests).where(eq(matchRequests.id, after.matchRequestId));
    expect(match!.status).toBe("completed");
  });

  it("does not hold up the next prepayment: the business prepays the following item", async () => {
    // Item 0 delivered and waiting; item 1 not paid yet.
    const { client, outline, items, item } = await paidEngagement({ count: 2, delivered: 0 });
    const next = items[1]!;
    await db()
      .update(deliveryItems)
      .set({ paidPurchaseId: null, status: "upcoming" })
      .where(eq(deliveryItems.id, next.id));
    const prepay = () =>
      sendWithStripe(businessEngagementPath(outline.id), {
        token: client.token,
        form: { intent: "prepay", deliveryOutlineId: outline.id },
      });
    expect((await prepay()).status).toBe(409);
    await refund(outline.id, item.id);
    const started = await prepay();
    expect(started.status).toBe(302);
    expect(started.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });

  it("an engagement whose only item is refunded is not marked complete, and no longer points at the item", async () => {
    const { outline, item } = await paidEngagement({ count: 1, delivered: 0 });
    await refund(outline.id, item.id);
    expect(await outlineRow(outline.id)).toMatchObject({ complete: false, activeItemId: null });
  });
});
