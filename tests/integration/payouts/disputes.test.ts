import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  deliverableDisputes,
  deliveryItemDecisions,
  deliveryItems,
  deliveryOutlines,
  deliveryReviewReminders,
  purchases,
} from "~db/schema";
import { ROLE_FORBIDDEN_MESSAGE } from "~/lib/business/permissions";
import {
  DISPUTE_ALREADY,
  DISPUTE_ALREADY_SETTLED,
  DISPUTE_NEEDS_REVISION,
  REFUND_DISPUTED,
  DISPUTE_NOTHING_CHARGED,
  TRANSFER_OF_SETTLEMENT,
  DISPUTE_OPENED,
  DISPUTE_REASON_REQUIRED,
  DISPUTE_REFUND_FAILED,
  DISPUTE_SETTLED,
  DISPUTE_SETTLING,
  disputeSettlement,
  settlementText,
  type DisputeSettlement,
} from "~/lib/engagements/disputes";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { platformFeeCents } from "~/lib/payouts/fees";
import { STALE_PENDING_MS } from "~/lib/payouts/transfer-rules";
import type { DisputeOutcome } from "~db/enums";
import { createAppContext } from "~/server/load-context";
import { finishDisputeSettlement, finishStaleSettlements, settleDispute } from "~/server/engagements/disputes.server";
import { settleSilentReviews } from "~/server/engagements/review-deadlines.server";
import { loadEngagementMoney } from "~/server/payouts/engagement-money.server";
import { refundItem, reverseTransfer } from "~/server/payouts/transfers.server";
import type { CloudflareBindings } from "~/server/platform/env.server";
import {
  auditOf,
  db,
  html,
  noticesOf,
  ORIGIN,
  payStubSession,
  STRIPE_STUB_SECRET_KEY,
  stripeEnv,
  stripeEvent,
  stripeStubUrl,
} from "../helpers";
import { deliverStripeEvent, sendWithStripe } from "../helpers/deliverables";
import { signedInClient, signedInManager, signedInMember } from "../../factories";
import { failStub, paidEngagement, payoutAccount, refundsOf, stubRequests, transfersOf } from "./helpers";

/**
 * Disputes over delivered deliverables (issue #40 item 2, docs/decisions/079): opened by an owner
 * or admin after a revision (the review disputed, the clock stopped), settled by the manager
 * (release, refund, split) to the cent through Stripe exactly once, under races, a failed refund,
 * a Worker's death and a webhook's replay.
 */

const DAY = 24 * 60 * 60 * 1000;
/** The redelivery after the revision (a fixed instant, so the automatic acceptance's day is known). */
const DELIVERED = new Date("2026-12-01T10:00:00.000Z");
const PRICE = 150_000;
/** Not the default 20 %: the settlement reads the fee from the env. */
const FEE_PERCENT = 15;
const REASON = "The freight model still ignores the regional surcharges we asked for twice.";
const DECISION = "Both sides were heard: the regional surcharges were in the statement of work.";

/** The manager's AppContext against the Stripe stub, with PLATFORM_FEE_PERCENT 15, its clock at `now`. */
const feeApp = (now?: Date) =>
  createAppContext(
    { ...stripeEnv(env), APP_URL: ORIGIN, PLATFORM_FEE_PERCENT: String(FEE_PERCENT) } as unknown as CloudflareBindings,
    () => {},
    now ? () => now : undefined,
  );

const itemRow = async (itemId: string) =>
  (await db().select().from(deliveryItems).where(eq(deliveryItems.id, itemId)))[0]!;
const purchaseOf = async (itemId: string) =>
  (
    await db()
      .select()
      .from(purchases)
      .where(eq(purchases.id, (await itemRow(itemId)).paidPurchaseId!))
  )[0]!;
const disputesOf = (itemId: string) =>
  db().select().from(deliverableDisputes).where(eq(deliverableDisputes.itemId, itemId));
const decisionsOf = (itemId: string) =>
  db().select().from(deliveryItemDecisions).where(eq(deliveryItemDecisions.itemId, itemId));
const approvalsOf = async (itemId: string) => (await decisionsOf(itemId)).filter((row) => row.decision === "approved");
const auditActions = async (businessId: string, itemId: string, action: string) =>
  (await auditOf(businessId, itemId)).filter((row) => row.action === action);
const stripeCalls = async (itemId: string, kind: "refund" | "transfer") =>
  (await stubRequests()).filter(
    (r) =>
      r.path === (kind === "refund" ? "/v1/refunds" : "/v1/transfers") &&
      // The item's key, or a part's (refund-item-{id}-part-{cents}).
      (r.idempotencyKey === `${kind}-item-${itemId}` || r.idempotencyKey?.startsWith(`${kind}-item-${itemId}-part-`)),
  );

