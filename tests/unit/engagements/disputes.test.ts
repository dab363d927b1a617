import { describe, expect, it } from "vitest";
import {
  disputeSettlement,
  disputeViewOf,
  settlementText,
  SettleDisputeFormSchema,
  SETTLE_REFUND_INVALID,
  SETTLE_REFUND_REQUIRED,
  OpenDisputeFormSchema,
  DISPUTE_REASON_REQUIRED,
} from "~/lib/engagements/disputes";

describe("a dispute's settlement", () => {
  it("release: the fee on the whole charge, the rest to the consultant, nothing refunded", () => {
    expect(disputeSettlement("release", 100_000, null, 20)).toEqual({
      outcome: "release",
      chargedCents: 100_000,
      refundCents: 0,
      transferCents: 80_000,
      feeCents: 20_000,
    });
  });

  it("refund: all of it back, no fee, nothing transferred (whatever amount was typed)", () => {
    expect(disputeSettlement("refund", 100_000, 5, 20)).toEqual({
      outcome: "refund",
      chargedCents: 100_000,
      refundCents: 100_000,
      transferCents: 0,
      feeCents: 0,
    });
  });

  it("split: the fee scaled to what is kept, rounded half up, and charge = refund + transfer + fee to the cent", () => {
    expect(disputeSettlement("split", 100_000, 33_333, 20)).toEqual({
      outcome: "split",
      chargedCents: 100_000,
      refundCents: 33_333,
      transferCents: 53_334,
      feeCents: 13_333,
    });
    for (const charged of [101, 999, 100_000, 123_457]) {
      for (const percent of [0, 15, 20, 33, 100]) {
        for (const refund of [1, Math.floor(charged / 3), charged - 1]) {
          const settled = disputeSettlement("split", charged, refund, percent)!;
          expect(settled.refundCents + settled.transferCents + settled.feeCents).toBe(charged);
          expect(settled.transferCents).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it("a split refunds more than nothing and less than the charge", () => {
    expect(disputeSettlement("split", 100_000, 0, 20)).toBeNull();
    expect(disputeSettlement("split", 100_000, 100_000, 20)).toBeNull();
    expect(disputeSettlement("split", 100_000, null, 20)).toBeNull();
  });

  it("says what happened to each reader", () => {
    const split = disputeSettlement("split", 100_000, 40_000, 20)!;
    expect(settlementText(split, "business")).toBe(
      "you are refunded $400.00 of the $1,000.00 you paid; the rest pays the consultant and the platform fee.",
    );
    expect(settlementText(split, "consultant")).toBe(
      "the business is refunded $400.00; you earn $480.00 (the $600.00 kept, less the $120.00 platform fee).",
    );
    expect(settlementText(split, "manager")).toBe(
      "$400.00 refunded to the business, $480.00 to the consultant and $120.00 platform fee, of the $1,000.00 charged (a split).",
    );
  });
});

describe("the dispute forms", () => {
  it("a reason of at least 20 characters", () => {
    const short = OpenDisputeFormSchema.safeParse({
      intent: "dispute-item",
      deliveryItemId: "i",
      deliveryOutlineId: "o",
      reason: " too short ",
    });
    expect(short.success ? null : short.error.issues[0]?.message).toBe(DISPUTE_REASON_REQUIRED);
  });

  it("a split needs its refund in dollars", () => {
    const base = { intent: "settle-dispute", deliveryItemId: "i", decision: "The report misses the cash forecast." };
    const missing = SettleDisputeFormSchema.safeParse({ ...base, outcome: "split", refund: "" });
    expect(missing.success ? null : missing.error.issues[0]?.message).toBe(SETTLE_REFUND_REQUIRED);
    const bad = SettleDisputeFormSchema.safeParse({ ...base, outcome: "split", refund: "12.345" });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe(SETTLE_REFUND_INVALID);
    expect(SettleDisputeFormSchema.parse({ ...base, outcome: "split", refund: "$1,250.50" }).refund).toBe(125_050);
    expect(SettleDisputeFormSchema.parse({ ...base, outcome: "release" }).refund).toBeNull();
  });
});

describe("the dispute's column", () => {
  it("reads the JSON of the item's subquery, with its settlement once claimed", () => {
    expect(disputeViewOf(null)).toBeNull();
    const open = disputeViewOf(
      JSON.stringify({
        status: "open",
        reason: "Missing the forecast",
        openedAt: Date.UTC(2026, 10, 30),
        outcome: null,
      }),
    );
    expect(open).toEqual({
      status: "open",
      reason: "Missing the forecast",
      openedAt: "2026-11-30T00:00:00.000Z",
      decision: null,
      settlement: null,
      settledAt: null,
    });
  });
});
