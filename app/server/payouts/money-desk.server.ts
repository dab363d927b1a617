import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import {
  businesses,
  consultantTransfers,
  deliverableDisputes,
  deliveryItems,
  deliveryOutlines,
  itemRefunds,
  purchaseRefunds,
  purchases,
} from "~db/schema";
import type { DISPUTE_STATUSES, ITEM_REFUND_STATUSES, PURCHASE_KINDS, PURCHASE_REFUND_REASONS } from "~db/enums";
import { autoAcceptanceAt } from "~/lib/engagements/review-deadlines";
import { nearAcceptanceCutoff } from "~/lib/payouts/money-desk-rules";
import { STALE_PENDING_MS } from "~/lib/payouts/transfer-rules";
import type { AppContext } from "~/server/load-context";
import { refundStarted } from "~/server/engagements/item-refunds.server";
import { loadConsoleTransfers, type ConsoleTransfers } from "./console-transfers.server";

/**
 * The managers' money desk, /manage/money (issue #40 item 4, docs/decisions/080): what needs a
 * manager across every engagement, read only. Disputes to settle (settled on the engagement's
 * page), the transfers of the Transfers page (failed or interrupted, held, recently paid), the
 * deliveries the daily run will accept within NEAR_ACCEPTANCE_DAYS (app/lib/payouts/money-desk-rules.ts), and the refunds not yet done
 * (the manager's refunds of deliverables and Partwise's refunds of duplicate payments).
 */

/**
 * A delivery still waiting for review (as the daily run reads it, review-deadlines.server.ts): the
 * state as literals so SQLite reads it from the partial index delivery_items_waiting_review_idx.
 */
const waitingForReview = sql`${deliveryItems.status} = 'delivered' AND ${deliveryItems.businessDeliveryReview} = 'pending' AND NOT ${refundStarted(deliveryItems.id)}`;

/** Refunds not done: under way (the provider's call) or refused (with its message). */
const UNFINISHED_REFUNDS = ["pending", "failed"] as const;

/** Disputes a manager has to settle (or whose settlement is under way). */
const UNSETTLED_DISPUTES = ["open", "settling"] as const;

export type DisputeToSettle = {
  disputeId: string;
  itemId: string;
  outlineId: string;
  businessName: string;
  engagementTitle: string;
  deliverable: string;
  /** What the business paid for the deliverable (its paid purchase); null when nothing was charged. */
  chargedCents: number | null;
  openedAt: Date;
  /** Open; settling; or settling and stopped by its failed refund (the manager finishes it). */
  status: Exclude<(typeof DISPUTE_STATUSES)[number], "settled"> | "refund_failed";
};

export type NearAcceptance = {
  itemId: string;
  outlineId: string;
  businessName: string;
  engagementTitle: string;
  deliverable: string;
  deliveredAt: Date;
  /** autoAcceptanceAt(deliveredAt): the daily run that accepts it (past when the next run will). */
  acceptsAt: Date;
};

export type RefundUnderWay = {
  key: string;
  kind: "item" | (typeof PURCHASE_REFUND_REASONS)[number];
  businessName: string;
  /** The deliverable refunded (item refunds, and duplicate payments of a deliverable). */
  deliverable: string | null;
  /** A refund of part of the charge (a dispute's split). */
  partial: boolean;
  amountCents: number;
  status: Exclude<(typeof ITEM_REFUND_STATUSES)[number], "succeeded">;
  failureMessage: string | null;
  since: Date;
  /** The engagement behind it, when there is one (the link). */
  outlineId: string | null;
  /** An insight request paid twice (the link to the request). */
  insightRequestId: string | null;
};

export type MoneyDesk = ConsoleTransfers & {
  disputes: DisputeToSettle[];
  nearAcceptance: NearAcceptance[];
  refunds: RefundUnderWay[];
};

