import { and, eq, or, sql } from "drizzle-orm";
import { insightRequests } from "~db/schema";
import { INSIGHT_ALREADY_PAID_MESSAGE, INSIGHT_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import { INSIGHT_PRICE_CENTS, INSIGHT_PRODUCT_NAME } from "~/lib/payments/plans";
import type { Purchasable } from "~/server/payments/purchasable";

/** An insight request bought on its own (not covered by the plan). */
export const insightPurchasable: Purchasable<"insight"> = {
  kind: "insight",

  async describe(app, businessId, { insightId }) {
    const [insight] = await app.db
      .select({
        id: insightRequests.id,
        paymentComplete: insightRequests.paymentComplete,
        coveredByPlan: insightRequests.coveredByPlan,
      })
      .from(insightRequests)
      .where(and(eq(insightRequests.id, insightId), eq(insightRequests.businessId, businessId)));
    if (!insight) return { ok: false, status: 404, msg: INSIGHT_NOT_FOUND_MESSAGE };
    if (insight.paymentComplete || insight.coveredByPlan)
      return { ok: false, status: 409, msg: INSIGHT_ALREADY_PAID_MESSAGE };
    return {
      ok: true,
      referenceId: insight.id,
      amountCents: INSIGHT_PRICE_CENTS,
      productName: INSIGHT_PRODUCT_NAME,
      successPath: `/insight-payment-success?session_id={CHECKOUT_SESSION_ID}&insightId=${encodeURIComponent(insight.id)}`,
      cancelPath: "/paymentStatus?canceled=true&purchaseType=insight",
    };
  },

  fulfil(db, purchase, now) {
    const ref = purchase.referenceId;
    if (!ref) return [];
    // Paid, and a request waiting for its payment becomes submitted (the team's queue; its
    // sentence, insightStatusText, says 'payment was successful'). One conditional UPDATE: a
    // second run matches no row, and a request already further along keeps its status.
    return [
      db
        .update(insightRequests)
        .set({
          paymentComplete: true,
          status: sql`CASE WHEN ${insightRequests.status} = 'awaiting_payment' THEN 'submitted' ELSE ${insightRequests.status} END`,
          submittedAt: sql`CASE WHEN ${insightRequests.status} = 'awaiting_payment' THEN ${now.getTime()} ELSE ${insightRequests.submittedAt} END`,
          updatedAt: now,
        })
        .where(
          and(
            eq(insightRequests.id, ref),
            eq(insightRequests.businessId, purchase.businessId),
            or(eq(insightRequests.paymentComplete, false), eq(insightRequests.status, "awaiting_payment")),
          ),
        ),
    ];
  },
};
