import { and, eq, isNotNull, sql } from "drizzle-orm";
import { benchmarkingPurchases } from "~db/schema";
import { BENCHMARKING_ALREADY_PAID_MESSAGE } from "~/lib/payments/payment-copy";
import { BENCHMARKING_PRICE_CENTS, benchmarkingProductName } from "~/lib/payments/plans";
import type { Purchasable } from "~/server/payments/purchasable";

/**
 * A year of benchmarking for the business; the year is the purchase's reference. A year that is
 * only recorded as included in a plan (purchase_id NULL, e.g. before a move to BASIC) can still
 * be bought: the fulfilment then sets the row's purchase.
 */
export const benchmarkingPurchasable: Purchasable<"benchmarking"> = {
  kind: "benchmarking",

  async describe(app, businessId, { year }) {
    const [owned] = await app.db
      .select({ id: benchmarkingPurchases.id })
      .from(benchmarkingPurchases)
      .where(
        and(
          eq(benchmarkingPurchases.businessId, businessId),
          eq(benchmarkingPurchases.year, year),
          isNotNull(benchmarkingPurchases.purchaseId),
        ),
      );
    if (owned) return { ok: false, status: 409, msg: BENCHMARKING_ALREADY_PAID_MESSAGE };
    return {
      ok: true,
      referenceId: String(year),
      amountCents: BENCHMARKING_PRICE_CENTS,
      productName: benchmarkingProductName(year),
      successPath: `/benchmarking-payment-success?businessId=${encodeURIComponent(businessId)}&session_id={CHECKOUT_SESSION_ID}`,
      cancelPath: "/paymentStatus?canceled=true&purchaseType=benchmarking",
    };
  },

  fulfil(db, purchase, now) {
    const year = Number(purchase.referenceId);
    if (!Number.isInteger(year)) return [];
    return [
      db
        .insert(benchmarkingPurchases)
        .values({
          id: crypto.randomUUID(),
          businessId: purchase.businessId,
          year,
          purchaseId: purchase.id,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [benchmarkingPurchases.businessId, benchmarkingPurchases.year],
          set: { purchaseId: purchase.id },
          setWhere: sql`${benchmarkingPurchases.purchaseId} IS NULL`,
        }),
    ];
  },
};
