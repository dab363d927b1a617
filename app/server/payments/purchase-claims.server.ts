// The purchase row's claims and the provider guard, shared by the checkout (checkout.server.ts)
// and the charges of the card on file (card-charges.server.ts, card-charge-close.server.ts).
import { and, eq } from "drizzle-orm";
import { purchases, type Purchase } from "~db/schema";
import { PAYMENT_START_FAILED_MESSAGE } from "~/lib/payments/payment-copy";
import type { AppContext } from "~/server/load-context";
import { PaymentProviderError } from "./provider/types";
import type { CheckoutFailure } from "./purchasable";

export const failed = (
  status: CheckoutFailure["status"],
  msg: string,
  code?: CheckoutFailure["code"],
): CheckoutFailure => ({
  ok: false,
  status,
  msg,
  ...(code ? { code } : {}),
});

export async function markFailed(app: AppContext, purchaseId: string): Promise<void> {
  await app.db
    .update(purchases)
    .set({ status: "failed", updatedAt: app.now() })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, "pending")))
    .run();
}

/** The open checkout is closed (expired at the provider, or never payable): its purchase is canceled. */
export async function markCanceled(app: AppContext, purchaseId: string): Promise<void> {
  await app.db
    .update(purchases)
    .set({ status: "canceled", updatedAt: app.now() })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, "pending")))
    .run();
}

/** Runs a provider call; Stripe unreachable or refusing becomes the readable 502 (and a failed purchase). */
export async function withProvider<T>(
  app: AppContext,
  purchaseId: string | null,
  run: () => Promise<T>,
): Promise<T | CheckoutFailure> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(`payments: provider call failed: ${error.message}`);
    if (purchaseId) await markFailed(app, purchaseId);
    return failed(502, PAYMENT_START_FAILED_MESSAGE);
  }
}

/** A purchase paid by an invoice charging the card on file, not by a Checkout Session. */
export function isCardCharge(purchase: Pick<Purchase, "idempotencyKey" | "stripeInvoiceId">): boolean {
  return purchase.stripeInvoiceId !== null || purchase.idempotencyKey.startsWith("card-");
}

export function isFailure(value: unknown): value is CheckoutFailure {
  return typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;
}
