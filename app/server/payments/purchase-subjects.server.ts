// What a business's purchase bought, in words (the deliverable and its engagement, the insight,
// the benchmarking year or the plan): the joined query the receipts, the payment history and the
// notices of automatic refunds share. It reads only ids and titles, so payments' modules can use it
// without the engagements' views.
import { and, eq } from "drizzle-orm";
import { deliveryItems, deliveryOutlines, insightRequests, purchases, type Purchase } from "~db/schema";
import { describePurchase, type PurchaseSubject } from "~/lib/payouts/receipts";
import type { AppContext } from "~/server/load-context";

const subjectColumns = {
  itemTitle: deliveryItems.title,
  outlineId: deliveryItems.outlineId,
  outlineTitle: deliveryOutlines.title,
  insightCategory: insightRequests.category,
};

const purchaseColumns = {
  id: purchases.id,
  kind: purchases.kind,
  referenceId: purchases.referenceId,
  amountCents: purchases.amountCents,
  currency: purchases.currency,
  status: purchases.status,
  paidAt: purchases.paidAt,
  updatedAt: purchases.updatedAt,
  stripePaymentIntentId: purchases.stripePaymentIntentId,
  duplicateOfPurchaseId: purchases.duplicateOfPurchaseId,
  ...subjectColumns,
};

/** The business's receipted purchases with what each bought (the item and engagement, or the insight). */
export function receiptedPurchases(app: AppContext, businessId: string) {
  return app.db
    .select(purchaseColumns)
    .from(purchases)
    .leftJoin(
      deliveryItems,
      and(
        eq(purchases.kind, "delivery_item"),
        eq(deliveryItems.id, purchases.referenceId),
        eq(deliveryItems.businessId, businessId),
      ),
    )
    .leftJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .leftJoin(
      insightRequests,
      and(
        eq(purchases.kind, "insight"),
        eq(insightRequests.id, purchases.referenceId),
        eq(insightRequests.businessId, businessId),
      ),
    )
    .$dynamic();
}

export const subjectOf = (row: { kind: Purchase["kind"]; referenceId: string | null } & PurchaseSubjectColumns) =>
  describePurchase({
    kind: row.kind,
    referenceId: row.referenceId,
    itemTitle: row.itemTitle,
    outlineId: row.outlineId,
    outlineTitle: row.outlineTitle,
    insightCategory: row.insightCategory,
  } satisfies PurchaseSubject);

type PurchaseSubjectColumns = Omit<PurchaseSubject, "kind" | "referenceId">;

/** What one of the business's purchases bought, in words, and where it is (null: not its purchase). */
export async function describeOwnPurchase(
  app: AppContext,
  businessId: string,
  purchaseId: string,
): Promise<{ description: string; href: string | null } | null> {
  const [row] = await receiptedPurchases(app, businessId)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.businessId, businessId)))
    .limit(1);
  return row ? subjectOf(row) : null;
}
