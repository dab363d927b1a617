import { and, eq, isNull, sql } from "drizzle-orm";
import { deliveryItems } from "~db/schema";
import { ITEM_ALREADY_PAID_MESSAGE, ITEM_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import { deliveryItemProductName } from "~/lib/payments/plans";
import type { Purchasable } from "~/server/payments/purchasable";

/** A delivery item of an engagement's outline, paid at its own price. */
export const deliveryItemPurchasable: Purchasable<"delivery_item"> = {
  kind: "delivery_item",

  async describe(app, businessId, { deliveryItemId, deliveryOutlineId }) {
    const [item] = await app.db
      .select()
      .from(deliveryItems)
      .where(
        and(
          eq(deliveryItems.id, deliveryItemId),
          eq(deliveryItems.outlineId, deliveryOutlineId),
          eq(deliveryItems.businessId, businessId),
        ),
      );
    if (!item) return { ok: false, status: 404, msg: ITEM_NOT_FOUND_MESSAGE };
    if (item.paidPurchaseId) return { ok: false, status: 409, msg: ITEM_ALREADY_PAID_MESSAGE };
    const query = `itemId=${encodeURIComponent(item.id)}&outlineId=${encodeURIComponent(item.outlineId)}`;
    return {
      ok: true,
      referenceId: item.id,
      amountCents: item.priceCents,
      productName: deliveryItemProductName(item.title),
      successPath: `/delivery-item-payment-success?success=true&session_id={CHECKOUT_SESSION_ID}&${query}`,
      cancelPath: "/paymentStatus?canceled=true&purchaseType=deliveryItem",
    };
  },

  fulfil(db, purchase, now) {
    const ref = purchase.referenceId;
    if (!ref) return [];
    return [
      db
        .update(deliveryItems)
        .set({
          paidPurchaseId: purchase.id,
          // A prepaid item waiting for its payment becomes the one being worked on.
          status: sql`CASE WHEN ${deliveryItems.status} IN ('upcoming', 'awaiting_payment') THEN 'active' ELSE ${deliveryItems.status} END`,
          updatedAt: now,
        })
        .where(
          and(
            eq(deliveryItems.id, ref),
            eq(deliveryItems.businessId, purchase.businessId),
            isNull(deliveryItems.paidPurchaseId),
          ),
        ),
    ];
  },
};
