import { and, eq, inArray, or, sql } from "drizzle-orm";
import { deliveryItems, deliveryOutlines, type DeliveryOutline } from "~db/schema";
import { ITEM_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import type { AppContext } from "~/server/load-context";
import { confirmCheckout, type CheckoutFailure, type CheckoutViewer } from "~/server/payments/checkout.server";

/**
 * PUT /api/delivery-outline/change-active-item: once the item's session is paid (fulfilled), the
 * item becomes the outline's active item and a pause ends. The webhook's fulfilment does the same,
 * so usually this finds it done; the UPDATE is conditional (the item still in progress, something
 * to change), so a replay changes nothing and a late call after the item was approved does not
 * make it active again. Answers the outline as it stands.
 */
export async function changeActiveItem(
  app: AppContext,
  viewer: CheckoutViewer,
  input: { itemId: string; outlineId: string; sessionId: string },
  origin: string | null = app.env.APP_URL ?? null,
): Promise<{ ok: true; outline: DeliveryOutline } | CheckoutFailure> {
  const [item] = await app.db
    .select({ id: deliveryItems.id })
    .from(deliveryItems)
    .where(
      and(
        eq(deliveryItems.id, input.itemId),
        eq(deliveryItems.outlineId, input.outlineId),
        eq(deliveryItems.businessId, viewer.business.id),
      ),
    );
  if (!item) return { ok: false, status: 404, msg: ITEM_NOT_FOUND_MESSAGE };
  const confirmed = await confirmCheckout(
    app,
    viewer,
    input.sessionId,
    { kind: "delivery_item", referenceId: item.id },
    origin,
  );
  if (!confirmed.ok) return confirmed;
  const own = and(eq(deliveryOutlines.id, input.outlineId), eq(deliveryOutlines.businessId, viewer.business.id));
  const inProgress = app.db
    .select({ id: deliveryItems.id })
    .from(deliveryItems)
    .where(
      and(
        eq(deliveryItems.id, item.id),
        eq(deliveryItems.paidPurchaseId, confirmed.purchase.id),
        inArray(deliveryItems.status, ["active", "delivered", "revision"]),
      ),
    );
  const [, [outline]] = await app.db.batch([
    app.db
      .update(deliveryOutlines)
      .set({ activeItemId: item.id, pausedAt: null, updatedAt: app.now() })
      .where(
        and(
          own,
          sql`EXISTS ${inProgress}`,
          or(sql`${deliveryOutlines.activeItemId} IS NOT ${item.id}`, sql`${deliveryOutlines.pausedAt} IS NOT NULL`),
        ),
      ),
    app.db.select().from(deliveryOutlines).where(own),
  ]);
  if (!outline) return { ok: false, status: 404, msg: ITEM_NOT_FOUND_MESSAGE };
  return { ok: true, outline };
}