function disputesToSettle(app: AppContext) {
  return app.db
    .select({
      disputeId: deliverableDisputes.id,
      itemId: deliverableDisputes.itemId,
      outlineId: deliverableDisputes.outlineId,
      businessName: businesses.name,
      engagementTitle: deliveryOutlines.title,
      deliverable: deliveryItems.title,
      chargedCents: purchases.amountCents,
      openedAt: deliverableDisputes.openedAt,
      status: deliverableDisputes.status,
      refundStatus: itemRefunds.status,
    })
    .from(deliverableDisputes)
    .innerJoin(deliveryItems, eq(deliveryItems.id, deliverableDisputes.itemId))
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliverableDisputes.outlineId))
    .innerJoin(businesses, eq(businesses.id, deliverableDisputes.businessId))
    .leftJoin(purchases, eq(purchases.id, deliveryItems.paidPurchaseId))
    .leftJoin(itemRefunds, eq(itemRefunds.itemId, deliverableDisputes.itemId))
    .where(inArray(deliverableDisputes.status, UNSETTLED_DISPUTES))
    .orderBy(asc(deliverableDisputes.openedAt), asc(deliverableDisputes.id));
}

/** The query of the deliveries near their automatic acceptance (exported for its query plan's test). */
export function nearAcceptanceQuery(app: AppContext, now: Date) {
  return app.db
    .select({
      itemId: deliveryItems.id,
      outlineId: deliveryItems.outlineId,
      businessName: businesses.name,
      engagementTitle: deliveryOutlines.title,
      deliverable: deliveryItems.title,
      deliveredAt: deliveryItems.consultantConfirmedAt,
    })
    .from(deliveryItems)
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .innerJoin(businesses, eq(businesses.id, deliveryItems.businessId))
    .where(and(waitingForReview, lte(deliveryItems.consultantConfirmedAt, nearAcceptanceCutoff(now))))
    .orderBy(asc(deliveryItems.consultantConfirmedAt), asc(deliveryItems.id));
}

function itemRefundsUnderWay(app: AppContext) {
  return app.db
    .select({
      id: itemRefunds.id,
      businessName: businesses.name,
      deliverable: deliveryItems.title,
      outlineId: itemRefunds.outlineId,
      partial: itemRefunds.partial,
      amountCents: itemRefunds.amountCents,
      status: itemRefunds.status,
      failureMessage: itemRefunds.failureMessage,
      createdAt: itemRefunds.createdAt,
    })
    .from(itemRefunds)
    .innerJoin(deliveryItems, eq(deliveryItems.id, itemRefunds.itemId))
    .innerJoin(businesses, eq(businesses.id, itemRefunds.businessId))
    .where(inArray(itemRefunds.status, UNFINISHED_REFUNDS));
}

/** Partwise's own refunds of a second payment or subscription, with what the payment was for. */
function purchaseRefundsUnderWay(app: AppContext) {
  return app.db
    .select({
      id: purchaseRefunds.id,
      businessName: businesses.name,
      reason: purchaseRefunds.reason,
      amountCents: purchaseRefunds.amountCents,
      status: purchaseRefunds.status,
      failureMessage: purchaseRefunds.failureMessage,
      createdAt: purchaseRefunds.createdAt,
      purchaseKind: purchases.kind,
      referenceId: purchases.referenceId,
      deliverable: deliveryItems.title,
      outlineId: deliveryItems.outlineId,
    })
    .from(purchaseRefunds)
    .innerJoin(businesses, eq(businesses.id, purchaseRefunds.businessId))
    .leftJoin(purchases, eq(purchases.id, purchaseRefunds.purchaseId))
    .leftJoin(deliveryItems, and(eq(purchases.kind, "delivery_item"), eq(deliveryItems.id, purchases.referenceId)))
    .where(inArray(purchaseRefunds.status, UNFINISHED_REFUNDS));
}

const unfinished = (status: string): RefundUnderWay["status"] => (status === "failed" ? "failed" : "pending");

const insightOf = (kind: (typeof PURCHASE_KINDS)[number] | null, referenceId: string | null) =>
  kind === "insight" ? referenceId : null;

/**
 * Everything the desk lists: the transfers (loadConsoleTransfers' two queries) and the disputes,
 * near acceptances and refunds, all in parallel: one round trip. Managers only (the route checks).
 */
