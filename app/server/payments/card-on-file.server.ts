// The business's card on file (docs/decisions/082): saved by its first prepayment of an
// engagement's deliverable, made its Stripe customer's default for invoices, and shown beside
// Prepay. The business changes it in Stripe's customer portal; `customer.updated` keeps it current.
import { and, eq, sql } from "drizzle-orm";
import { cardsOnFile, purchases, type Purchase } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { paymentProvider } from "./provider/factory.server";
import { PURCHASABLES } from "./purchasables.server";
import { PaymentProviderError, type Invoice, type SavedCard } from "./provider/types";

export type CardOnFile = { brand: string; last4: string };

/** Writes the business's card on file (a newer one replaces it). */
async function storeCard(app: AppContext, businessId: string, customerId: string, card: SavedCard) {
  const now = app.now();
  const values = {
    stripeCustomerId: customerId,
    stripePaymentMethodId: card.paymentMethodId,
    brand: card.brand,
    last4: card.last4,
    updatedAt: now,
  };
  await app.db
    .insert(cardsOnFile)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: cardsOnFile.businessId, set: values })
    .run();
}

/**
 * After a checkout that saved its card (setup_future_usage off_session) is paid: the card becomes
 * the customer's default for invoices and the business's card on file. Both steps may run again
 * (the webhook and the success page race): they write the same values. A failure is logged and
 * leaves no card on file, so the next deliverable is paid by checkout again (which saves it).
 */
export async function rememberCard(app: AppContext, purchase: Purchase): Promise<void> {
  if (!purchase.stripePaymentIntentId) return;
  try {
    const provider = paymentProvider(app);
    const card = await provider.retrieveSavedCardOfPayment(purchase.stripePaymentIntentId);
    if (!card) return;
    await provider.setDefaultCard(card.customer, card.paymentMethodId);
    await storeCard(app, purchase.businessId, card.customer, card);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(`payments: the card of purchase ${purchase.id} was not saved: ${error.message}`);
  }
}

/**
 * `customer.updated` (the business changed its card in the customer portal): the customer's
 * default card, read from Stripe, replaces the card on file of the business that has it. Answers
 * whether a business has this customer's card on file.
 */
export async function syncCardOfCustomer(app: AppContext, customerId: string): Promise<boolean> {
  const [row] = await app.db
    .select({ businessId: cardsOnFile.businessId })
    .from(cardsOnFile)
    .where(eq(cardsOnFile.stripeCustomerId, customerId))
    .limit(1);
  if (!row) return false;
  const card = await paymentProvider(app).retrieveDefaultCard(customerId);
  if (card) await storeCard(app, row.businessId, customerId, card);
  else await app.db.delete(cardsOnFile).where(eq(cardsOnFile.businessId, row.businessId)).run();
  return true;
}

/** Whether the business has a card on file. */
export async function hasCardOnFile(app: AppContext, businessId: string): Promise<boolean> {
  const [row] = await cardOnFileQuery(app, businessId);
  return Boolean(row);
}

/** The business's card on file, for a page's batch. */
export function cardOnFileQuery(app: AppContext, businessId: string) {
  return app.db
    .select({ brand: cardsOnFile.brand, last4: cardsOnFile.last4 })
    .from(cardsOnFile)
    .where(eq(cardsOnFile.businessId, businessId))
    .limit(1);
}

/** A charge of the card on file that was declined and is still open: Stripe retries it, or the business pays its invoice another way. */
export type DeclinedCharge = {
  referenceId: string;
  declineMessage: string;
  declinedAt: Date;
  retryAt: Date | null;
  invoiceUrl: string | null;
};

/**
 * The declined, still unpaid charges of the card on file for references of `kind` among
 * `referenceIds` (an SQL list or sub-select), for a page's batch.
 */
export function declinedChargesQuery(
  app: AppContext,
  businessId: string,
  kind: Purchase["kind"],
  referenceIds: ReturnType<typeof sql>,
) {
  return app.db
    .select({
      referenceId: sql<string>`${purchases.referenceId}`,
      declineMessage: sql<string>`${purchases.declineMessage}`,
      declinedAt: purchases.declinedAt,
      retryAt: purchases.retryAt,
      invoiceUrl: purchases.invoiceUrl,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.businessId, businessId),
        eq(purchases.kind, kind),
        eq(purchases.status, "pending"),
        sql`${purchases.declinedAt} IS NOT NULL`,
        sql`${purchases.referenceId} IN ${referenceIds}`,
      ),
    );
}

/**
 * A decline of the card on file, from the charge's own answer or `invoice.payment_failed`: the
 * purchase (still pending: nothing starts unpaid) records Stripe's message, when it happened and
 * when Stripe tries again. `firstReport` is true for the one call that recorded a new attempt of
 * Stripe's retry schedule (its attempt_count, kept in a conditional update), so the business is
 * told once per attempt; a manual attempt after the first is answered on the page only.
 */
export async function recordDecline(
  app: AppContext,
  invoice: Invoice,
  message: string,
): Promise<{ purchase: Purchase; firstReport: boolean } | null> {
  const retryAt = invoice.next_payment_attempt === null ? null : new Date(invoice.next_payment_attempt * 1000);
  const now = app.now();
  const pending = and(eq(purchases.stripeInvoiceId, invoice.id), eq(purchases.status, "pending"));
  const [claimed, recorded] = await app.db.batch([
    app.db
      .update(purchases)
      .set({ declineAttempts: invoice.attempt_count })
      .where(and(pending, sql`coalesce(${purchases.declineAttempts}, 0) < ${invoice.attempt_count}`))
      .returning({ id: purchases.id }),
    app.db
      .update(purchases)
      .set({
        declineMessage: message,
        declinedAt: now,
        retryAt,
        invoiceUrl: invoice.hosted_invoice_url,
        updatedAt: now,
      })
      .where(pending)
      .returning(),
  ]);
  const purchase = recorded[0];
  return purchase ? { purchase, firstReport: claimed.length > 0 } : null;
}

/** Tells the business of a decline (once per Stripe attempt: recordDecline's claim), through the kind. */
export async function announceDecline(
  app: AppContext,
  purchase: Purchase,
  card: CardOnFile | null,
  origin: string | null,
): Promise<void> {
  await PURCHASABLES[purchase.kind].afterDecline?.(app, purchase, card, origin);
}
