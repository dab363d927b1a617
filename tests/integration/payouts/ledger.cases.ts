import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  consultantTransfers,
  deliverableDisputes,
  deliveryItemDecisions,
  deliveryItems,
  itemRefunds,
  purchases,
} from "~db/schema";
import type { DisputeOutcome } from "~db/enums";
import { openDispute, settleDispute } from "~/server/engagements/disputes.server";
import { loadEngagementMoney } from "~/server/payouts/engagement-money.server";
import { payApprovedItem, refundItem, releaseHeldTransfers, reverseTransfer } from "~/server/payouts/transfers.server";
import { db } from "../helpers";
import { signedInManager } from "../../factories";
import { paidEngagement, payoutAccount, stubApp } from "./helpers";

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Fate =
  | "approve"
  | "approve-held"
  | "refund"
  | "reverse-refund"
  | "reverse"
  | "active"
  | "dispute-release"
  | "dispute-refund"
  | "dispute-split";
const FATES: Fate[] = [
  "approve",
  "approve-held",
  "refund",
  "reverse-refund",
  "reverse",
  "active",
  "dispute-release",
  "dispute-refund",
  "dispute-split",
];

const DISPUTE_FATES: Fate[] = ["dispute-release", "dispute-refund", "dispute-split"];

describe("the ledger over generated engagements", () => {
  it("charges = fees + transfers + refunds + held (+ awaiting approval), and every approved item has one transfer; disputes settled to the cent", async () => {
    const next = random(18);
    const app = stubApp();
    const manager = await signedInManager({ staffRole: "manager" });
    const disputed: string[] = [];
    const outlines: string[] = [];
    const approvedItems: string[] = [];
    for (let e = 0; e < 8; e++) {
      const count = 1 + Math.floor(next() * 3);
      const price = 10_000 + Math.floor(next() * 500_000);
      const engagement = await paidEngagement({ count, priceCents: price, delivered: 0 });
      outlines.push(engagement.outline.id);
      const enabled = next() < 0.6;
      await payoutAccount(engagement.consultant.user.id, enabled);
      for (const [position, item] of engagement.items.entries()) {
        const generated = FATES[Math.floor(next() * FATES.length)]!;
        // The first three engagements' first items: each kind of settlement at least once.
        const fate = position === 0 && e < DISPUTE_FATES.length ? DISPUTE_FATES[e]! : generated;
        if (fate.startsWith("dispute-")) {
          // Delivered, sent back once, delivered again, disputed by the owner, settled by the manager
          // (a split refunds a generated part of the charge).
          await db()
            .insert(deliveryItemDecisions)
            .values({
              itemId: item.id,
              outlineId: engagement.outline.id,
              businessId: engagement.client.business.id,
              decidedByUserId: engagement.client.user.id,
              decision: "revision",
              decisionAction: "revise",
              businessNotes: "Split the costs by region.",
              complete: true,
              createdAt: new Date(Date.now() - 60_000),
            });
          await db()
            .update(deliveryItems)
            .set({ status: "delivered", businessDeliveryReview: "pending", consultantConfirmedDelivery: true })
            .where(eq(deliveryItems.id, item.id));
          expect(
            await openDispute(
              app,
              { userId: engagement.client.user.id, businessId: engagement.client.business.id },
              { outlineId: engagement.outline.id, itemId: item.id, reason: "The regional costs are still missing." },
              null,
            ),
          ).toMatchObject({ ok: true });
          const outcome = fate.slice("dispute-".length) as DisputeOutcome;
          const refundCents = outcome === "split" ? 1 + Math.floor(next() * (price - 1)) : null;
          expect(
            await settleDispute(
              app,
              { userId: manager.user.id, kind: "manager" },
              engagement.outline.id,
              item.id,
              { outcome, refundCents, decision: "Both sides heard; settled as the plan reads." },
              null,
            ),
          ).toMatchObject({ ok: true });
          disputed.push(item.id);
          if (outcome !== "refund") approvedItems.push(item.id);
          continue;
        }
        if (fate === "refund") {
          expect(
            await refundItem(app, { userId: engagement.client.user.id, kind: "admin" }, engagement.outline.id, item.id),
          ).toMatchObject({
            ok: true,
          });
          continue;
        }
        if (fate === "active") continue;
        await db()
          .update(deliveryItems)
          .set({ status: "approved", businessDeliveryReview: "approved" })
          .where(eq(deliveryItems.id, item.id));
        approvedItems.push(item.id);
        // Approvals replayed: still one transfer each.
        await Promise.all([payApprovedItem(app, item.id), payApprovedItem(app, item.id)]);
        if (fate === "approve-held") continue;
        if (fate === "reverse" || fate === "reverse-refund") {
          await payoutAccount(engagement.consultant.user.id, true);
          await releaseHeldTransfers(app, engagement.consultant.user.id);
          expect(
            await reverseTransfer(app, { userId: null, kind: "system" }, engagement.outline.id, item.id),
          ).toMatchObject({ ok: true });
          if (fate === "reverse-refund") {
            expect(
              await refundItem(
                app,
                { userId: engagement.client.user.id, kind: "admin" },
                engagement.outline.id,
                item.id,
              ),
            ).toMatchObject({
              ok: true,
            });
          }
        }
      }
    }

    // Every approved item: exactly one transfer row.
    const transfers = await db()
      .select()
      .from(consultantTransfers)
      .where(inArray(consultantTransfers.outlineId, outlines));
    const perItem = new Map<string, number>();
    for (const row of transfers) perItem.set(row.itemId, (perItem.get(row.itemId) ?? 0) + 1);
    for (const itemId of approvedItems) expect(perItem.get(itemId)).toBe(1);
    expect(transfers).toHaveLength(approvedItems.length);

    // The ledger, from the rows themselves.
    const items = await db().select().from(deliveryItems).where(inArray(deliveryItems.outlineId, outlines));
    const paid = await db()
      .select()
      .from(purchases)
      .where(
        inArray(
          purchases.id,
          items.map((item) => item.paidPurchaseId!),
        ),
      );
    const refunds = await db().select().from(itemRefunds).where(inArray(itemRefunds.outlineId, outlines));
    // Refunded in full (a dispute's split refunds part: its transfer of the rest stays live).
    const refunded = new Set(refunds.filter((r) => r.status === "succeeded" && !r.partial).map((r) => r.itemId));
    const charges = paid.reduce((sum, p) => sum + p.amountCents, 0);
    const refundTotal = refunds.reduce((sum, r) => sum + (r.status === "succeeded" ? r.amountCents : 0), 0);
    const live = transfers.filter((t) => !refunded.has(t.itemId));
    const fees = live.reduce((sum, t) => sum + t.feeCents, 0);
    const transferred = live.filter((t) => t.status === "paid").reduce((sum, t) => sum + t.amountCents, 0);
    const held = live.filter((t) => t.status !== "paid").reduce((sum, t) => sum + t.amountCents, 0);
    const withMoney = new Set([...transfers.map((t) => t.itemId), ...refunded]);
    const awaiting = items.filter((item) => !withMoney.has(item.id)).reduce((sum, item) => sum + item.priceCents, 0);
    expect(fees + transferred + refundTotal + held + awaiting).toBe(charges);

    // Every dispute settled, its own arithmetic balanced and matching the money that moved.
    const disputes = await db()
      .select()
      .from(deliverableDisputes)
      .where(inArray(deliverableDisputes.outlineId, outlines));
    expect(disputes.map((row) => row.itemId).sort()).toEqual([...disputed].sort());
    // The generation covers each kind of settlement.
    expect(new Set(disputes.map((row) => row.outcome))).toEqual(new Set(["release", "refund", "split"]));
    for (const row of disputes) {
      expect(row.status).toBe("settled");
      const item = items.find((candidate) => candidate.id === row.itemId)!;
      expect(row.chargedCents).toBe(item.priceCents);
      expect(row.refundCents! + row.transferCents! + row.feeCents!).toBe(row.chargedCents);
      const refund = refunds.find((r) => r.itemId === row.itemId);
      expect(refund?.status === "succeeded" ? refund.amountCents : 0).toBe(row.refundCents);
      const transfer = transfers.find((t) => t.itemId === row.itemId);
      expect(transfer?.amountCents ?? 0).toBe(row.transferCents);
      expect(transfer?.feeCents ?? 0).toBe(row.feeCents);
    }

    // The engagement pages' totals say the same.
    const totals = await Promise.all(outlines.map((id) => loadEngagementMoney(app, id)));
    const sum = (key: "charged" | "fees" | "transferred" | "refunded" | "held" | "awaitingApproval") =>
      totals.reduce((acc, money) => acc + money.totals[key], 0);
    expect({
      charged: sum("charged"),
      fees: sum("fees"),
      transferred: sum("transferred"),
      refunded: sum("refunded"),
      held: sum("held"),
      awaitingApproval: sum("awaitingApproval"),
    }).toEqual({ charged: charges, fees, transferred, refunded: refundTotal, held, awaitingApproval: awaiting });
  });
});
