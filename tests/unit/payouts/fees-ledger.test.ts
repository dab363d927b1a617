import { describe, expect, it } from "vitest";
import { consultantShareCents, platformFeeCents } from "~/lib/payouts/fees";
import { itemMoney, sumMoney } from "~/lib/payouts/ledger";

describe("platformFeeCents", () => {
  it("rounds half up in whole cents", () => {
    expect(platformFeeCents(150_000, 20)).toBe(30_000);
    expect(platformFeeCents(150_005, 20)).toBe(30_001);
    expect(platformFeeCents(2, 25)).toBe(1); // 0.5 → 1
    expect(platformFeeCents(1, 25)).toBe(0); // 0.25 → 0
    expect(platformFeeCents(3, 50)).toBe(2); // 1.5 → 2
    expect(platformFeeCents(999, 0)).toBe(0);
    expect(platformFeeCents(999, 100)).toBe(999);
    expect(consultantShareCents(150_005, 20)).toBe(120_004);
  });

  it("refuses fractional cents and percents outside 0–100", () => {
    expect(() => platformFeeCents(1.5, 20)).toThrow(RangeError);
    expect(() => platformFeeCents(100, 101)).toThrow(RangeError);
    expect(() => platformFeeCents(-1, 20)).toThrow(RangeError);
  });
});

describe("the ledger", () => {
  it("puts every charged cent in one bucket", () => {
    const items = [
      {
        chargedCents: 100_000,
        transfer: { status: "paid" as const, feeCents: 20_000, amountCents: 80_000 },
        refundedCents: 0,
      },
      {
        chargedCents: 50_000,
        transfer: { status: "held" as const, feeCents: 10_000, amountCents: 40_000 },
        refundedCents: 0,
      },
      { chargedCents: 70_000, transfer: null, refundedCents: 70_000 },
      {
        chargedCents: 30_000,
        transfer: { status: "reversed" as const, feeCents: 6_000, amountCents: 24_000 },
        refundedCents: 30_000,
      },
      { chargedCents: 40_000, transfer: null, refundedCents: 0 },
      { chargedCents: 0, transfer: null, refundedCents: 0 },
    ];
    expect(itemMoney(items[0]!)).toEqual({
      charged: 100_000,
      fees: 20_000,
      transferred: 80_000,
      refunded: 0,
      held: 0,
      awaitingApproval: 0,
    });
    expect(itemMoney(items[3]!)).toEqual({
      charged: 30_000,
      fees: 0,
      transferred: 0,
      refunded: 30_000,
      held: 0,
      awaitingApproval: 0,
    });
    const total = sumMoney(items);
    expect(total).toEqual({
      charged: 290_000,
      fees: 30_000,
      transferred: 80_000,
      refunded: 100_000,
      held: 40_000,
      awaitingApproval: 40_000,
    });
    expect(total.fees + total.transferred + total.refunded + total.held + total.awaitingApproval).toBe(total.charged);
  });

  it("a dispute's split: the part refunded, the rest's fee and transfer (held until sent), balancing to the cent", () => {
    // $1,000.00 charged, $333.33 refunded: $666.67 kept, its 20% fee $133.33, $533.34 to the consultant.
    const split = (status: "paid" | "held") => ({
      chargedCents: 100_000,
      transfer: { status, chargedCents: 66_667, feeCents: 13_333, amountCents: 53_334 },
      refundedCents: 33_333,
    });
    expect(itemMoney(split("paid"))).toEqual({
      charged: 100_000,
      fees: 13_333,
      transferred: 53_334,
      refunded: 33_333,
      held: 0,
      awaitingApproval: 0,
    });
    expect(itemMoney(split("held"))).toMatchObject({ transferred: 0, held: 53_334, refunded: 33_333, fees: 13_333 });
    // Reversed after the split: what the consultant gave back is held, the fee is no longer kept.
    const reversed = { ...split("paid"), transfer: { ...split("paid").transfer, status: "reversed" as const } };
    expect(itemMoney(reversed)).toEqual({
      charged: 100_000,
      fees: 0,
      transferred: 0,
      refunded: 33_333,
      held: 66_667,
      awaitingApproval: 0,
    });
  });

  it("a duplicate payment adds to what was charged: refunded once its automatic refund succeeds, held until then", () => {
    const paid = { status: "paid" as const, feeCents: 10_000, amountCents: 40_000 };
    const refunding = {
      chargedCents: 50_000,
      transfer: paid,
      refundedCents: 0,
      duplicate: { chargedCents: 50_000, refundedCents: 0 },
    };
    const refunded = { ...refunding, duplicate: { chargedCents: 50_000, refundedCents: 50_000 } };
    expect(itemMoney(refunding)).toEqual({
      charged: 100_000,
      fees: 10_000,
      transferred: 40_000,
      refunded: 0,
      held: 50_000,
      awaitingApproval: 0,
    });
    expect(itemMoney(refunded)).toEqual({
      charged: 100_000,
      fees: 10_000,
      transferred: 40_000,
      refunded: 50_000,
      held: 0,
      awaitingApproval: 0,
    });
    // With the item's own payment refunded by a manager as well.
    const both = itemMoney({
      chargedCents: 50_000,
      transfer: null,
      refundedCents: 50_000,
      duplicate: { chargedCents: 50_000, refundedCents: 50_000 },
    });
    expect(both).toMatchObject({ charged: 100_000, refunded: 100_000, held: 0, awaitingApproval: 0 });
    for (const money of [itemMoney(refunding), itemMoney(refunded), both]) {
      expect(money.fees + money.transferred + money.refunded + money.held + money.awaitingApproval).toBe(money.charged);
    }
  });
});