/** A member's review through the JSON API. */
const review = (token: string, outlineId: string, itemId: string, decision = "pause", businessNotes = "") =>
  sendWithStripe("/api/delivery-outline/business/item-review", {
    token,
    method: "PUT",
    json: { deliveryItemId: itemId, deliveryOutlineId: outlineId, decision, businessNotes },
  });

/** The item as the business's engagement API answers it. */
async function apiItem(token: string, outlineId: string, itemId: string) {
  const api = await sendWithStripe(`/api/delivery-outline/${outlineId}`, { token });
  expect(api.status).toBe(200);
  const view = (await api.json()) as {
    incompleteItems: { deliveryItemId: string }[];
    completedItems: { deliveryItemId: string }[];
  };
  return [...view.incompleteItems, ...view.completedItems].find((row) => row.deliveryItemId === itemId);
}

/** The /features engagement panel's dispute form. */
const dispute = (token: string, outlineId: string, itemId: string, reason = REASON) =>
  sendWithStripe(businessEngagementPath(outlineId), {
    token,
    form: { intent: "dispute-item", deliveryItemId: itemId, deliveryOutlineId: outlineId, reason },
  });

/**
 * A paid engagement (two items of $1,500.00) whose first item was sent back for a revision and
 * delivered again at DELIVERED; payouts enabled. Each item's purchase was paid through a stub
 * Checkout session (its id recorded, so the payment's webhook can be replayed).
 */
async function revisedDelivery(options: { count?: number } = {}) {
  const engagement = await paidEngagement({ count: options.count ?? 2, priceCents: PRICE });
  const { client, outline, item } = engagement;
  await payoutAccount(engagement.consultant.user.id, true);
  const sessionId = await paidSession(item.id);
  const asked = await review(client.token, outline.id, item.id, "revise", "Add the regional surcharges, please.");
  expect(asked.status).toBe(200);
  await db()
    .update(deliveryItems)
    .set({
      status: "delivered",
      businessDeliveryReview: "pending",
      consultantConfirmedDelivery: true,
      consultantConfirmedAt: DELIVERED,
    })
    .where(eq(deliveryItems.id, item.id));
  return { ...engagement, sessionId };
}

