/** Receipts and the business's payment history (issue #18, Q3): pure helpers the server and the views share. */
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { parseLookupKey, PLANS } from "~/lib/payments/plans";
import { categoryLabel } from "~/lib/shared/format";
import { PURCHASE_DESCRIPTIONS } from "./receipt-copy";

/** The printable receipt of one of the business's paid purchases. */
export const receiptPath = (purchaseId: string) => `/receipts/${encodeURIComponent(purchaseId)}`;

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
