import { describe, expect, it } from "vitest";
import type { ConsultantTransferStatus } from "~db/enums";
import { earningState, earningsTotals, itemEarning, type EarningInput } from "~/lib/payouts/earnings";
import { EARNING_STATE_LABELS, EARNINGS_HELD_PARTS, earningsIntro } from "~/lib/payouts/earnings-copy";
import { consultantShareCents } from "~/lib/payouts/fees";
import { toPayout } from "~/server/payments/provider/stripe.server";

const transfer = (status: ConsultantTransferStatus, amountCents: number): EarningInput => ({
  kind: "transfer",
  status,
  amountCents,
});

describe("earningState", () => {
  it("names each transfer status and each unapproved item from the consultant's side", () => {
    expect(earningState(transfer("paid", 1))).toBe("paid");
    expect(earningState(transfer("held", 1))).toBe("held");
    expect(earningState(transfer("failed", 1))).toBe("failed");
    expect(earningState(transfer("pending", 1))).toBe("sending");
    expect(earningState(transfer("reversed", 1))).toBe("reversed");
    expect(earningState({ kind: "unapproved", delivered: true, amountCents: 1 })).toBe("awaiting_approval");
    expect(earningState({ kind: "unapproved", delivered: false, amountCents: 1 })).toBe("in_progress");
  });

  it("has a label for every state", () => {
    expect(EARNING_STATE_LABELS).toEqual({
      paid: "Paid to you",
      held: "Held: payouts not set up",
      failed: "Held: transfer failed, awaiting retry",
      sending: "Transfer in progress",
      reversed: "Reversed by Partwise",
      awaiting_approval: "Delivered, awaiting approval",
      in_progress: "In progress",
      disputed: "Disputed: the engagement manager settles it",
    });
  });
});

describe("earningsTotals", () => {
  it("is all zero without earnings", () => {
    expect(earningsTotals([])).toEqual({
      paidCents: 0,
      heldCents: 0,
      heldWaitingCents: 0,
      heldFailedCents: 0,
      heldSendingCents: 0,
      pendingApprovalCents: 0,
    });
  });

  it("sums paid, the three parts of held, and pending approval; a reversal counts nowhere", () => {
    const inputs: EarningInput[] = [
      transfer("paid", 120_000),
      transfer("paid", 8_004),
      transfer("held", 80_000),
      transfer("failed", 40_000),
      transfer("pending", 1_000),
      transfer("reversed", 48_000),
      { kind: "unapproved", delivered: true, amountCents: consultantShareCents(150_000, 20) },
      { kind: "unapproved", delivered: false, amountCents: consultantShareCents(10_005, 20) },
    ];
    expect(earningsTotals(inputs)).toEqual({
      paidCents: 128_004,
      heldCents: 121_000,
      heldWaitingCents: 80_000,
      heldFailedCents: 40_000,
      heldSendingCents: 1_000,
      pendingApprovalCents: 120_000 + 8_004,
    });
  });

  it("uses the fee of PLATFORM_FEE_PERCENT in its texts", () => {
    expect(earningsIntro(15)).toBe(
      "What you earn for each prepaid deliverable or month (retainer or coaching) of your engagements: its price less Partwise's 15% fee.",
    );
    expect(EARNINGS_HELD_PARTS.waiting("$800.00")).toBe("$800.00 waiting for you to finish setting up payouts");
  });
});

describe("a disputed delivery (docs/decisions/079)", () => {
  it("is its own state, counted in no total until the settlement, and its item says at most its share", () => {
    const disputed: EarningInput = { kind: "unapproved", delivered: true, amountCents: 80_000, disputed: true };
    expect(earningState(disputed)).toBe("disputed");
    expect(EARNING_STATE_LABELS.disputed).toBe("Disputed: the engagement manager settles it");
    expect(earningsTotals([disputed, { kind: "unapproved", delivered: true, amountCents: 40_000 }])).toMatchObject({
      pendingApprovalCents: 40_000,
      paidCents: 0,
      heldCents: 0,
    });
    expect(
      itemEarning({ priceCents: 100_000, feePercent: 20, refunded: false, transfer: null, disputed: true }),
    ).toEqual({
      amountCents: 80_000,
      status: "Disputed: at most this, as the engagement manager's settlement decides",
    });
  });
});

describe("payouts", () => {
  it("toPayout reads Stripe's Payout; an unknown status reads as pending", () => {
    const stripePayout = {
      id: "po_1OaF0x2eZvKYlo2C",
      object: "payout",
      amount: 12_000,
      currency: "usd",
      arrival_date: 1_763_942_400,
      status: "in_transit",
      created: 1_763_769_600,
      automatic: true,
    };
    expect(toPayout(stripePayout)).toEqual({
      id: "po_1OaF0x2eZvKYlo2C",
      amount: 12_000,
      currency: "usd",
      arrival_date: 1_763_942_400,
      status: "in_transit",
      created: 1_763_769_600,
    });
    expect(toPayout({ ...stripePayout, status: "something_new" }).status).toBe("pending");
  });
});

describe("what one deliverable earns the consultant (itemEarning)", () => {
  const base = { priceCents: 125_000, feePercent: 20, refunded: false, transfer: null };
  it("is the price less the fee until approved, then the transfer", () => {
    expect(itemEarning(base)).toEqual({ amountCents: 100_000, status: "Paid to you when the business approves it" });
    expect(itemEarning({ ...base, transfer: { amountCents: 100_000, status: "held" } })).toEqual({
      amountCents: 100_000,
      status: "Held until payouts are set up",
    });
  });
  it("is nothing once refunded, unless a transfer was made and not taken back", () => {
    expect(itemEarning({ ...base, refunded: true })).toEqual({ amountCents: 0, status: "Refunded" });
    expect(itemEarning({ ...base, refunded: true, transfer: { amountCents: 100_000, status: "reversed" } })).toEqual({
      amountCents: 0,
      status: "Refunded",
    });
    expect(itemEarning({ ...base, refunded: true, transfer: { amountCents: 100_000, status: "paid" } })).toEqual({
      amountCents: 100_000,
      status: "Transferred",
    });
  });
});