/** The item's purchase paid again through a stub Checkout session of the same amount, recorded on it. */
async function paidSession(itemId: string): Promise<string> {
  const created = await fetch(`${stripeStubUrl()}/v1/checkout/sessions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${STRIPE_STUB_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      mode: "payment",
      success_url: "https://partwise.test/ok",
      cancel_url: "https://partwise.test/cancel",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": String(PRICE),
      "line_items[0][price_data][product_data][name]": "Deliverable",
    }).toString(),
  });
  const session = (await created.json()) as { id: string };
  const paymentIntent = (await payStubSession(session.id)).payment_intent;
  await db()
    .update(purchases)
    .set({ stripeCheckoutSessionId: session.id, stripePaymentIntentId: paymentIntent })
    .where(eq(purchases.id, (await itemRow(itemId)).paidPurchaseId!));
  return session.id;
}

/** A revised delivery disputed by its owner through the page. */
async function disputedDelivery(options: { count?: number } = {}) {
  const engagement = await revisedDelivery(options);
  const opened = await dispute(engagement.client.token, engagement.outline.id, engagement.item.id);
  expect(opened.status).toBe(200);
  return engagement;
}

const manager = async () => {
  const signed = await signedInManager({ staffRole: "manager" });
  return { ...signed, actor: { userId: signed.user.id, kind: "manager" as const } };
};

const settle = (
  app: ReturnType<typeof feeApp>,
  actor: { userId: string; kind: "manager" },
  outlineId: string,
  itemId: string,
  outcome: DisputeOutcome,
  refundCents: number | null = null,
) => settleDispute(app, actor, outlineId, itemId, { outcome, refundCents, decision: DECISION }, null);

/** The engagement's money balances: charged = fees + transferred + refunded + held + awaiting approval. */
async function expectBalanced(outlineId: string) {
  const { totals } = await loadEngagementMoney(feeApp(), outlineId);
  expect(totals.fees + totals.transferred + totals.refunded + totals.held + totals.awaitingApproval).toBe(
    totals.charged,
  );
  return totals;
}

const settledNotice = (plan: string, title: string, settlement: DisputeSettlement, reader: "business" | "consultant") =>
  `The engagement manager settled the dispute over "${title}" of ${plan}: ${settlementText(settlement, reader)} The decision: “${DECISION}”`;

describe("opening a dispute", () => {
  it("needs a revision first: refused before one, nothing written", async () => {
    const { client, outline, item } = await paidEngagement({ count: 2, priceCents: PRICE });
    const refused = await dispute(client.token, outline.id, item.id);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(DISPUTE_NEEDS_REVISION));
    expect(await disputesOf(item.id)).toEqual([]);
    expect(await itemRow(item.id)).toMatchObject({ status: "delivered", businessDeliveryReview: "pending" });
    expect(await auditActions(client.business.id, item.id, "item.disputed")).toEqual([]);
  });

  it("is an owner's or an admin's: a member and a viewer are refused, another business reads 404, a short reason 400; nothing written", async () => {
    const { client, outline, item } = await revisedDelivery();
    for (const role of ["member", "viewer"] as const) {
      const someone = await signedInMember(client.business.id, role);
      const refused = await dispute(someone.token, outline.id, item.id);
      expect(refused.status, role).toBe(403);
      expect(await refused.text()).toContain(html(ROLE_FORBIDDEN_MESSAGE));
    }
    const other = await signedInClient();
    const foreign = await dispute(other.token, outline.id, item.id);
    expect(foreign.status).toBe(404);
    const short = await dispute(client.token, outline.id, item.id, "Not good.");
    expect(short.status).toBe(400);
    expect(await short.text()).toContain(html(DISPUTE_REASON_REQUIRED));
    expect(await disputesOf(item.id)).toEqual([]);
    expect(await itemRow(item.id)).toMatchObject({ status: "delivered", businessDeliveryReview: "pending" });
    expect(await auditActions(client.business.id, item.id, "item.disputed")).toEqual([]);

    // An admin may.
    const admin = await signedInMember(client.business.id, "admin");
    const opened = await dispute(admin.token, outline.id, item.id);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(html(DISPUTE_OPENED));
    expect(await disputesOf(item.id)).toMatchObject([{ status: "open", openedByUserId: admin.user.id }]);
  });

  it("disputes the review, tells the consultant and the managers, is audited; a second dispute and a late review are refused; the clock stops", async () => {
    const staff = await manager();
    const { client, consultant, outline, item } = await revisedDelivery();
    const opened = await dispute(client.token, outline.id, item.id);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(html(DISPUTE_OPENED));

    expect(await itemRow(item.id)).toMatchObject({ status: "delivered", businessDeliveryReview: "disputed" });
    const [row] = await disputesOf(item.id);
    expect(row).toMatchObject({
      status: "open",
      reason: REASON,
      businessId: client.business.id,
      outlineId: outline.id,
      openedByUserId: client.user.id,
      outcome: null,
      chargedCents: null,
      settledAt: null,
    });
    const audit = await auditActions(client.business.id, item.id, "item.disputed");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: client.user.id, actorKind: "client" });

    const [toConsultant] = await noticesOf(consultant.user.id, "item_disputed");
    expect(toConsultant).toMatchObject({ title: "A deliverable is disputed" });
    expect(toConsultant!.body).toBe(
      `${client.business.name} opened a dispute over "${item.title}" of Margin recovery plan instead of asking for another revision. Read their reason and answer in the engagement's conversation; the engagement manager will settle it.`,
    );
    const [toManager] = await noticesOf(staff.user.id, "item_disputed");
    expect(toManager!.body).toBe(
      `${client.business.name} opened a dispute over "${item.title}" of Margin recovery plan. Read both sides and settle it.`,
    );

    // The item's dispute where the business reads its engagement (the API's item view).
    expect(await apiItem(client.token, outline.id, item.id)).toMatchObject({
      businessDeliveryReview: "disputed",
      revisions: 1,
      dispute: { status: "open", reason: REASON, decision: null, settlement: null, settledAt: null },
    });

    const again = await dispute(client.token, outline.id, item.id);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(html(DISPUTE_ALREADY));
    expect(await disputesOf(item.id)).toHaveLength(1);

    for (const decision of ["pause", "prepay"]) {
      const late = await review(client.token, outline.id, item.id, decision);
      expect(late.status).toBe(409);
      expect(await late.json()).toMatchObject({ msg: "This deliverable is not waiting for your review." });
    }
    const panel = await sendWithStripe(businessEngagementPath(outline.id), {
      token: client.token,
      form: { intent: "review-item", deliveryItemId: item.id, deliveryOutlineId: outline.id, decision: "pause" },
    });
    expect(panel.status).toBe(409);
    expect(await panel.text()).toContain(html("This deliverable is not waiting for your review."));
    expect(await approvalsOf(item.id)).toEqual([]);

    // The daily run, 15 days on: no reminder, no acceptance, no transfer.
    await settleSilentReviews(feeApp(new Date(DELIVERED.getTime() + 15 * DAY)));
    expect(
      await db().select().from(deliveryReviewReminders).where(eq(deliveryReviewReminders.itemId, item.id)),
    ).toEqual([]);
    expect(await approvalsOf(item.id)).toEqual([]);
    expect(await itemRow(item.id)).toMatchObject({ status: "delivered", businessDeliveryReview: "disputed" });
    expect(await transfersOf(item.id)).toEqual([]);
    expect(await stripeCalls(item.id, "transfer")).toEqual([]);
  });

  it("a review and a dispute at once: exactly one of them", async () => {
    for (let round = 0; round < 3; round++) {
      const { client, outline, item } = await revisedDelivery();
      const [reviewed, disputed] = await Promise.all([
        review(client.token, outline.id, item.id, "pause"),
        dispute(client.token, outline.id, item.id),
      ]);
      expect([reviewed.status, disputed.status].sort()).toEqual([200, 409]);
      const approvals = await approvalsOf(item.id);
      const disputes = await disputesOf(item.id);
      expect(approvals.length + disputes.length).toBe(1);
      expect(await itemRow(item.id)).toMatchObject(
        disputes.length === 1
          ? { status: "delivered", businessDeliveryReview: "disputed" }
          : { status: "approved", businessDeliveryReview: "approved" },
      );
      expect(await transfersOf(item.id)).toHaveLength(approvals.length);
    }
  });

  it("a plain refund of a disputed item is refused: the dispute settles it", async () => {
    const staff = await manager();
    const { outline, item } = await disputedDelivery();
    const refused = await refundItem(feeApp(), staff.actor, outline.id, item.id);
    expect(refused).toEqual({ ok: false, status: 409, msg: REFUND_DISPUTED });
    expect(await refundsOf(item.id)).toEqual([]);
    expect(await stripeCalls(item.id, "refund")).toEqual([]);
    expect((await purchaseOf(item.id)).status).toBe("paid");
  });
});

