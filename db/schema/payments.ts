/** Payments: purchases, processed Stripe events and the built-in test checkout's objects (used only while STRIPE_SECRET_KEY is unset). */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, currency, id, timestamp, updatedAt } from "./columns";
import { LOCAL_STRIPE_OBJECT_TYPES, PURCHASE_KINDS, PURCHASE_STATUSES } from "../enums";
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
  },
  (t) => [
    uniqueIndex("purchases_stripe_checkout_session_id_unique").on(t.stripeCheckoutSessionId),
    uniqueIndex("purchases_idempotency_key_unique").on(t.idempotencyKey),
    index("purchases_business_id_idx").on(t.businessId, t.createdAt),
    index("purchases_kind_reference_idx").on(t.kind, t.referenceId),
    index("purchases_stripe_payment_intent_id_idx").on(t.stripePaymentIntentId),
    check("purchases_amount_nonnegative", sql`amount_cents >= 0`),
  ],
);

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

export type Purchase = typeof purchases.$inferSelect;

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
