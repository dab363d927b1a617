/**
 * The receipt of one paid one-off purchase (issue #18, #36; docs/decisions/051-receipts.md): the
 * document the page, its PDF and the receipt emails show, the card that paid (recorded on the
 * purchase), and the seller. The shared reads of receipted purchases (with what each bought) are
 * here too, for the business's costs and payment history (receipts.server.ts). Scoped by the
 * business: another business's purchase reads as not found.
 */
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import {
  deliveryItems,
  deliveryOutlines,
  insightRequests,
  itemRefunds,
  purchaseRefunds,
  purchases,
  type Business,
  type Purchase,
} from "~db/schema";
import {
  buyerAddress,
  describePurchase,
  receiptNumber,
  type PurchaseSubject,
  type Receipt,
  type ReceiptRefund,
} from "~/lib/payouts/receipts";
import type { AppContext } from "~/server/load-context";
import { paymentProvider } from "./provider/factory.server";
import type { PaymentCard } from "./provider/types";

export type { Receipt, ReceiptRefund } from "~/lib/payouts/receipts";

/** Purchases that took the business's money (a receipt exists for them). */
export const RECEIPTED_STATUSES = ["paid", "refunded"] as const satisfies readonly Purchase["status"][];

/**
 * A plan's purchase records the subscription's start (often a free trial: nothing charged, no
 * PaymentIntent); its charges are Stripe's invoices, which the billing portal (Manage Payment)
 * shows. So receipts and the history cover the one-off payments only.
 */
export const oneOffPayment = ne(purchases.kind, "subscription");

const subjectColumns = {
  itemTitle: deliveryItems.title,
  outlineId: deliveryItems.outlineId,
  outlineTitle: deliveryOutlines.title,
  insightCategory: insightRequests.category,
};

const purchaseColumns = {
  id: purchases.id,
  kind: purchases.kind,
  referenceId: purchases.referenceId,
  amountCents: purchases.amountCents,
  currency: purchases.currency,
  status: purchases.status,
  paidAt: purchases.paidAt,
  updatedAt: purchases.updatedAt,
  stripePaymentIntentId: purchases.stripePaymentIntentId,
  cardBrand: purchases.cardBrand,
  cardLast4: purchases.cardLast4,
  taxCents: purchases.taxCents,
  duplicateOfPurchaseId: purchases.duplicateOfPurchaseId,
  ...subjectColumns,
};

/**
 * The joins that say what a purchase bought: its deliverable (and that deliverable's engagement) or
 * its insight, each only when it is the business's own. `query` must already have `purchases` in
 * it; the subject's columns (subjectColumns) read null where the purchase bought neither.
 */
export function joinPurchaseSubjects<Q extends SQLiteSelect>(query: Q, businessId: string) {
  return query
    .leftJoin(
      deliveryItems,
      and(
        eq(purchases.kind, "delivery_item"),
        eq(deliveryItems.id, purchases.referenceId),
        eq(deliveryItems.businessId, businessId),
      ),
    )
    .leftJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .leftJoin(
      insightRequests,
      and(
        eq(purchases.kind, "insight"),
        eq(insightRequests.id, purchases.referenceId),
        eq(insightRequests.businessId, businessId),
      ),
    );
}

/** The business's receipted purchases with what each bought (the item and engagement, or the insight). */
export function receiptedPurchases(app: AppContext, businessId: string) {
  return joinPurchaseSubjects(app.db.select(purchaseColumns).from(purchases).$dynamic(), businessId);
}

export const subjectOf = (row: { kind: Purchase["kind"]; referenceId: string | null } & PurchaseSubjectColumns) =>
  describePurchase({
    kind: row.kind,
    referenceId: row.referenceId,
    itemTitle: row.itemTitle,
    outlineId: row.outlineId,
    outlineTitle: row.outlineTitle,
    insightCategory: row.insightCategory,
  } satisfies PurchaseSubject);

type PurchaseSubjectColumns = Omit<PurchaseSubject, "kind" | "referenceId">;

/** What one of the business's purchases bought, in words, and where it is (null: not its purchase). */
export async function describeOwnPurchase(
  app: AppContext,
  businessId: string,
  purchaseId: string,
): Promise<{ description: string; href: string | null } | null> {
  const [row] = await receiptedPurchases(app, businessId)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.businessId, businessId)))
    .limit(1);
  return row ? subjectOf(row) : null;
}

/** The business a receipt is made out to: its name and address. */
export type ReceiptBusiness = Pick<Business, "id" | "name" | "city" | "state">;

/**
 * The receipt of one of the business's paid (or since refunded) one-off purchases, or null when
 * the purchase is unknown, another business's, never paid, or a plan's (its invoices are Stripe's).
 * Two queries in parallel (one round trip). The card that paid is recorded on the purchase when
 * its receipt is emailed; a purchase paid before that (or whose provider call failed) is asked of
 * the provider once here and recorded (rememberPaymentCard), and shows "Card (details not
 * available)" while the provider cannot tell.
 */
