/** Transfers (issue #18): what each approved deliverable pays its consultant, and refunds of prepaid deliverables. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CONSULTANT_TRANSFER_STATUSES, ITEM_REFUND_STATUSES } from "../enums";
import { businesses } from "./business";
import { bool, createdAt, id, timestamp, updatedAt } from "./columns";
import { deliveryItems, deliveryOutlines } from "./engagements";
import { users } from "./identity";
import { purchases } from "./payments";

/**
 * One transfer per approved deliverable (unique item_id): the item's price less the platform fee,
 * sent to the consultant's connected account with the Idempotency-Key `transfer-item-{itemId}`.
 * held: the consultant's payouts are not enabled yet; pending: the transfer call is under way;
 * paid: Stripe made it; failed: Stripe refused it (the manager can retry); reversed: taken back.
 */
export const consultantTransfers = sqliteTable(
  "consultant_transfers",
  {
    id: id(),
    itemId: text("item_id")
      .notNull()
      .references(() => deliveryItems.id, { onDelete: "cascade" }),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    consultantUserId: text("consultant_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purchaseId: text("purchase_id").references(() => purchases.id, { onDelete: "set null" }),
    /** What the business paid for the item. */
    chargedCents: integer("charged_cents").notNull(),
    /** The platform's fee: round-half-up of charged × PLATFORM_FEE_PERCENT / 100. */
    feeCents: integer("fee_cents").notNull(),
    /** What the consultant gets: charged − fee. */
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: CONSULTANT_TRANSFER_STATUSES }).notNull().default("held"),
    stripeTransferId: text("stripe_transfer_id"),
    stripeReversalId: text("stripe_reversal_id"),
    failureMessage: text("failure_message"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at"),
    reversedAt: timestamp("reversed_at"),
  },
  (t) => [
    uniqueIndex("consultant_transfers_item_unique").on(t.itemId),
    index("consultant_transfers_consultant_idx").on(t.consultantUserId, t.status),
    // The console's Transfers page and its count of transfers to retry read by state across consultants.
    index("consultant_transfers_status_idx").on(t.status, t.updatedAt),
    index("consultant_transfers_outline_idx").on(t.outlineId),
    index("consultant_transfers_business_idx").on(t.businessId),
    check(
      "consultant_transfers_amounts",
      sql`fee_cents >= 0 AND amount_cents >= 0 AND charged_cents = fee_cents + amount_cents`,
    ),
  ],
);

/** One refund per prepaid deliverable (unique item_id), made by the engagement manager. */
export const itemRefunds = sqliteTable(
  "item_refunds",
  {
    id: id(),
    itemId: text("item_id")
      .notNull()
      .references(() => deliveryItems.id, { onDelete: "cascade" }),
    outlineId: text("outline_id")
      .notNull()
      .references(() => deliveryOutlines.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    purchaseId: text("purchase_id")
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /**
     * Part of the charge, by a dispute's split (docs/decisions/079): the item stays approved and its
     * transfer is the rest less the fee; a full refund (partial = 0) stops the item (refundStarted).
     */
    partial: bool("partial").notNull().default(false),
    status: text("status", { enum: ITEM_REFUND_STATUSES }).notNull().default("pending"),
    stripeRefundId: text("stripe_refund_id"),
    failureMessage: text("failure_message"),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("item_refunds_item_unique").on(t.itemId),
    index("item_refunds_outline_idx").on(t.outlineId),
    index("item_refunds_business_idx").on(t.businessId),
    // The money desk's refunds under way (pending or failed) and its counts (docs/decisions/080).
    index("item_refunds_status_idx").on(t.status, t.updatedAt),
    check("item_refunds_amount_positive", sql`amount_cents >= 0`),
  ],
);

export type ConsultantTransfer = typeof consultantTransfers.$inferSelect;
export type ItemRefund = typeof itemRefunds.$inferSelect;
