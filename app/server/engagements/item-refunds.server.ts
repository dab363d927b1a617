import { and, eq, getTableColumns, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { deliveryItems, deliveryOutlines, itemRefunds, matchRequests, type DeliveryItem } from "~db/schema";
import { markMatchCompleted } from "~/server/matching/match-status.server";
import type { AppContext } from "~/server/load-context";
import type { DisputeView } from "~/lib/engagements/disputes";
import { itemDisputeColumn } from "./dispute-columns.server";

/**
 * A refunded deliverable stops (issue #18): once the manager's refund of its payment is under way
 * or done (item_refunds pending or succeeded), the consultant cannot deliver it, the business
 * cannot approve it or ask for a revision, and the engagement treats it as settled (like an
 * approved item) so it neither blocks the next prepayment nor the engagement's completion.
 */

/**
 * SQL: the item `itemId` (a value or a column) has a refund under way or done. The one definition
 * of an item "refunded" for what the item may still do: the item rules (`refunded` on its rows),
 * the transfers (none starts for it) and the consultant's earnings (nothing owed for it) all read
 * this; a partial refund (a dispute's split, docs/decisions/079) is not one. The money refunded (receipts, the business's costs, the ledger) is the succeeded refunds
 * only: a pending one lasts the Stripe call, and one interrupted is recovered after
 * STALE_PENDING_MS.
 */
export function refundStarted(itemId: SQLWrapper | string): SQL {
  // A dispute's split refunds part of the charge (partial): the item is approved and paid the rest.
  return sql`EXISTS (SELECT 1 FROM ${itemRefunds} WHERE ${itemRefunds.itemId} = ${itemId} AND ${itemRefunds.status} IN ('pending', 'succeeded') AND ${itemRefunds.partial} = 0)`;
}

/** A select column of a query FROM delivery_items: whether that item is refunded (see refundStarted). */
export const itemRefundedColumn = () =>
  sql<boolean>`${refundStarted(deliveryItems.id)}`.mapWith((value: unknown) => Number(value) === 1).as("refunded");

/** Every column of delivery_items plus `refunded` and its `dispute`: the rows the item rules read. */
export const itemColumnsWithRefundAndDispute = () => ({
  ...getTableColumns(deliveryItems),
  refunded: itemRefundedColumn(),
  dispute: itemDisputeColumn(),
});

export type DeliveryItemWithRefundAndDispute = DeliveryItem & { refunded: boolean; dispute: DisputeView | null };

/**
 * The statements (for the refund's db.batch, after its item_refunds row is marked succeeded) that
 * settle a refunded item in its engagement: the outline no longer points at it as the item in
 * progress, and when every item is now settled (approved or refunded) with at least one approved,
 * the engagement completes (outline complete, its match completed), as the last approval would.
 * An engagement whose every item was refunded delivered nothing: it is not marked complete.
 */
export function settleRefundedItem(app: AppContext, outlineId: string, itemId: string, at: Date) {
  const unsettled = sql`EXISTS (SELECT 1 FROM ${deliveryItems} WHERE ${deliveryItems.outlineId} = ${outlineId} AND ${deliveryItems.status} <> 'approved' AND NOT ${refundStarted(deliveryItems.id)})`;
  const anyApproved = sql`EXISTS (SELECT 1 FROM ${deliveryItems} WHERE ${deliveryItems.outlineId} = ${outlineId} AND ${deliveryItems.status} = 'approved')`;
  return [
    app.db
      .update(deliveryOutlines)
      .set({ activeItemId: null, updatedAt: at })
      .where(and(eq(deliveryOutlines.id, outlineId), eq(deliveryOutlines.activeItemId, itemId))),
    app.db
      .update(deliveryOutlines)
      .set({ complete: true, state: "complete", completedAt: at, activeItemId: null, pausedAt: null, updatedAt: at })
      .where(
        and(
          eq(deliveryOutlines.id, outlineId),
          eq(deliveryOutlines.complete, false),
          sql`NOT ${unsettled}`,
          anyApproved,
          // A retainer ends with its last month only (notice given, that month there; ADR 082).
          sql`(${deliveryOutlines.kind} = 'project' OR EXISTS (SELECT 1 FROM ${deliveryItems} WHERE ${deliveryItems.outlineId} = ${outlineId} AND ${deliveryItems.periodEnd} = ${deliveryOutlines.endsOn}))`,
        ),
      ),
    markMatchCompleted(
      app.db,
      sql`${matchRequests.id} = (SELECT ${deliveryOutlines.matchRequestId} FROM ${deliveryOutlines} WHERE ${deliveryOutlines.id} = ${outlineId} AND ${deliveryOutlines.complete} = 1)`,
      at,
    ),
  ] as const;
}