export async function loadMoneyDesk(app: AppContext): Promise<MoneyDesk> {
  const now = app.now();
  const [transfers, disputes, waiting, itemRows, purchaseRows] = await Promise.all([
    loadConsoleTransfers(app),
    disputesToSettle(app),
    nearAcceptanceQuery(app, now),
    itemRefundsUnderWay(app),
    purchaseRefundsUnderWay(app),
  ]);
  const refunds: RefundUnderWay[] = [
    ...itemRows.map((row) => ({
      key: row.id,
      kind: "item" as const,
      businessName: row.businessName,
      deliverable: row.deliverable,
      partial: row.partial,
      amountCents: row.amountCents,
      status: unfinished(row.status),
      failureMessage: row.failureMessage,
      since: row.createdAt,
      outlineId: row.outlineId,
      insightRequestId: null,
    })),
    ...purchaseRows.map((row) => ({
      key: row.id,
      kind: row.reason,
      businessName: row.businessName,
      deliverable: row.deliverable,
      partial: false,
      amountCents: row.amountCents,
      status: unfinished(row.status),
      failureMessage: row.failureMessage,
      since: row.createdAt,
      outlineId: row.outlineId,
      insightRequestId: insightOf(row.purchaseKind, row.referenceId),
    })),
  ].sort((a, b) => a.since.getTime() - b.since.getTime() || a.key.localeCompare(b.key));
  return {
    ...transfers,
    disputes: disputes.map(({ refundStatus, ...row }) => ({
      ...row,
      status: row.status === "open" ? "open" : refundStatus === "failed" ? "refund_failed" : "settling",
    })),
    nearAcceptance: waiting.flatMap((row) =>
      row.deliveredAt ? [{ ...row, deliveredAt: row.deliveredAt, acceptsAt: autoAcceptanceAt(row.deliveredAt) }] : [],
    ),
    refunds,
  };
}

export type MoneyDeskCounts = {
  disputes: number;
  /** Failed transfers and those interrupted (pending past STALE_PENDING_MS): the desk's "Transfers to retry". */
  transfersToRetry: number;
  /** Transfers waiting for the consultant's payout set-up: the desk's "Held transfers". */
  held: number;
  nearAcceptance: number;
  refunds: number;
};

/**
 * The desk's counts for the console's home and navigation: one statement of scalar subselects,
 * each the count of one of the desk's lists (the same conditions; an integration test checks they
 * agree).
 */
export async function countMoneyDesk(app: AppContext): Promise<MoneyDeskCounts> {
  const now = app.now();
  const staleBefore = now.getTime() - STALE_PENDING_MS;
  const cutoff = nearAcceptanceCutoff(now).getTime();
  const [row] = await app.db.all<MoneyDeskCounts>(sql`SELECT
    (SELECT COUNT(*) FROM ${deliverableDisputes} WHERE ${deliverableDisputes.status} IN ('open', 'settling')) AS disputes,
    (SELECT COUNT(*) FROM ${consultantTransfers} WHERE ${consultantTransfers.status} = 'failed'
      OR (${consultantTransfers.status} = 'pending' AND ${consultantTransfers.updatedAt} < ${staleBefore})) AS transfersToRetry,
    (SELECT COUNT(*) FROM ${consultantTransfers} WHERE ${consultantTransfers.status} = 'held') AS held,
    (SELECT COUNT(*) FROM ${deliveryItems} WHERE ${waitingForReview}
      AND ${deliveryItems.consultantConfirmedAt} <= ${cutoff}) AS nearAcceptance,
    (SELECT COUNT(*) FROM ${itemRefunds} WHERE ${itemRefunds.status} IN ('pending', 'failed'))
      + (SELECT COUNT(*) FROM ${purchaseRefunds} WHERE ${purchaseRefunds.status} IN ('pending', 'failed')) AS refunds`);
  return {
    disputes: Number(row?.disputes ?? 0),
    transfersToRetry: Number(row?.transfersToRetry ?? 0),
    held: Number(row?.held ?? 0),
    nearAcceptance: Number(row?.nearAcceptance ?? 0),
    refunds: Number(row?.refunds ?? 0),
  };
}
