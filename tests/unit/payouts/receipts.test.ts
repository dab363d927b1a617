import { describe, expect, it } from "vitest";
import {
  buyerAddress,
  cardLabel,
  describePurchase,
  receiptNumber,
  receiptPath,
  receiptPdfFileName,
  receiptPdfPath,
  type PurchaseSubject,
  type Receipt,
} from "~/lib/payouts/receipts";
import { receiptPdfBlocks, renderReceiptPdf } from "~/lib/payouts/receipt-pdf";

const subject = (overrides: Partial<PurchaseSubject>): PurchaseSubject => ({
  kind: "delivery_item",
  referenceId: null,
  itemTitle: null,
  outlineId: null,
  outlineTitle: null,
  insightCategory: null,
  ...overrides,
});

describe("receipt numbers", () => {
  it("are PW-, the UTC date paid and the purchase id's first 8 letters or digits, upper case", () => {
    expect(receiptNumber("3f2a9c1b-77de-4a7b-9d0e-0123456789ab", new Date("2026-11-03T23:59:00Z"))).toBe(
      "PW-20261103-3F2A9C1B",
    );
    expect(receiptNumber("ab-cd", "2026-01-02T00:00:00Z")).toBe("PW-20260102-ABCD");
    expect(receiptNumber("abc", "not a date")).toBe("PW-00000000-ABC");
  });

  it("link to /receipts/{id}, its PDF to /receipts/{id}/receipt.pdf named by the number", () => {
    expect(receiptPath("p 1")).toBe("/receipts/p%201");
    expect(receiptPdfPath("p 1")).toBe("/receipts/p%201/receipt.pdf");
    expect(receiptPdfFileName("PW-20261103-3F2A9C1B")).toBe("receipt-PW-20261103-3F2A9C1B.pdf");
    expect(receiptPdfFileName('PW-1"; x')).toBe("receipt-PW-1x.pdf");
  });
});

describe("what a purchase bought", () => {
  it("names the deliverable and its engagement, and links to the engagement panel", () => {
    expect(
      describePurchase(
        subject({ itemTitle: "Phase 1", outlineId: "o1", outlineTitle: "Margin recovery plan", referenceId: "i1" }),
      ),
    ).toEqual({
      description: "Deliverable: Phase 1 (Margin recovery plan)",
      href: "/features?focus=Engagements&engagementId=o1",
    });
    expect(describePurchase(subject({ itemTitle: "Phase 1", outlineId: "o1", outlineTitle: "" })).description).toBe(
      "Deliverable: Phase 1",
    );
    expect(describePurchase(subject({ referenceId: "gone" }))).toEqual({
      description: "Deliverable (no longer in the plan)",
      href: null,
    });
  });

  it("names insights, benchmarking and plans", () => {
    expect(describePurchase(subject({ kind: "insight", insightCategory: "strategy" }))).toEqual({
      description: "Insight request: Strategy",
      href: "/features?focus=Insights",
    });
    expect(describePurchase(subject({ kind: "insight" })).description).toBe("Insight request: Insight");
    expect(describePurchase(subject({ kind: "benchmarking", referenceId: "2026" }))).toEqual({
      description: "Benchmarking 2026",
      href: "/benchmarking",
    });
    expect(describePurchase(subject({ kind: "subscription", referenceId: "PREMIUM_PLAN_YEARLY" }))).toEqual({
      description: "SCALE (yearly) membership",
      href: "/company-profile?tab=account",
    });
    expect(describePurchase(subject({ kind: "subscription", referenceId: "STANDARD_PLAN_MONTHLY" })).description).toBe(
      "STARTER (monthly) membership",
    );
    expect(describePurchase(subject({ kind: "subscription", referenceId: "junk" })).description).toBe(
      "Plan membership",
    );
  });
});

describe("what a receipt says about the card and the buyer (issue #36)", () => {
  it("names the card's brand and its last 4 digits", () => {
    expect(cardLabel({ brand: "visa", last4: "4242" })).toBe("Visa ending in 4242");
    expect(cardLabel({ brand: "amex", last4: "0005" })).toBe("American Express ending in 0005");
    expect(cardLabel({ brand: "mastercard", last4: "4444" })).toBe("Mastercard ending in 4444");
    expect(cardLabel({ brand: "unknown", last4: "1111" })).toBe("Card ending in 1111");
  });

  it("gives the buyer's address as its city and state", () => {
    expect(buyerAddress({ city: " Portland ", state: "ME" })).toBe("Portland, ME");
    expect(buyerAddress({ city: "", state: "" })).toBe("");
  });
});

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");

