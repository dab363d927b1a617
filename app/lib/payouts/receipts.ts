/** Receipts and the business's payment history (issue #18, Q3): pure helpers the server and the views share. */
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { parseLookupKey, PLANS } from "~/lib/payments/plans";
import { categoryLabel } from "~/lib/shared/format";
import { PURCHASE_DESCRIPTIONS } from "./receipt-copy";

/** The printable receipt of one of the business's paid purchases. */
export const receiptPath = (purchaseId: string) => `/receipts/${encodeURIComponent(purchaseId)}`;

/** The same receipt as a PDF download. */
export const receiptPdfPath = (purchaseId: string) => `${receiptPath(purchaseId)}/receipt.pdf`;

/** The PDF's file name: the receipt number ("receipt-PW-20261103-3F2A9C1B.pdf"). */
export const receiptPdfFileName = (number: string) => `receipt-${number.replace(/[^0-9A-Za-z-]/g, "")}.pdf`;

/** Stripe's card brands in words (its payment_method_details.card.brand values). */
const CARD_BRANDS: Record<string, string> = {
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
  eftpos_au: "eftpos Australia",
  jcb: "JCB",
  link: "Link",
  mastercard: "Mastercard",
  unionpay: "UnionPay",
  visa: "Visa",
};

/** "Visa ending in 4242"; "Card ending in 4242" for a brand Stripe does not name. */
export function cardLabel(card: { brand: string; last4: string }): string {
  return `${CARD_BRANDS[card.brand] ?? "Card"} ending in ${card.last4}`;
}

/** A refund of a receipted purchase, as the receipt lists it against the charge. */
export type ReceiptRefund = {
  id: string;
  amountCents: number;
  refundedAt: string;
  reference: string | null;
  /** A manager's refund of a deliverable, or the automatic refund of a duplicate payment. */
  reason: "refund" | "duplicate_payment";
};

/**
 * The receipt of one paid (or since refunded) one-off purchase: a document a bookkeeper can file
 * (docs/decisions/051-receipts.md). The page, the PDF and the email all show this one shape.
 */
export type Receipt = {
  purchaseId: string;
  number: string;
  /** The seller: its legal name and postal address (SELLER_LEGAL_NAME, SELLER_ADDRESS). */
  seller: { name: string; address: string };
  /** The buyer: the business's name and its address as Partwise knows it ("City, State"). */
  buyer: { name: string; address: string };
  description: string;
  href: string | null;
  /** The amount charged, tax included. */
  amountCents: number;
  /** The sales tax in it (0 when none was charged). */
  taxCents: number;
  /** The line's amount before tax. */
  subtotalCents: number;
  currency: string;
  status: "paid" | "refunded";
  paidAt: string;
  /** The card that paid; null when the provider did not tell (or it was not a card). */
  card: { brand: string; last4: string } | null;
  /** The payment's reference at Stripe: its PaymentIntent id. */
  paymentReference: string | null;
  /** A second payment for what another purchase paid (its receipt id): refunded automatically. */
  duplicateOf: string | null;
  refunds: ReceiptRefund[];
  refundedCents: number;
  netCents: number;
};

/** The business's address on a receipt: its city and state (what Partwise asks for). */
export function buyerAddress(business: { city: string; state: string }): string {
  return [business.city, business.state]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

/** Settings → Account, where the Payments list is. */
export const PAYMENTS_PATH = "/company-profile?tab=account#payments";

/**
 * The receipt number: "PW-" + the payment's date (UTC, YYYYMMDD) + the first 8 hex digits of the
 * purchase id, upper case ("PW-20261103-3F2A9C1B"). Stable: derived from what never changes.
 */
export function receiptNumber(purchaseId: string, paidAt: Date | string): string {
  const date = new Date(paidAt);
  const day = Number.isNaN(date.getTime()) ? "00000000" : date.toISOString().slice(0, 10).replaceAll("-", "");
  const digits = purchaseId
    .replace(/[^0-9a-z]/gi, "")
    .slice(0, 8)
    .toUpperCase();
  return `PW-${day}-${digits}`;
}

/** What the purchase's row knows about what it bought (the joined item, engagement or insight). */
export type PurchaseSubject = {
  kind: "subscription" | "insight" | "delivery_item" | "benchmarking";
  referenceId: string | null;
  itemTitle: string | null;
  outlineId: string | null;
  outlineTitle: string | null;
  insightCategory: string | null;
};

/** What was bought, in words, and where the business sees it (null when it no longer exists). */
export function describePurchase(subject: PurchaseSubject): { description: string; href: string | null } {
  switch (subject.kind) {
    case "delivery_item":
      if (subject.itemTitle === null || subject.outlineId === null) {
        return { description: PURCHASE_DESCRIPTIONS.deletedItem, href: null };
      }
      return {
        description: PURCHASE_DESCRIPTIONS.deliveryItem(subject.itemTitle, subject.outlineTitle ?? ""),
        href: businessEngagementPath(subject.outlineId),
      };
    case "insight":
      return {
        description: PURCHASE_DESCRIPTIONS.insight(
          subject.insightCategory ? categoryLabel(subject.insightCategory) : "Insight",
        ),
        href: "/features?focus=Insights",
      };
    case "benchmarking":
      return { description: PURCHASE_DESCRIPTIONS.benchmarking(subject.referenceId ?? ""), href: "/benchmarking" };
    case "subscription": {
      const plan = parseLookupKey(subject.referenceId);
      const name = plan
        ? `${PLANS[plan.tier].displayName} (${plan.billing === "YEARLY" ? "yearly" : "monthly"})`
        : "Plan";
      return { description: PURCHASE_DESCRIPTIONS.subscription(name), href: "/company-profile?tab=account" };
    }
  }
}