describe("settling a dispute", () => {
  async function expectSettled(
    engagement: Awaited<ReturnType<typeof disputedDelivery>>,
    staff: Awaited<ReturnType<typeof manager>>,
    expected: DisputeSettlement,
  ) {
    const { client, consultant, outline, item } = engagement;
    const [row] = await disputesOf(item.id);
    expect(row).toMatchObject({
      status: "settled",
      outcome: expected.outcome,
      chargedCents: expected.chargedCents,
      refundCents: expected.refundCents,
      transferCents: expected.transferCents,
      feeCents: expected.feeCents,
      decision: DECISION,
      settledByUserId: staff.user.id,
    });
    expect(row!.settledAt).not.toBeNull();
    expect(expected.refundCents + expected.transferCents + expected.feeCents).toBe(PRICE);

    const audit = await auditActions(client.business.id, item.id, "dispute.settled");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: staff.user.id, actorKind: "manager" });

    const toBusiness = await noticesOf(client.user.id, "dispute_settled");
    expect(toBusiness).toHaveLength(1);
    expect(toBusiness[0]).toMatchObject({ title: "A dispute is settled" });
    expect(toBusiness[0]!.body).toBe(settledNotice("Margin recovery plan", item.title, expected, "business"));
    const toConsultant = await noticesOf(consultant.user.id, "dispute_settled");
    expect(toConsultant).toHaveLength(1);
    expect(toConsultant[0]!.body).toBe(settledNotice("Margin recovery plan", item.title, expected, "consultant"));
    // The item's own refund notice is not sent: the settlement tells its outcome.
    expect(await noticesOf(client.user.id, "item_refunded")).toEqual([]);
    await expectBalanced(outline.id);
  }

  const outlineRow = async (id: string) =>
    (await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, id)))[0]!;

  it("release: approved, one transfer of the charge less the fee, no refund", async () => {
    const staff = await manager();
    const engagement = await disputedDelivery();
    const { outline, item } = engagement;
    const result = await settle(feeApp(), staff.actor, outline.id, item.id, "release");
    expect(result).toEqual({ ok: true, msg: DISPUTE_SETTLED });

    const fee = platformFeeCents(PRICE, FEE_PERCENT);
    expect(fee).toBe(22_500);
    await expectSettled(engagement, staff, {
      outcome: "release",
      chargedCents: PRICE,
      refundCents: 0,
      transferCents: PRICE - fee,
      feeCents: fee,
    });
    expect(await itemRow(item.id)).toMatchObject({ status: "approved", businessDeliveryReview: "approved" });
    const approvals = await approvalsOf(item.id);
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ decidedByUserId: staff.user.id, decisionAction: "pause", automatic: false });
    expect((await outlineRow(outline.id)).pausedAt).not.toBeNull();
    expect(await transfersOf(item.id)).toMatchObject([
      { status: "paid", chargedCents: PRICE, feeCents: fee, amountCents: PRICE - fee },
    ]);
    expect(await stripeCalls(item.id, "transfer")).toHaveLength(1);
    expect(await stripeCalls(item.id, "refund")).toEqual([]);
    expect(await refundsOf(item.id)).toEqual([]);
    expect((await purchaseOf(item.id)).status).toBe("paid");

    const totals = await expectBalanced(outline.id);
    expect(totals).toMatchObject({
      charged: 2 * PRICE,
      fees: fee,
      transferred: PRICE - fee,
      refunded: 0,
      held: 0,
      awaitingApproval: PRICE,
    });
  });

  it("refund: one Stripe refund of the whole charge, the purchase and the item refunded, no transfer", async () => {
    const staff = await manager();
    const engagement = await disputedDelivery();
    const { outline, item } = engagement;
    expect(await settle(feeApp(), staff.actor, outline.id, item.id, "refund")).toEqual({
      ok: true,
      msg: DISPUTE_SETTLED,
    });
    await expectSettled(engagement, staff, {
      outcome: "refund",
      chargedCents: PRICE,
      refundCents: PRICE,
      transferCents: 0,
      feeCents: 0,
    });
    const refunds = await stripeCalls(item.id, "refund");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.amount).toBe(String(PRICE));
    expect(await refundsOf(item.id)).toMatchObject([{ status: "succeeded", amountCents: PRICE, partial: false }]);
    expect((await purchaseOf(item.id)).status).toBe("refunded");
    expect(await approvalsOf(item.id)).toEqual([]);
    expect(await transfersOf(item.id)).toEqual([]);
    expect(await stripeCalls(item.id, "transfer")).toEqual([]);
    // The item is refunded: the business cannot review it any more.
    const late = await review(engagement.client.token, outline.id, item.id, "pause");
    expect(late.status).toBe(409);

    const totals = await expectBalanced(outline.id);
    expect(totals).toMatchObject({ charged: 2 * PRICE, fees: 0, transferred: 0, refunded: PRICE, held: 0 });
  });

  it("split: part refunded (partial, the purchase still paid), the item approved, the rest transferred less its fee, to the cent", async () => {
    const staff = await manager();
    const engagement = await disputedDelivery();
    const { outline, item } = engagement;
    const refund = 60_001;
    expect(await settle(feeApp(), staff.actor, outline.id, item.id, "split", refund)).toEqual({
      ok: true,
      msg: DISPUTE_SETTLED,
    });
    const kept = PRICE - refund;
    const fee = platformFeeCents(kept, FEE_PERCENT);
    expect(fee).toBe(13_500);
    const expected = {
      outcome: "split" as const,
      chargedCents: PRICE,
      refundCents: refund,
      transferCents: kept - fee,
      feeCents: fee,
    };
    expect(disputeSettlement("split", PRICE, refund, FEE_PERCENT)).toEqual(expected);
    await expectSettled(engagement, staff, expected);

    const refunds = await stripeCalls(item.id, "refund");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.idempotencyKey).toBe(`refund-item-${item.id}-part-${refund}`);
    expect(refunds[0]!.form.amount).toBe(String(refund));
    expect(await refundsOf(item.id)).toMatchObject([{ status: "succeeded", amountCents: refund, partial: true }]);
    expect((await purchaseOf(item.id)).status).toBe("paid");
    expect(await itemRow(item.id)).toMatchObject({ status: "approved", businessDeliveryReview: "approved" });
    const transfers = await transfersOf(item.id);
    expect(transfers).toMatchObject([{ status: "paid", chargedCents: kept, feeCents: fee, amountCents: kept - fee }]);
    expect(refund + transfers[0]!.amountCents + transfers[0]!.feeCents).toBe(PRICE);
    expect(await stripeCalls(item.id, "transfer")).toHaveLength(1);
    expect((await stripeCalls(item.id, "transfer"))[0]!.form.amount).toBe(String(kept - fee));

    expect(await apiItem(engagement.client.token, outline.id, item.id)).toMatchObject({
      status: "approved",
      refunded: false,
      dispute: { status: "settled", decision: DECISION, settlement: expected },
    });

    const totals = await expectBalanced(outline.id);
    expect(totals).toMatchObject({
      charged: 2 * PRICE,
      fees: fee,
      transferred: kept - fee,
      refunded: refund,
      held: 0,
      awaitingApproval: PRICE,
    });
  });

  it("settling the last deliverable completes the engagement (a split), and says so once", async () => {
    const staff = await manager();
    const { client, consultant, outline, item } = await disputedDelivery({ count: 1 });
    expect(await settle(feeApp(), staff.actor, outline.id, item.id, "split", 25_000)).toEqual({
      ok: true,
      msg: DISPUTE_SETTLED,
    });
    expect(await outlineRow(outline.id)).toMatchObject({ complete: true, state: "complete" });
    expect(await noticesOf(client.user.id, "engagement_completed")).toHaveLength(1);
    expect(await noticesOf(consultant.user.id, "engagement_completed")).toHaveLength(1);
    expect(await noticesOf(consultant.user.id, "dispute_settled")).toHaveLength(1);
    expect(await transfersOf(item.id)).toHaveLength(1);
    const totals = await expectBalanced(outline.id);
    expect(totals).toMatchObject({ charged: PRICE, refunded: 25_000, awaitingApproval: 0, held: 0 });
  });

  it("a split refunding nothing or everything is refused, and nothing is claimed", async () => {
    const staff = await manager();
    const { outline, item } = await disputedDelivery();
    for (const refund of [0, PRICE, null]) {
      const refused = await settle(feeApp(), staff.actor, outline.id, item.id, "split", refund);
      expect(refused).toEqual({
        ok: false,
        status: 409,
        msg: "A split refunds more than $0.00 and less than the $1,500.00 charged.",
      });
    }
    expect(await disputesOf(item.id)).toMatchObject([{ status: "open", outcome: null }]);
    expect(await stripeCalls(item.id, "refund")).toEqual([]);
  });
});

