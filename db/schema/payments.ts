/** Payments: purchases, processed Stripe events and the built-in test checkout's objects (used only while STRIPE_SECRET_KEY is unset). */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, currency, id, timestamp, updatedAt } from "./columns";
import {
  LOCAL_STRIPE_OBJECT_TYPES,
  PURCHASE_KINDS,
  PURCHASE_REFUND_REASONS,
  PURCHASE_REFUND_STATUSES,
  PURCHASE_STATUSES,
} from "../enums";
import { users } from "./identity";

export const purchases = sqliteTable(
  "purchases",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: PURCHASE_KINDS }).notNull(),
    /**
     * What was bought: the insight request id, delivery item id, benchmarking year ('2026') or
     * the plan lookup key ('STANDARD_PLAN_MONTHLY'). Polymorphic, so no foreign key.
     */
    referenceId: text("reference_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: currency(),
    status: text("status", { enum: PURCHASE_STATUSES }).notNull().default("pending"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** Sent to Stripe as the Idempotency-Key so a double click makes one Checkout session. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** When the Checkout Session stops being payable (Stripe's expires_at), once it exists. */
    checkoutExpiresAt: timestamp("checkout_expires_at"),
    /**
     * A second payment for what another purchase already paid (a race with the provider): the
     * purchase it duplicates. Such a purchase delivers nothing and is refunded automatically
     * (purchase_refunds, reason duplicate_payment).
     */
    duplicateOfPurchaseId: text("duplicate_of_purchase_id").references((): AnySQLiteColumn => purchases.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at"),
    /**
     * The card that paid, as the provider reports its charge (`payment_method_details.card`): the
     * brand ('visa', 'mastercard', …) and the last 4 digits, recorded when the receipt is made
     * (docs/decisions/051-receipts.md); null until then, or for a payment by other means.
     */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** The sales tax in amount_cents, from the Checkout Session's total_details.amount_tax; null when unknown. */
    taxCents: integer("tax_cents"),
    /**
     * A charge of the card on file (docs/decisions/082): the Stripe Invoice (in_…) that charges it,
     * instead of a Checkout Session. Stored once (a conditional update) before the invoice is paid.
     */
    stripeInvoiceId: text("stripe_invoice_id"),
    /** The invoice's hosted page, where the business pays it another way after a decline. */
    invoiceUrl: text("invoice_url"),
    /** The card on file's last decline for this purchase (Stripe's message), and when it was. */
    declineMessage: text("decline_message"),
    declinedAt: timestamp("declined_at"),
    /** Stripe's attempt count at the last recorded decline: each attempt is told to the business once. */
    declineAttempts: integer("decline_attempts"),
    /**
     * Partwise's own attempts to pay the invoice (claimed one at a time by a conditional update): the
     * pay call's Idempotency-Key names it, so a double click is one attempt and a later click another.
     */
    chargeAttempts: integer("charge_attempts").notNull().default(0),
    /** When Stripe tries the card again (its Smart Retries' next_payment_attempt); null when it will not. */
    retryAt: timestamp("retry_at"),
  },
  (t) => [
    // One open checkout per thing bought: at most one pending purchase per business and
    // reference of a one-off kind, and one pending subscription checkout per business (ADR 010).
    uniqueIndex("purchases_one_open_checkout")
      .on(t.businessId, t.kind, t.referenceId)
      .where(sql`status = 'pending' AND kind <> 'subscription'`),
    uniqueIndex("purchases_one_open_subscription_checkout")
      .on(t.businessId)
      .where(sql`status = 'pending' AND kind = 'subscription'`),
    uniqueIndex("purchases_stripe_checkout_session_id_unique").on(t.stripeCheckoutSessionId),
    uniqueIndex("purchases_idempotency_key_unique").on(t.idempotencyKey),
    uniqueIndex("purchases_stripe_invoice_id_unique").on(t.stripeInvoiceId),
    index("purchases_business_id_idx").on(t.businessId, t.createdAt),
    index("purchases_kind_reference_idx").on(t.kind, t.referenceId),
    index("purchases_stripe_payment_intent_id_idx").on(t.stripePaymentIntentId),
    check("purchases_amount_nonnegative", sql`amount_cents >= 0`),
  ],
);

/**
 * The business's card on file (docs/decisions/082): the card saved at its first prepayment of an
 * engagement (Checkout with setup_future_usage off_session) and made its Stripe customer's default
 * for invoices; later deliverables are charged to it. Kept current by `customer.updated` (the
 * business changes it in Stripe's customer portal). One per business (one Stripe customer).
 */
export const cardsOnFile = sqliteTable("cards_on_file", {
  businessId: text("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull(),
  stripePaymentMethodId: text("stripe_payment_method_id").notNull(),
  /** Stripe's brand ('visa', 'mastercard', …) and the last 4 digits. */
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  updatedAt: updatedAt(),
});

export type CardOnFileRow = typeof cardsOnFile.$inferSelect;

/** Webhook de-duplication: insert the event id with ON CONFLICT DO NOTHING, act only if inserted. */
export const stripeEvents = sqliteTable("stripe_events", {
  /** Stripe's event id (evt_...). */
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** 'ignored': verified but not about anything Partwise made (an unknown type, a foreign session). */
  outcome: text("outcome", { enum: ["processed", "ignored"] })
    .notNull()
    .default("processed"),
  processedAt: timestamp("processed_at")
    .notNull()
    .$defaultFn(() => new Date()),
});

/**
 * Refunds Partwise makes on its own (ADR 010): a second payment for something already paid
 * (reason duplicate_payment, one per purchase) and a second subscription cancelled with what it
 * charged refunded (duplicate_subscription, one per subscription). Claimed by inserting the row
 * (pending), settled with the provider's refund id; a failed or interrupted one is tried again
 * under the same Idempotency-Key. The manager's refunds of deliverables are item_refunds.
 */
export const purchaseRefunds = sqliteTable(
  "purchase_refunds",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** The refunded purchase (null for a subscription Partwise never sold through a checkout). */
    purchaseId: text("purchase_id").references(() => purchases.id, { onDelete: "cascade" }),
    /** The cancelled subscription (duplicate_subscription only). */
    subscriptionId: text("subscription_id"),
    reason: text("reason", { enum: PURCHASE_REFUND_REASONS }).notNull(),
    /** What was refunded (0 when nothing had been charged, e.g. a subscription still in its trial). */
    amountCents: integer("amount_cents").notNull().default(0),
    status: text("status", { enum: PURCHASE_REFUND_STATUSES }).notNull().default("pending"),
    stripeRefundId: text("stripe_refund_id"),
    /**
     * The PaymentIntent refunded (pi_…): the purchase's own for a duplicate payment, the charge
     * of the cancelled subscription's invoice for a duplicate subscription (a plan's purchase
     * records none). Its card is the one the refund receipt names, also when the daily sweep
     * re-sends it. Null while nothing was charged (a trial), or for rows recorded before it was kept.
     */
    paymentIntentId: text("payment_intent_id"),
    failureMessage: text("failure_message"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("purchase_refunds_purchase_reason_unique").on(t.purchaseId, t.reason),
    uniqueIndex("purchase_refunds_subscription_unique").on(t.subscriptionId),
    index("purchase_refunds_business_idx").on(t.businessId, t.status),
    index("purchase_refunds_status_idx").on(t.status, t.updatedAt),
    check("purchase_refunds_amount_nonnegative", sql`amount_cents >= 0`),
  ],
);

export type Purchase = typeof purchases.$inferSelect;

export type PurchaseRefund = typeof purchaseRefunds.$inferSelect;

export type NewPurchase = typeof purchases.$inferInsert;

export type StripeEvent = typeof stripeEvents.$inferSelect;

export type NewStripeEvent = typeof stripeEvents.$inferInsert;

/**
 * The objects of the built-in test checkout, shaped like Stripe's (id prefixes cus_, cs_test_,
 * sub_, bps_) and stored as JSON, so the local provider answers exactly what Stripe would.
 */
export const localStripeObjects = sqliteTable(
  "local_stripe_objects",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: LOCAL_STRIPE_OBJECT_TYPES }).notNull(),
    /** The Stripe customer the object belongs to (null for a customer itself). */
    customerId: text("customer_id"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("local_stripe_objects_customer_idx").on(t.customerId, t.type)],
);

export type LocalStripeObject = typeof localStripeObjects.$inferSelect;
