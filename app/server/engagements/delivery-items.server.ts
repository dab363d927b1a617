import { and, eq } from "drizzle-orm";
import { deliveryItems, deliveryOutlines, type DeliveryOutline } from "~db/schema";
import { ITEM_NOT_FOUND_MESSAGE } from "~/lib/payments/payment-copy";
import type { AppContext } from "~/server/load-context";
import { confirmCheckout, type CheckoutFailure, type CheckoutViewer } from "~/server/payments/checkout.server";

/**
 * PUT /api/delivery-outline/change-active-item: once the item's session is paid (fulfilled), the
 * item becomes the outline's active item. Answers the outline.
 */
export async function changeActiveItem(
  app: AppContext,
  viewer: CheckoutViewer,
  input: { deliveryItemId: string; deliveryOutlineId: string; sessionId: string },
): Promise<{ ok: true; outline: DeliveryOutline } | CheckoutFailure> {
  const [item] = await app.db
    .select({ id: deliveryItems.id })
    .from(deliveryItems)
    .where(
      and(
        eq(deliveryItems.id, input.deliveryItemId),
        eq(deliveryItems.outlineId, input.deliveryOutlineId),
        eq(deliveryItems.businessId, viewer.business.id),
      ),
    );
  if (!item) return { ok: false, status: 404, msg: ITEM_NOT_FOUND_MESSAGE };
  const confirmed = await confirmCheckout(app, viewer, input.sessionId, {
    kind: "delivery_item",
    referenceId: item.id,
  });
  if (!confirmed.ok) return confirmed;
  const [outline] = await app.db
    .update(deliveryOutlines)
    .set({ activeItemId: item.id, updatedAt: app.now() })
    .where(and(eq(deliveryOutlines.id, input.deliveryOutlineId), eq(deliveryOutlines.businessId, viewer.business.id)))
    .returning();
  if (!outline) return { ok: false, status: 404, msg: ITEM_NOT_FOUND_MESSAGE };
  return { ok: true, outline };
}
