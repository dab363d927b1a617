import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryItemDecisions, deliveryItems, deliveryOutlines, purchases } from "~db/schema";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { createConsultant, db, html, payStubSession, stripeEvent, noticesOf } from "../helpers";
import { createPaidPurchase, createSignedOutline, deliverStripeEvent, sendWithStripe } from "../helpers/deliverables";
import { signedInClient } from "../../factories";

const NEEDS_SIGNATURE = { msg: "The current plan must be signed before a deliverable can be prepaid." };
const IN_PROGRESS = { msg: "Finish the deliverable in progress before prepaying the next one." };
const OUT_OF_ORDER = { msg: "Deliverables are prepaid in plan order: prepay the first unpaid one." };
const ALREADY_PAID = { msg: "This deliverable is already paid." };

const itemSession = (token: string, deliveryItemId: string, deliveryOutlineId: string) =>
  sendWithStripe("/api/payments/create-item-session", { token, json: { deliveryItemId, deliveryOutlineId } });

const sessionIdOf = (url: string) => url.split("/").pop()!;

async function itemRow(id: string) {
  const [row] = await db().select().from(deliveryItems).where(eq(deliveryItems.id, id));
  return row!;
}

async function outlineRow(id: string) {
  const [row] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, id));
  return row!;
}

describe("prepaying a deliverable (create-item-session, the webhook, the success page)", () => {
  it("only the next item of a signed plan may be paid; the webhook makes it active once, clears the pause and tells the consultant", async () => {
    const client = await signedInClient();
    const consultant = await createConsultant();
    const { outline, items } = await createSignedOutline(client.business.id, consultant.user.id, {
      outline: { pausedAt: new Date() },
    });
    const [first, second] = items;

    const early = await itemSession(client.token, second!.id, outline.id);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual(OUT_OF_ORDER);

    const started = await itemSession(client.token, first!.id, outline.id);
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    const sessionId = sessionIdOf(url);
    await payStubSession(sessionId);

    const event = stripeEvent("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    const delivered = await deliverStripeEvent(event);
    expect(delivered.status).toBe(200);
    const paid = await itemRow(first!.id);
    expect(paid.status).toBe("active");
    expect(paid.paidPurchaseId).not.toBeNull();
    const afterPay = await outlineRow(outline.id);
    expect(afterPay.activeItemId).toBe(first!.id);
    expect(afterPay.pausedAt).toBeNull();
    expect(await noticesOf(consultant.user.id, "item_paid")).toHaveLength(1);

    // A replay of the event, another event about the same session, and the success page change nothing more.
    await deliverStripeEvent(event);
    await deliverStripeEvent(stripeEvent("checkout.session.async_payment_succeeded", { id: sessionId }));
    const page = await sendWithStripe(
      `/delivery-item-payment-success?success=true&session_id=${sessionId}&itemId=${first!.id}&outlineId=${outline.id}`,
      { token: client.token },
    );
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Congratulations!");
    expect(text).toContain(html("Your consultant is working on solving your issue and will touch base soon!"));
    expect(text).toContain(`href="${businessEngagementPath(outline.id).replace(/&/g, "&amp;")}"`);
    expect((await outlineRow(outline.id)).updatedAt.getTime()).toBe(afterPay.updatedAt.getTime());
    expect((await itemRow(first!.id)).updatedAt.getTime()).toBe(paid.updatedAt.getTime());
    expect(await noticesOf(consultant.user.id, "item_paid")).toHaveLength(1);
    const bought = await db()
      .select()
      .from(purchases)
      .where(and(eq(purchases.businessId, client.business.id), eq(purchases.status, "paid")));
    expect(bought).toHaveLength(1);

    // Now paid and in progress: neither it nor the next one can be bought.
    const again = await itemSession(client.token, first!.id, outline.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(ALREADY_PAID);
    const next = await itemSession(client.token, second!.id, outline.id);
    expect(next.status).toBe(409);
    expect(await next.json()).toEqual(IN_PROGRESS);
  });

  it("a late replay after the item was approved does not make it active again, and completes a prepay decision", async () => {
    const client = await signedInClient();
    const consultant = await createConsultant();
    const { outline, items } = await createSignedOutline(client.business.id, consultant.user.id);
    const started = await itemSession(client.token, items[0]!.id, outline.id);
    const sessionId = sessionIdOf(((await started.json()) as { url: string }).url);
    await payStubSession(sessionId);
    // An earlier item's "prepay the next" decision waits for this payment.
    await db().insert(deliveryItemDecisions).values({
      itemId: items[0]!.id,
      outlineId: outline.id,
      businessId: client.business.id,
      decision: "approved",
      decisionAction: "prepay",
      complete: false,
    });
    await deliverStripeEvent(stripeEvent("checkout.session.completed", { id: sessionId }));
    const [decision] = await db()
      .select()
      .from(deliveryItemDecisions)
      .where(eq(deliveryItemDecisions.outlineId, outline.id));
    expect(decision!.complete).toBe(true);

    await db().update(deliveryItems).set({ status: "approved" }).where(eq(deliveryItems.id, items[0]!.id));
    await db().update(deliveryOutlines).set({ activeItemId: null }).where(eq(deliveryOutlines.id, outline.id));
    await deliverStripeEvent(stripeEvent("checkout.session.async_payment_succeeded", { id: sessionId }));
    const change = await sendWithStripe("/api/delivery-outline/change-active-item", {
      token: client.token,
      method: "PUT",
      json: { deliveryItemId: items[0]!.id, deliveryOutlineId: outline.id, sessionId },
    });
    expect(change.status).toBe(200);
    expect(await change.json()).toMatchObject({ _id: outline.id, activeItem: null });
    expect((await outlineRow(outline.id)).activeItemId).toBeNull();
  });

  it("refuses an unsigned plan, a plan whose new version is not signed, and an item in progress; another business's item is 404", async () => {
    const client = await signedInClient();
    const consultant = await createConsultant();
    const unsigned = await createSignedOutline(client.business.id, consultant.user.id, {
      outline: { businessReviewStatus: "pending", signedVersion: null },
    });
    const refused = await itemSession(client.token, unsigned.items[0]!.id, unsigned.outline.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(NEEDS_SIGNATURE);

    const changed = await createSignedOutline(client.business.id, consultant.user.id, {
      outline: { version: 2, signedVersion: 1 },
    });
    const stale = await itemSession(client.token, changed.items[0]!.id, changed.outline.id);
    expect(await stale.json()).toEqual(NEEDS_SIGNATURE);

    const running = await createSignedOutline(client.business.id, consultant.user.id);
    const purchaseId = await createPaidPurchase(client.business.id, running.items[0]!.id);
    await db()
      .update(deliveryItems)
      .set({ paidPurchaseId: purchaseId, status: "delivered", businessDeliveryReview: "pending" })
      .where(eq(deliveryItems.id, running.items[0]!.id));
    const busy = await itemSession(client.token, running.items[1]!.id, running.outline.id);
    expect(await busy.json()).toEqual(IN_PROGRESS);

    const other = await signedInClient();
    const foreign = await itemSession(other.token, running.items[1]!.id, running.outline.id);
    expect(foreign.status).toBe(404);
    const none = await db().select().from(purchases).where(eq(purchases.businessId, other.business.id));
    expect(none).toHaveLength(0);

    const anonymous = await sendWithStripe("/api/payments/create-item-session", {
      json: { deliveryItemId: running.items[1]!.id, deliveryOutlineId: running.outline.id },
    });
    expect(anonymous.status).toBe(401);
  });
});
