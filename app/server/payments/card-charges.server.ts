// Charging the card on file (docs/decisions/082): a deliverable after the first is prepaid by a
// Stripe Invoice charged off-session to the card the first checkout saved, instead of a checkout.
//
// Exactly once, with no transactions: the purchase row is the claim (one pending purchase per
// reference: the partial unique index of checkouts), and every Stripe call carries an
// Idempotency-Key derived from it, so a double click, a race or a retry after a crash makes one
// invoice with one item and pays it once. A decline leaves the purchase pending with Stripe's
// message and the hosted invoice page: Stripe retries on its schedule (Smart Retries), the
// business may pay the invoice another way, and `invoice.paid` fulfils it then.
import { and, eq, isNull } from "drizzle-orm";
import { cardsOnFile, purchases, type Purchase } from "~db/schema";
import {
  CARD_CHARGE_STARTING_MESSAGE,
  CARD_CHARGED_MESSAGE,
  CARD_ON_FILE_DECLINED_MESSAGE,
} from "~/lib/payments/card-on-file-copy";
import type { AppContext } from "~/server/load-context";
import { announceDecline, recordDecline, type CardOnFile } from "./card-on-file.server";
import { CHECKOUT_STARTING_MESSAGE, PAYMENT_START_FAILED_MESSAGE } from "~/lib/payments/payment-copy";
import {
  closeOpenCheckout,
  failed,
  insertPurchase,
  isCardCharge,
  markCanceled,
  markFailed,
  openPurchaseOf,
  START_ATTEMPTS,
  startOneOffCheckout,
  STARTING_TIMEOUT_MS,
  unverified,
  withProvider,
  type CheckoutFailure,
  type CheckoutViewer,
  type Payer,
} from "./checkout.server";
import { closeCardCharge } from "./card-charge-close.server";
import { fulfilInvoice } from "./fulfilment.server";
import { paymentProvider } from "./provider/factory.server";
import type { Invoice, InvoicePayment } from "./provider/types";
import type { PurchaseDescription, PurchaseRefs } from "./purchasable";
import { PURCHASABLES } from "./purchasables.server";

/** How a prepayment went: a checkout to open, or the card on file charged (its message for the page). */
export type ItemPaymentStart =
  | { ok: true; via: "checkout"; url: string; purchaseId: string }
  | { ok: true; via: "card"; purchaseId: string; message: string }
  | CheckoutFailure;

type CardRow = CardOnFile & { stripeCustomerId: string };

/**
 * Prepays the business's next deliverable: charged to the card on file when it has one, else a
 * checkout (which saves the card). The business and its role are checked by the caller; the
 * email must be verified (docs/decisions/070) either way.
 */
export async function startItemPayment(
  app: AppContext,
  viewer: CheckoutViewer,
  ref: PurchaseRefs["delivery_item"],
  origin: string,
): Promise<ItemPaymentStart> {
  if (!viewer.user.emailVerified) return unverified();
  const card = await cardOnFileOf(app, viewer.business.id);
  if (!card) {
    const started = await startOneOffCheckout(app, viewer, "delivery_item", ref, origin);
    return started.ok ? { ...started, via: "checkout" } : started;
  }
  return chargeCardOnFile(app, viewer, ref, card, origin);
}