describe("settlements at the edges (the review's cases)", () => {
  it("a plain refund that failed before the dispute: the split refunds its part once, under the part's own key", async () => {
    const staff = await manager();
    const engagement = await revisedDelivery();
    const { client, outline, item } = engagement;
    // An admin's plain refund of the delivery fails (Stripe refuses it twice: the SDK retries once).
    await failStub(2, 500, "/v1/refunds");
    const failed = await refundItem(feeApp(), { userId: staff.user.id, kind: "admin" }, outline.id, item.id);
    expect(failed).toMatchObject({ ok: false, status: 502 });
    expect(await refundsOf(item.id)).toMatchObject([{ status: "failed", amountCents: PRICE, partial: false }]);
    expect((await dispute(client.token, outline.id, item.id)).status).toBe(200);

    expect(await settle(feeApp(), staff.actor, outline.id, item.id, "split", 30_000)).toEqual({
      ok: true,
      msg: DISPUTE_SETTLED,
    });
    // The one refund row is now the part: its amount, partial, succeeded; the item approved and paid the rest.
    expect(await refundsOf(item.id)).toMatchObject([{ status: "succeeded", amountCents: 30_000, partial: true }]);
    const calls = (await stripeCalls(item.id, "refund")).filter((call) => call.form.amount === "30000");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(`refund-item-${item.id}-part-30000`);
    expect((await purchaseOf(item.id)).status).toBe("paid");
    expect(await itemRow(item.id)).toMatchObject({ status: "approved" });
    const kept = PRICE - 30_000;
    const fee = platformFeeCents(kept, FEE_PERCENT);
    expect(await transfersOf(item.id)).toMatchObject([{ chargedCents: kept, feeCents: fee, amountCents: kept - fee }]);
    expect(await disputesOf(item.id)).toMatchObject([{ status: "settled" }]);
    await expectBalanced(outline.id);
  });

  it("a split's transfer is final: it is not reversed", async () => {
    const staff = await manager();
    const { outline, item } = await disputedDelivery();
    await settle(feeApp(), staff.actor, outline.id, item.id, "split", 50_000);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid" }]);
    expect(await reverseTransfer(feeApp(), { userId: staff.user.id, kind: "admin" }, outline.id, item.id)).toEqual({
      ok: false,
      status: 409,
      msg: TRANSFER_OF_SETTLEMENT,
    });
    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid" }]);
    const money = await loadEngagementMoney(feeApp(), outline.id);
    expect(money.items.find((row) => row.itemId === item.id)).toMatchObject({ canReverse: false, canRefund: false });
  });

  it("nothing charged can only be released", async () => {
    const staff = await manager();
    const { outline, item } = await disputedDelivery();
    // As if the deliverable had been free: no paid purchase behind it.
    await db()
      .update(purchases)
      .set({ status: "canceled" })
      .where(eq(purchases.id, (await itemRow(item.id)).paidPurchaseId!));
    for (const [outcome, refund] of [
      ["refund", null],
      ["split", 100],
    ] as const) {
      expect(await settle(feeApp(), staff.actor, outline.id, item.id, outcome, refund)).toEqual({
        ok: false,
        status: 409,
        msg: DISPUTE_NOTHING_CHARGED,
      });
    }
    expect(await disputesOf(item.id)).toMatchObject([{ status: "open", outcome: null }]);
  });
});