const RECEIPT: Receipt = {
  purchaseId: "3f2a9c1b-77de",
  number: "PW-20261103-3F2A9C1B",
  seller: { name: "Partwise, Inc.", address: "100 Commercial Street, Suite 400, Portland, ME 04101, United States" },
  buyer: { name: "Harbor & Pine Outfitters", address: "Portland, ME" },
  description: "Deliverable: Phase 1 (Margin recovery plan)",
  href: "/features?focus=Engagements&engagementId=o1",
  amountCents: 150_000,
  taxCents: 0,
  subtotalCents: 150_000,
  currency: "usd",
  status: "refunded",
  paidAt: "2026-11-03T15:00:00.000Z",
  card: { brand: "visa", last4: "4242" },
  paymentReference: "pi_test_123",
  duplicateOf: null,
  refunds: [
    {
      id: "r1",
      amountCents: 150_000,
      refundedAt: "2026-11-05T15:00:00.000Z",
      reference: "re_test_9",
      reason: "refund",
    },
  ],
  refundedCents: 150_000,
  netCents: 0,
};

describe("the receipt's PDF (issue #36)", () => {
  it("names the seller and its address, the number, date, buyer, line, tax, total, card and refunds", () => {
    const text = receiptPdfBlocks(RECEIPT).map((block) =>
      block.type === "paragraph" || block.type === "title" || block.type === "heading"
        ? block.text
        : block.type === "table"
          ? block.rows.map((row) => row.join(" | ")).join("\n")
          : "",
    );
    expect(text.filter(Boolean)).toEqual([
      "Receipt",
      "Partwise, Inc.",
      "100 Commercial Street, Suite 400, Portland, ME 04101, United States",
      "Receipt number: PW-20261103-3F2A9C1B",
      "Date paid: Nov 3, 2026",
      "Status: Refunded",
      "Billed to",
      "Harbor & Pine Outfitters",
      "Portland, ME",
      "What was paid for",
      "Deliverable: Phase 1 (Margin recovery plan) | $1,500.00",
      "Subtotal: $1,500.00",
      "Sales tax: $0.00",
      "Total paid: $1,500.00",
      "No sales tax was charged on this purchase.",
      "Payment method",
      "Visa ending in 4242",
      "Payment reference: pi_test_123",
      "Refunds",
      "Nov 5, 2026 | $1,500.00 | re_test_9",
      "Net paid: $0.00",
    ]);
  });

  it("says a duplicate payment was refunded automatically, as the page does", () => {
    const texts = (receipt: Receipt) =>
      receiptPdfBlocks(receipt).flatMap((block) => (block.type === "paragraph" ? [block.text] : []));
    expect(texts({ ...RECEIPT, duplicateOf: "first-purchase" })).toContain(
      "Note: A second payment for something you had already paid. Partwise refunded it automatically.",
    );
    expect(texts(RECEIPT).some((text) => text.startsWith("Note:"))).toBe(false);
  });

  it("is a PDF with those words, the same bytes each time, and says when tax is included", () => {
    const bytes = renderReceiptPdf(RECEIPT);
    const text = latin1(bytes);
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).toContain("(Partwise, Inc.) Tj");
    expect(text).toContain("(Total paid: $1,500.00) Tj");
    expect(text).toContain("(Visa ending in 4242) Tj");
    expect(text).toContain("(Partwise, Inc. \\267 Receipt PW-20261103-3F2A9C1B) Tj");
    expect(text).toContain("/Title (Receipt PW-20261103-3F2A9C1B)");
    expect(latin1(renderReceiptPdf(RECEIPT))).toBe(text);

    const taxed = receiptPdfBlocks({ ...RECEIPT, taxCents: 9_000, subtotalCents: 141_000, refunds: [], card: null });
    const words = taxed.flatMap((block) => ("text" in block ? [block.text] : []));
    expect(words).toContain("Subtotal: $1,410.00");
    expect(words).toContain("Sales tax: $90.00");
    expect(words).toContain("The sales tax is included in the total.");
    expect(words).toContain("Card (details not available)");
    expect(words).not.toContain("Refunds");
  });
});