export async function loadReceipt(
  app: AppContext,
  business: ReceiptBusiness,
  purchaseId: string,
  /** false: do not ask the provider for a card not recorded (the caller just did). */
  options: { lookUpCard?: boolean } = {},
): Promise<Receipt | null> {
  const [rows, refundRows] = await Promise.all([
    receiptedPurchases(app, business.id)
      .where(
        and(
          eq(purchases.id, purchaseId),
          eq(purchases.businessId, business.id),
          inArray(purchases.status, RECEIPTED_STATUSES),
          oneOffPayment,
        ),
      )
      .limit(1),
    // Its refunds: a manager's (item_refunds) and the automatic one of a duplicate (purchase_refunds).
    app.db
      .select({
        id: itemRefunds.id,
        amountCents: itemRefunds.amountCents,
        updatedAt: itemRefunds.updatedAt,
        stripeRefundId: itemRefunds.stripeRefundId,
        reason: sql<ReceiptRefund["reason"]>`'refund'`.as("reason"),
      })
      .from(itemRefunds)
      .where(
        and(
          eq(itemRefunds.purchaseId, purchaseId),
          eq(itemRefunds.businessId, business.id),
          eq(itemRefunds.status, "succeeded"),
        ),
      )
      .unionAll(
        app.db
          .select({
            id: purchaseRefunds.id,
            amountCents: purchaseRefunds.amountCents,
            updatedAt: purchaseRefunds.updatedAt,
            stripeRefundId: purchaseRefunds.stripeRefundId,
            reason: sql<ReceiptRefund["reason"]>`'duplicate_payment'`.as("reason"),
          })
          .from(purchaseRefunds)
          .where(
            and(
              eq(purchaseRefunds.purchaseId, purchaseId),
              eq(purchaseRefunds.businessId, business.id),
              eq(purchaseRefunds.reason, "duplicate_payment"),
              eq(purchaseRefunds.status, "succeeded"),
            ),
          ),
      ),
  ]);
  const row = rows[0];
  if (!row || (row.status !== "paid" && row.status !== "refunded")) return null;
  const card =
    row.cardBrand && row.cardLast4
      ? { brand: row.cardBrand, last4: row.cardLast4 }
      : options.lookUpCard === false
        ? null
        : await rememberPaymentCard(app, row.id, row.stripePaymentIntentId);
  const paidAt = row.paidAt ?? row.updatedAt;
  const refunds = refundRows
    .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
    .map((refund) => ({
      id: refund.id,
      amountCents: refund.amountCents,
      refundedAt: refund.updatedAt.toISOString(),
      reference: refund.stripeRefundId,
      reason: refund.reason,
    }));
  const refundedCents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  const { description, href } = subjectOf(row);
  const taxCents = Math.min(Math.max(row.taxCents ?? 0, 0), row.amountCents);
  return {
    purchaseId: row.id,
    number: receiptNumber(row.id, paidAt),
    seller: sellerOf(app),
    buyer: { name: business.name, address: buyerAddress(business) },
    description,
    href,
    amountCents: row.amountCents,
    taxCents,
    subtotalCents: row.amountCents - taxCents,
    currency: row.currency,
    status: row.status,
    paidAt: paidAt.toISOString(),
    card,
    paymentReference: row.stripePaymentIntentId,
    duplicateOf: row.duplicateOfPurchaseId,
    refunds,
    refundedCents,
    netCents: row.amountCents - refundedCents,
  };
}

/** The seller every receipt names (SELLER_LEGAL_NAME and SELLER_ADDRESS). */
export function sellerOf(app: AppContext): Receipt["seller"] {
  return { name: app.env.SELLER_LEGAL_NAME, address: app.env.SELLER_ADDRESS };
}

/**
 * Asks the provider which card paid the purchase (its PaymentIntent's charge) and records it on
 * the purchase (only while none is recorded); with `taxCents` (the session's amount_tax) the tax
 * too. Answers the card, or null when there is no PaymentIntent, the provider does not name a card
 * or cannot be reached (logged: the receipt then says the details are not available).
 */
export async function rememberPaymentCard(
  app: AppContext,
  purchaseId: string,
  paymentIntentId: string | null,
  taxCents?: number | null,
): Promise<PaymentCard | null> {
  let card: PaymentCard | null = null;
  if (paymentIntentId) {
    try {
      card = await paymentProvider(app).retrievePaymentCard(paymentIntentId);
    } catch (error) {
      console.warn(`receipts: the card of purchase ${purchaseId} could not be read:`, error);
    }
  }
  const tax = typeof taxCents === "number" && Number.isInteger(taxCents) && taxCents >= 0 ? taxCents : null;
  if (card || tax !== null) {
    await app.db
      .update(purchases)
      .set({
        ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
        ...(tax !== null ? { taxCents: tax } : {}),
      })
      .where(and(eq(purchases.id, purchaseId), card ? isNull(purchases.cardBrand) : isNull(purchases.taxCents)));
  }
  return card;
}