describe("races and replays", () => {
  it("two settlements at once: one settles, the other is told; Stripe sees one refund and one transfer", async () => {
    const staff = await manager();
    const other = await manager();
    const { client, consultant, outline, item } = await disputedDelivery();
    const results = await Promise.all([
      settle(feeApp(), staff.actor, outline.id, item.id, "split", 50_000),
      settle(feeApp(), other.actor, outline.id, item.id, "release"),
    ]);
    const won = results.filter((result) => result.ok);
    expect(won).toHaveLength(1);
    const lost = results.find((result) => !result.ok)!;
    expect(lost).toMatchObject({ status: 409 });
    expect([DISPUTE_SETTLING, DISPUTE_ALREADY_SETTLED]).toContain(lost.msg);

    const [row] = await disputesOf(item.id);
    expect(row!.status).toBe("settled");
    expect(await stripeCalls(item.id, "refund")).toHaveLength(row!.outcome === "split" ? 1 : 0);
    expect(await stripeCalls(item.id, "transfer")).toHaveLength(1);
    expect(await transfersOf(item.id)).toHaveLength(1);
    expect(await approvalsOf(item.id)).toHaveLength(1);
    expect(await auditActions(client.business.id, item.id, "dispute.settled")).toHaveLength(1);
    expect(await noticesOf(consultant.user.id, "dispute_settled")).toHaveLength(1);
    await expectBalanced(outline.id);
  });

  it("a settlement racing a late review: the review is refused, one approval", async () => {
    const staff = await manager();
    const { client, outline, item } = await disputedDelivery();
    const [settled, late] = await Promise.all([
      settle(feeApp(), staff.actor, outline.id, item.id, "release"),
      review(client.token, outline.id, item.id, "prepay"),
    ]);
    expect(settled).toEqual({ ok: true, msg: DISPUTE_SETTLED });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ msg: "This deliverable is not waiting for your review." });
    const approvals = await approvalsOf(item.id);
    expect(approvals).toHaveLength(1);
    expect(approvals[0]!.decidedByUserId).toBe(staff.user.id);
    expect(await transfersOf(item.id)).toHaveLength(1);
  });

  it("a claimed settlement finished twice at once: one settlement, one refund, one transfer", async () => {
    const staff = await manager();
    const { client, outline, item } = await disputedDelivery();
    const settlement = disputeSettlement("split", PRICE, 33_333, FEE_PERCENT)!;
    // The claim settleDispute makes, and then nothing (the Worker stopped).
    await db()
      .update(deliverableDisputes)
      .set({
        status: "settling",
        ...settlement,
        decision: DECISION,
        settledByUserId: staff.user.id,
        updatedAt: new Date(),
      })
      .where(eq(deliverableDisputes.itemId, item.id));
    const results = await Promise.all([
      finishDisputeSettlement(feeApp(), staff.actor, outline.id, item.id, null),
      finishDisputeSettlement(feeApp(), staff.actor, outline.id, item.id, null),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await disputesOf(item.id)).toMatchObject([{ status: "settled", ...settlement }]);
    expect(await stripeCalls(item.id, "refund")).toHaveLength(1);
    expect(await refundsOf(item.id)).toMatchObject([{ status: "succeeded", amountCents: 33_333, partial: true }]);
    expect(await transfersOf(item.id)).toMatchObject([
      {
        status: "paid",
        chargedCents: PRICE - 33_333,
        feeCents: settlement.feeCents,
        amountCents: settlement.transferCents,
      },
    ]);
    expect(await stripeCalls(item.id, "transfer")).toHaveLength(1);
    expect(await auditActions(client.business.id, item.id, "dispute.settled")).toHaveLength(1);
    // Once settled, it stays so.
    expect(await finishDisputeSettlement(feeApp(), staff.actor, outline.id, item.id, null)).toEqual({
      ok: false,
      status: 409,
      msg: DISPUTE_ALREADY_SETTLED,
    });
    expect(await settle(feeApp(), staff.actor, outline.id, item.id, "refund")).toEqual({
      ok: false,
      status: 409,
      msg: DISPUTE_ALREADY_SETTLED,
    });
  });

  it("the payment's webhook replayed after a split changes nothing", async () => {
    const staff = await manager();
    const { client, outline, item, sessionId } = await disputedDelivery();
    expect((await settle(feeApp(), staff.actor, outline.id, item.id, "split", 70_000)).ok).toBe(true);
    const before = {
      item: await itemRow(item.id),
      purchase: await purchaseOf(item.id),
      outline: (await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, outline.id)))[0]!,
    };
    for (const type of ["checkout.session.completed", "checkout.session.async_payment_succeeded"]) {
      const replayed = await deliverStripeEvent(stripeEvent(type, { id: sessionId, object: "checkout.session" }));
      expect(replayed.status).toBe(200);
    }
    const refunded = await deliverStripeEvent(
      stripeEvent("charge.refunded", {
        id: "ch_replayed",
        object: "charge",
        payment_intent: before.purchase.stripePaymentIntentId,
      }),
    );
    expect(refunded.status).toBe(200);

    expect(await purchaseOf(item.id)).toMatchObject({ status: "paid", paidAt: before.purchase.paidAt });
    expect(await itemRow(item.id)).toMatchObject({ status: "approved", businessDeliveryReview: "approved" });
    const [outlineAfter] = await db().select().from(deliveryOutlines).where(eq(deliveryOutlines.id, outline.id));
    expect(outlineAfter).toMatchObject({
      activeItemId: before.outline.activeItemId,
      pausedAt: before.outline.pausedAt,
    });
    expect(await transfersOf(item.id)).toHaveLength(1);
    expect(await stripeCalls(item.id, "transfer")).toHaveLength(1);
    expect(await refundsOf(item.id)).toHaveLength(1);
    expect(await stripeCalls(item.id, "refund")).toHaveLength(1);
    expect(await noticesOf(client.user.id, "dispute_settled")).toHaveLength(1);
    await expectBalanced(outline.id);
  });
});

