import { and, eq, isNull, or, sql } from "drizzle-orm";
import { deliveryItemDecisions, deliveryItems, deliveryOutlines } from "~db/schema";
import {
  NOTHING_TO_PREPAY,
  PREPAY_ENGAGEMENT_COMPLETE,
  PREPAY_ITEM_IN_PROGRESS,
  PREPAY_NEEDS_SIGNATURE,
  PREPAY_OUT_OF_ORDER,
} from "~/lib/engagements/engagement-copy";
import { isItemSettled, nextItemToPrepay, signedForCurrentVersion } from "~/lib/engagements/engagement-state";
import { itemColumnsWithRefundAndDispute } from "./item-refunds.server";
import { ITEM_ALREADY_PAID_MESSAGE, ITEM_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import { deliveryItemProductName } from "~/lib/payments/plans";
import type { Purchasable } from "~/server/payments/purchasable";
import { notifyDeliverable } from "./deliverable-notices.server";

/** Item statuses a payment turns into 'active' (the one being worked on). */
const PAYABLE_STATUSES = sql`('upcoming', 'awaiting_payment', 'paused')`;

/**
 * A delivery item of an engagement's outline, paid at its own price. Only the item
 * nextItemToPrepay names may be bought: the current version is signed, nothing paid is still in
 * progress, and it is the first unpaid item in plan order.
 */
export const deliveryItemPurchasable: Purchasable<"delivery_item"> = {
  kind: "delivery_item",
  // The first deliverable's checkout saves the card; the later ones are charged to it (ADR 082).
  savesCard: true,

  async describe(app, businessId, { itemId, outlineId }) {
    const [outlines, items] = await app.db.batch([
      app.db
        .select()
        .from(deliveryOutlines)
        .where(and(eq(deliveryOutlines.id, outlineId), eq(deliveryOutlines.businessId, businessId))),
      // With `refunded`: a refunded item is settled and does not hold up the next one (issue #18).
      app.db
        .select(itemColumnsWithRefundAndDispute())
        .from(deliveryItems)
        .where(and(eq(deliveryItems.outlineId, outlineId), eq(deliveryItems.businessId, businessId))),
    ]);
    const outline = outlines[0];
    const item = items.find((row) => row.id === itemId);
    if (!outline || !item) return { ok: false, status: 404, msg: ITEM_NOT_FOUND_MESSAGE };
    if (item.paidPurchaseId) return { ok: false, status: 409, msg: ITEM_ALREADY_PAID_MESSAGE };
    const next = nextItemToPrepay(outline, items);
    if (next?.id !== item.id) {
      const msg =
        outline.complete || outline.state === "complete"
          ? PREPAY_ENGAGEMENT_COMPLETE
          : !signedForCurrentVersion(outline)
            ? PREPAY_NEEDS_SIGNATURE
            : items.some((row) => row.paidPurchaseId !== null && !isItemSettled(row))
              ? PREPAY_ITEM_IN_PROGRESS
              : next
                ? PREPAY_OUT_OF_ORDER
                : NOTHING_TO_PREPAY;
      return { ok: false, status: 409, msg };
    }
    const query = `itemId=${encodeURIComponent(item.id)}&outlineId=${encodeURIComponent(item.outlineId)}`;
    return {
      ok: true,
      referenceId: item.id,
      amountCents: item.priceCents,
      productName: deliveryItemProductName(item.title),
      title: item.title,
      successPath: `/delivery-item-payment-success?success=true&session_id={CHECKOUT_SESSION_ID}&${query}`,
      cancelPath: "/paymentStatus?canceled=true&purchaseType=deliveryItem",
    };
  },

  /**
   * The item is paid and becomes the one being worked on; its outline's active item, with any
   * pause cleared. Both statements are conditional, so a replay (a second webhook, the success
   * page) changes nothing, and a late replay after the item was approved does not make it active
   * again.
   */
  fulfil(db, purchase, now) {
    const ref = purchase.referenceId;
    if (!ref) return [];
    return [
      db
        .update(deliveryItems)
        .set({
          paidPurchaseId: purchase.id,
          status: sql`CASE WHEN ${deliveryItems.status} IN ${PAYABLE_STATUSES} THEN 'active' ELSE ${deliveryItems.status} END`,
          updatedAt: now,
        })
        .where(
          and(
            eq(deliveryItems.id, ref),
            eq(deliveryItems.businessId, purchase.businessId),
            isNull(deliveryItems.paidPurchaseId),
          ),
        ),
      db
        .update(deliveryOutlines)
        .set({ activeItemId: ref, pausedAt: null, updatedAt: now })
        .where(
          and(
            eq(deliveryOutlines.businessId, purchase.businessId),
            sql`${deliveryOutlines.id} = (SELECT outline_id FROM delivery_items WHERE id = ${ref} AND business_id = ${purchase.businessId} AND paid_purchase_id = ${purchase.id} AND status IN ('active', 'delivered', 'revision'))`,
            or(sql`${deliveryOutlines.activeItemId} IS NOT ${ref}`, sql`${deliveryOutlines.pausedAt} IS NOT NULL`),
          ),
        ),
      // A "prepay the next" decision's follow-up is this payment: it is carried out now.
      db
        .update(deliveryItemDecisions)
        .set({ complete: true })
        .where(
          and(
            eq(deliveryItemDecisions.businessId, purchase.businessId),
            eq(deliveryItemDecisions.decisionAction, "prepay"),
            eq(deliveryItemDecisions.complete, false),
            sql`${deliveryItemDecisions.outlineId} = (SELECT outline_id FROM delivery_items WHERE id = ${ref} AND business_id = ${purchase.businessId} AND paid_purchase_id = ${purchase.id})`,
          ),
        ),
    ];
  },

  async afterFulfil(app, purchase, origin) {
    if (purchase.referenceId) await notifyDeliverable(app, origin, purchase.referenceId, ["item_paid"]);
  },

  async afterDecline(app, purchase, card, origin) {
    if (!purchase.referenceId) return;
    await notifyDeliverable(app, origin, purchase.referenceId, ["item_payment_declined"], {
      decline: { amountCents: purchase.amountCents, card, retryAt: purchase.retryAt },
    });
  },
};