function cardOnFileOf(app: AppContext, businessId: string): Promise<CardRow | undefined> {
  return app.db
    .select({ brand: cardsOnFile.brand, last4: cardsOnFile.last4, stripeCustomerId: cardsOnFile.stripeCustomerId })
    .from(cardsOnFile)
    .where(eq(cardsOnFile.businessId, businessId))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * The daily run's charge of a retainer's month on its first day (docs/decisions/082), by nobody:
 * the card on file, with the same claims and keys as a member's Prepay, so the run racing a click
 * charges once. Null when the business has no card on file (its first month is paid by checkout)
 * or the month already has a charge under way (a decline is left to Stripe's Smart Retries, the
 * invoice's page and Prepay: the run never tries the card again on its own).
 */
export async function chargeDueMonth(
  app: AppContext,
  businessId: string,
  ref: PurchaseRefs["delivery_item"],
  origin: string | null,
): Promise<ItemPaymentStart | null> {
  const [card, open] = await Promise.all([
    cardOnFileOf(app, businessId),
    openPurchaseOf(app, businessId, "delivery_item", ref.itemId),
  ]);
  if (!card || (open && isCardCharge(open))) return null;
  return chargeCardOnFile(app, { business: { id: businessId }, user: null }, ref, card, origin);
}

async function chargeCardOnFile(
  app: AppContext,
  viewer: Payer,
  ref: PurchaseRefs["delivery_item"],
  card: CardRow,
  origin: string | null,
): Promise<ItemPaymentStart> {
  const businessId = viewer.business.id;
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt += 1) {
    const described = await PURCHASABLES.delivery_item.describe(app, businessId, ref);
    if (!described.ok) return described;
    const open = await openPurchaseOf(app, businessId, "delivery_item", described.referenceId);
    let purchase: Purchase | null = open;
    if (open && !isCardCharge(open)) {
      // A checkout opened before the card was saved: closed first, so only one can be paid.
      if (!open.stripeCheckoutSessionId) {
        if (app.now().getTime() - open.createdAt.getTime() <= STARTING_TIMEOUT_MS) {
          return failed(409, CHECKOUT_STARTING_MESSAGE);
        }
        await markFailed(app, open.id);
        continue;
      }
      const closed = await closeOpenCheckout(app, open, open.stripeCheckoutSessionId, origin);
      if (closed?.next === "refuse") return closed.failure;
      continue;
    }
    if (open && !open.stripeInvoiceId) {
      // Another request is making its invoice right now: it answers the business. Its keys are
      // taken over only once it has been silent too long (its request died).
      if (app.now().getTime() - open.createdAt.getTime() <= STARTING_TIMEOUT_MS) {
        return failed(409, CARD_CHARGE_STARTING_MESSAGE);
      }
    }
    if (open && open.amountCents !== described.amountCents) {
      // The deliverable's price changed since its charge began: that charge is closed first.
      const closed = await closeCardCharge(app, open, origin);
      if (!closed.ok) return closed;
      continue;
    }
    if (!purchase) {
      purchase = await insertPurchase(app, viewer, { kind: "delivery_item", ...described }, "card");
      if (!purchase) continue; // A concurrent click recorded it first: take that one over.
    }
    const claimed = purchase;
    const charged = await withProvider(app, null, () => charge(app, claimed, described, card, origin));
    if (charged === "again") continue;
    return charged;
  }
  return failed(409, CARD_CHARGE_STARTING_MESSAGE);
}

/**
 * The purchase's invoice, made or found under its keys, paid with the card on file. Answers the
 * page's message, a refusal (declined: 402; another request paying it now: 409), or "again" when
 * the invoice can no longer be paid (voided at Stripe): its purchase is canceled and a new one starts.
 */
async function charge(
  app: AppContext,
  purchase: Purchase,
  described: PurchaseDescription,
  card: CardRow,
  origin: string | null,
): Promise<ItemPaymentStart | "again"> {
  const provider = paymentProvider(app);
  const key = purchase.idempotencyKey;
  let invoice: Invoice;
  if (purchase.stripeInvoiceId) {
    invoice = await provider.retrieveInvoice(purchase.stripeInvoiceId);
  } else {
    // Not advanced automatically until finalized here: a draft left by a crash is never charged.
    invoice = await provider.createInvoice(
      {
        customerId: card.stripeCustomerId,
        description: described.productName,
        metadata: {
          businessId: purchase.businessId,
          kind: purchase.kind,
          purchaseId: purchase.id,
          referenceId: described.referenceId,
        },
      },
      `${key}-invoice`,
    );
    // Stored once: the same key answers the same invoice to a racing request.
    await app.db
      .update(purchases)
      .set({ stripeInvoiceId: invoice.id, updatedAt: app.now() })
      .where(and(eq(purchases.id, purchase.id), isNull(purchases.stripeInvoiceId)))
      .run();
  }
  if (invoice.status === "void" || invoice.status === "uncollectible") {
    await markCanceled(app, purchase.id);
    return "again";
  }
  if (invoice.status === "draft") {
    await provider.addInvoiceItem(
      {
        customerId: card.stripeCustomerId,
        invoiceId: invoice.id,
        amountCents: purchase.amountCents,
        description: described.productName,
        metadata: { purchaseId: purchase.id, referenceId: described.referenceId },
      },
      `${key}-item`,
    );
    invoice = await provider.finalizeInvoice(invoice.id, `${key}-finalize`);
    await app.db
      .update(purchases)
      .set({ invoiceUrl: invoice.hosted_invoice_url, updatedAt: app.now() })
      .where(eq(purchases.id, purchase.id))
      .run();
  }
  if (invoice.status === "open") {
    // One attempt per claim: a double click is one attempt (the other is told it is under way), a
    // click after a decline another one (a new key, so Stripe tries the card again).
    const attempt = await claimAttempt(app, purchase.id);
    if (attempt === null) return failed(409, CARD_CHARGE_STARTING_MESSAGE);
    let paid: InvoicePayment;
    try {
      paid = await provider.payInvoice(invoice.id, `${key}-pay-${attempt}`);
    } catch (error) {
      // Paid meanwhile (a Smart Retry, the invoice's page) or Stripe failing: Stripe's word decides.
      const now = await provider.retrieveInvoice(invoice.id);
      if (now.status !== "paid") throw error;
      paid = { invoice: now, declined: null };
    }
    if (paid.declined) {
      const recorded = await recordDecline(app, paid.invoice, paid.declined.message);
      if (recorded?.firstReport) await announceDecline(app, recorded.purchase, card, origin);
      return failed(402, CARD_ON_FILE_DECLINED_MESSAGE(card, paid.declined.message));
    }
    invoice = paid.invoice;
  }
  const result = await fulfilInvoice(app, invoice.id, origin);
  if (result.purchase?.status !== "paid" || result.duplicate) return failed(502, PAYMENT_START_FAILED_MESSAGE);
  return paidAnswer(purchase, described, card);
}

/** Claims the purchase's next own attempt to pay (a conditional update); null when another request holds it. */
async function claimAttempt(app: AppContext, purchaseId: string): Promise<number | null> {
  const [row] = await app.db
    .select({ chargeAttempts: purchases.chargeAttempts })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  if (!row) return null;
  const [claimed] = await app.db
    .update(purchases)
    .set({ chargeAttempts: row.chargeAttempts + 1, updatedAt: app.now() })
    .where(
      and(
        eq(purchases.id, purchaseId),
        eq(purchases.status, "pending"),
        eq(purchases.chargeAttempts, row.chargeAttempts),
      ),
    )
    .returning({ chargeAttempts: purchases.chargeAttempts });
  return claimed?.chargeAttempts ?? null;
}

function paidAnswer(purchase: Purchase, described: PurchaseDescription, card: CardRow): ItemPaymentStart {
  return {
    ok: true,
    via: "card",
    purchaseId: purchase.id,
    message: CARD_CHARGED_MESSAGE(purchase.amountCents, card, described.title ?? described.productName),
  };
}