describe("a settlement interrupted", () => {
  it("a failed refund leaves it settling; finishing it after Stripe recovers settles it with one refund", async () => {
    const staff = await manager();
    const { client, outline, item } = await disputedDelivery();
    await failStub(2, 500, "/v1/refunds");
    const failed = await settle(feeApp(), staff.actor, outline.id, item.id, "split", 90_000);
    expect(failed).toEqual({ ok: false, status: 502, msg: DISPUTE_REFUND_FAILED });
    expect(await disputesOf(item.id)).toMatchObject([{ status: "settling", outcome: "split", refundCents: 90_000 }]);
    expect(await refundsOf(item.id)).toMatchObject([{ status: "failed", partial: true }]);
    expect(await transfersOf(item.id)).toEqual([]);
    expect(await approvalsOf(item.id)).toEqual([]);
    expect(await auditActions(client.business.id, item.id, "dispute.settled")).toEqual([]);
    // Settling again is refused: the decision is saved and waits to be finished.
    expect(await settle(feeApp(), staff.actor, outline.id, item.id, "release")).toEqual({
      ok: false,
      status: 409,
      msg: DISPUTE_SETTLING,
    });
    // The lease sweep leaves a failed refund to the manager.
    expect(await finishStaleSettlements(feeApp(new Date(Date.now() + STALE_PENDING_MS + 60_000)))).toBe(0);
    expect(await disputesOf(item.id)).toMatchObject([{ status: "settling" }]);

    expect(await finishDisputeSettlement(feeApp(), staff.actor, outline.id, item.id, null)).toEqual({
      ok: true,
      msg: DISPUTE_SETTLED,
    });
    const refunds = await refundsOf(item.id);
    expect(refunds).toMatchObject([{ status: "succeeded", amountCents: 90_000, partial: true }]);
    expect(refunds[0]!.stripeRefundId).not.toBeNull();
    // Stripe was asked twice under one key (the first answered 500) and made one refund.
    const calls = await stripeCalls(item.id, "refund");
    expect(calls.every((call) => call.form.amount === "90000")).toBe(true);
    expect(await disputesOf(item.id)).toMatchObject([{ status: "settled" }]);
    expect(await transfersOf(item.id)).toHaveLength(1);
    expect(await stripeCalls(item.id, "transfer")).toHaveLength(1);
    expect(await auditActions(client.business.id, item.id, "dispute.settled")).toHaveLength(1);
    expect(await auditActions(client.business.id, item.id, "item.refunded")).toHaveLength(1);
    await expectBalanced(outline.id);
  });

  it("a Worker that died after the claim: the lease sweep finishes it once, after the lease", async () => {
    const staff = await manager();
    const { client, consultant, outline, item } = await disputedDelivery();
    const claimedAt = new Date();
    const settlement = disputeSettlement("split", PRICE, 45_000, FEE_PERCENT)!;
    await db()
      .update(deliverableDisputes)
      .set({
        status: "settling",
        ...settlement,
        decision: DECISION,
        settledByUserId: staff.user.id,
        updatedAt: claimedAt,
      })
      .where(eq(deliverableDisputes.itemId, item.id));

    // Within the lease the call may still be running: left alone.
    expect(await finishStaleSettlements(feeApp(new Date(claimedAt.getTime() + STALE_PENDING_MS - 60_000)))).toBe(0);
    expect(await stripeCalls(item.id, "refund")).toEqual([]);

    const later = feeApp(new Date(claimedAt.getTime() + STALE_PENDING_MS + 60_000));
    expect(await finishStaleSettlements(later)).toBe(1);
    expect(await finishStaleSettlements(later)).toBe(0);
    expect(await disputesOf(item.id)).toMatchObject([{ status: "settled", ...settlement }]);
    expect(await stripeCalls(item.id, "refund")).toHaveLength(1);
    expect(await stripeCalls(item.id, "transfer")).toHaveLength(1);
    expect(await transfersOf(item.id)).toMatchObject([
      { status: "paid", chargedCents: PRICE - 45_000, amountCents: settlement.transferCents },
    ]);
    // The approval in the name of the manager who settled it; the settlement by the system.
    expect((await approvalsOf(item.id)).map((row) => row.decidedByUserId)).toEqual([staff.user.id]);
    const audit = await auditActions(client.business.id, item.id, "dispute.settled");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: null, actorKind: "system" });
    expect(await noticesOf(consultant.user.id, "dispute_settled")).toHaveLength(1);
    expect(
      (
        await db()
          .select()
          .from(deliverableDisputes)
          .where(and(eq(deliverableDisputes.itemId, item.id), eq(deliverableDisputes.status, "settling")))
      ).length,
    ).toBe(0);
    await expectBalanced(outline.id);
  });
});
