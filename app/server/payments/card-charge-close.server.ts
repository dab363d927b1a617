// Closing a charge of the card on file that must not be paid any more (docs/decisions/082): its
// invoice voided at Stripe, its purchase canceled; one found paid meanwhile is fulfilled instead.
import { and, eq, inArray, sql } from "drizzle-orm";
import { purchases, type Purchase } from "~db/schema";
import type { AppContext } from "~/server/load-context";
import { fulfilInvoice } from "./fulfilment.server";
import { paymentProvider } from "./provider/factory.server";
import type { CheckoutFailure } from "./purchasable";
import { markCanceled, withProvider } from "./purchase-claims.server";

/**
 * Closes a charge of the card on file that must not be paid any more (the deliverable changed or
 * is gone, or the business pays it by checkout instead): its invoice is voided at Stripe and its
 * purchase canceled. An invoice found paid meanwhile is fulfilled instead (the caller reads the
 * deliverable again); a draft is left as it is (never finalized, it is never charged).
 */
export async function closeCardCharge(
  app: AppContext,
  open: Purchase,
  origin: string | null,
): Promise<{ ok: true } | CheckoutFailure> {
  if (!open.stripeInvoiceId) {
    await markCanceled(app, open.id);
    return { ok: true };
  }
  const invoiceId = open.stripeInvoiceId;
  const closed = await withProvider(app, null, async () => {
    const provider = paymentProvider(app);
    let invoice = await provider.retrieveInvoice(invoiceId);
    if (invoice.status === "open") {
      try {
        invoice = await provider.voidInvoice(invoiceId, `${open.idempotencyKey}-void`);
      } catch (error) {
        invoice = await provider.retrieveInvoice(invoiceId);
        if (invoice.status === "open") throw error;
      }
    }
    if (invoice.status === "paid") await fulfilInvoice(app, invoiceId, origin);
    else await markCanceled(app, open.id);
    return { ok: true as const };
  });
  return closed;
}

/**
 * The open charges of the card on file for these references (deliverables a new version of the
 * plan changed or removed): each closed (closeCardCharge), so Stripe never collects a price or a
 * deliverable that no longer is. Failures are logged; the next Prepay closes a changed one again.
 */
export async function closeCardChargesOf(
  app: AppContext,
  businessId: string,
  referenceIds: readonly string[],
): Promise<void> {
  if (referenceIds.length === 0) return;
  const open = await app.db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.businessId, businessId),
        eq(purchases.status, "pending"),
        inArray(purchases.referenceId, [...referenceIds]),
        sql`${purchases.idempotencyKey} LIKE 'card-%'`,
      ),
    );
  for (const purchase of open) {
    const closed = await closeCardCharge(app, purchase, app.env.APP_URL ?? null);
    if (!closed.ok) console.warn(`payments: the charge of purchase ${purchase.id} could not be closed: ${closed.msg}`);
  }
}
