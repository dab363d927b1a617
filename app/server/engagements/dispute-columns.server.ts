import { getTableName, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { deliverableDisputes, deliveryItems } from "~db/schema";
import { disputeViewOf, type DisputeView } from "~/lib/engagements/disputes";

/**
 * A select column of a query FROM delivery_items: the item's dispute (docs/decisions/079) as a
 * DisputeView, or null; one subquery by the unique item index, so the pages that read items read
 * their disputes in the same round trip. The item's id is named with its table: drizzle writes a
 * lone table's columns bare in a select list, and a bare "id" inside this subquery would be the
 * dispute's own.
 */
const itemIdColumn = sql`${sql.identifier(getTableName(deliveryItems))}.${sql.identifier(deliveryItems.id.name)}`;

export const itemDisputeColumn = () =>
  sql<DisputeView | null>`(SELECT json_object('status', ${deliverableDisputes.status}, 'reason', ${deliverableDisputes.reason}, 'openedAt', ${deliverableDisputes.openedAt}, 'outcome', ${deliverableDisputes.outcome}, 'chargedCents', ${deliverableDisputes.chargedCents}, 'refundCents', ${deliverableDisputes.refundCents}, 'transferCents', ${deliverableDisputes.transferCents}, 'feeCents', ${deliverableDisputes.feeCents}, 'decision', ${deliverableDisputes.decision}, 'settledAt', ${deliverableDisputes.settledAt}) FROM ${deliverableDisputes} WHERE ${deliverableDisputes.itemId} = ${itemIdColumn})`
    .mapWith(disputeViewOf)
    .as("dispute");

/**
 * SQL: the item `itemId` (a value, or a column of a query that joins tables, so drizzle names it
 * with its table) has a dispute not settled yet: a plain refund waits for its settlement.
 */
export function disputeUnsettled(itemId: SQLWrapper | string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${deliverableDisputes} WHERE ${deliverableDisputes.itemId} = ${itemId} AND ${deliverableDisputes.status} <> 'settled')`;
}

/** SQL: the item's dispute is being settled with a refund of `refundCents` (the settlement's refund claims only then). */
export function disputeSettlingWith(itemId: string, refundCents: number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${deliverableDisputes} WHERE ${deliverableDisputes.itemId} = ${itemId} AND ${deliverableDisputes.status} = 'settling' AND ${deliverableDisputes.refundCents} = ${refundCents})`;
}
