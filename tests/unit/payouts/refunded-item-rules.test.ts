import { describe, expect, it } from "vitest";
import {
  activeItem,
  canBusinessReviewItem,
  canConsultantDeliver,
  completesEngagement,
  isItemSettled,
  nextItemToPrepay,
  type ItemStatusFields,
} from "~/lib/engagements/engagement-state";
import { itemStatusText } from "~/lib/engagements/engagement-display";

/** The item rules of a refunded deliverable (issue #18, Q2). */

const item = (id: string, position: number, fields: Partial<ItemStatusFields> = {}): ItemStatusFields => ({
  id,
  position,
  status: "upcoming",
  paidPurchaseId: null,
  consultantConfirmedDelivery: false,
  businessDeliveryReview: null,
  ...fields,
});

const signed = { complete: false, businessReviewStatus: "approved" as const, signedVersion: 1, version: 1 };

describe("a refunded item", () => {
  it("is settled like an approved one; an unrefunded open item is not", () => {
    expect(isItemSettled(item("a", 1, { status: "approved" }))).toBe(true);
    expect(isItemSettled(item("a", 1, { status: "active", paidPurchaseId: "p", refunded: true }))).toBe(true);
    expect(isItemSettled(item("a", 1, { status: "active", paidPurchaseId: "p" }))).toBe(false);
    expect(isItemSettled(item("a", 1, { status: "active", paidPurchaseId: "p", refunded: false }))).toBe(false);
  });

  it("cannot be delivered by the consultant nor reviewed by the business", () => {
    const active = item("a", 1, { status: "active", paidPurchaseId: "p" });
    const delivered = item("a", 1, { status: "delivered", paidPurchaseId: "p", businessDeliveryReview: "pending" });
    expect(canConsultantDeliver(active)).toBe(true);
    expect(canConsultantDeliver({ ...active, refunded: true })).toBe(false);
    expect(canConsultantDeliver({ ...active, status: "revision", refunded: true })).toBe(false);
    expect(canBusinessReviewItem(delivered)).toBe(true);
    expect(canBusinessReviewItem({ ...delivered, refunded: true })).toBe(false);
  });

  it("neither holds up the next prepayment nor counts as the item in progress", () => {
    const items = [
      item("a", 1, { status: "approved", paidPurchaseId: "p1" }),
      item("b", 2, { status: "active", paidPurchaseId: "p2" }),
      item("c", 3, { status: "awaiting_payment" }),
    ];
    expect(nextItemToPrepay(signed, items)).toBeNull();
    expect(activeItem(items)?.id).toBe("b");
    const refunded = items.map((row) => (row.id === "b" ? { ...row, refunded: true } : row));
    expect(nextItemToPrepay(signed, refunded)?.id).toBe("c");
    expect(activeItem(refunded)).toBeNull();
  });

  it("does not keep the engagement from completing when the last other item is approved", () => {
    const items = [
      item("a", 1, { status: "delivered", paidPurchaseId: "p1", businessDeliveryReview: "pending" }),
      item("b", 2, { status: "active", paidPurchaseId: "p2" }),
    ];
    expect(completesEngagement(items, "a")).toBe(false);
    expect(
      completesEngagement(
        items.map((row) => (row.id === "b" ? { ...row, refunded: true } : row)),
        "a",
      ),
    ).toBe(true);
    // An unpaid item still to come keeps it open.
    expect(completesEngagement([...items, item("c", 3)], "a")).toBe(false);
  });

  it("reads Refunded in the business's status line", () => {
    expect(itemStatusText({ status: "delivered", businessDeliveryReview: "pending", refunded: true })).toBe("Refunded");
    expect(itemStatusText({ status: "delivered", businessDeliveryReview: "pending" })).toBe(
      "Delivered: awaiting your review",
    );
  });
});
