import { describe, expect, it } from "vitest";
import {
  canRetryTransfer,
  canReverseTransfer,
  isNothingSent,
  isStalePending,
  STALE_PENDING_MS,
  type TransferFacts,
} from "~/lib/payouts/transfer-rules";

const now = new Date("2026-11-25T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

const transfer = (fields: Partial<TransferFacts> = {}): TransferFacts => ({
  status: "held",
  amountCents: 90_000,
  stripeTransferId: null,
  updatedAt: ago(60_000),
  ...fields,
});

describe("which transfers Retry can send", () => {
  it("a failed one, whatever the consultant's payouts", () => {
    expect(canRetryTransfer(transfer({ status: "failed" }), false, now)).toBe(true);
    expect(canRetryTransfer(transfer({ status: "failed" }), true, now)).toBe(true);
  });

  it("a held one only once what held it is gone: payouts enabled, or a zero share that needs no account", () => {
    expect(canRetryTransfer(transfer({ status: "held" }), false, now)).toBe(false);
    expect(canRetryTransfer(transfer({ status: "held" }), true, now)).toBe(true);
    expect(canRetryTransfer(transfer({ status: "held", amountCents: 0 }), false, now)).toBe(true);
  });

  it("a pending one only after STALE_PENDING_MS (a call under way is never sent twice)", () => {
    expect(canRetryTransfer(transfer({ status: "pending", updatedAt: ago(STALE_PENDING_MS - 1) }), true, now)).toBe(
      false,
    );
    expect(canRetryTransfer(transfer({ status: "pending", updatedAt: ago(STALE_PENDING_MS) }), true, now)).toBe(false);
    expect(canRetryTransfer(transfer({ status: "pending", updatedAt: ago(STALE_PENDING_MS + 1) }), true, now)).toBe(
      true,
    );
    expect(isStalePending(transfer({ status: "failed", updatedAt: ago(STALE_PENDING_MS * 2) }), now)).toBe(false);
  });

  it("never a paid or reversed one", () => {
    for (const status of ["paid", "reversed"] as const) {
      expect(canRetryTransfer(transfer({ status, updatedAt: ago(STALE_PENDING_MS * 2) }), true, now)).toBe(false);
    }
  });
});

describe("which transfers Reverse can take back", () => {
  it("a paid one sent through Stripe; not a zero share (nothing was sent) nor one not paid", () => {
    expect(canReverseTransfer(transfer({ status: "paid", stripeTransferId: "tr_1" }))).toBe(true);
    expect(canReverseTransfer(transfer({ status: "paid", amountCents: 0 }))).toBe(false);
    expect(isNothingSent(transfer({ status: "paid", amountCents: 0 }))).toBe(true);
    expect(isNothingSent(transfer({ status: "held", amountCents: 0 }))).toBe(false);
    for (const status of ["held", "failed", "pending", "reversed"] as const) {
      expect(canReverseTransfer(transfer({ status, stripeTransferId: "tr_1" }))).toBe(false);
    }
  });
});
