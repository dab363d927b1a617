import Stripe from "stripe";
import {
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type CheckoutSession,
  type ConnectAccount,
  type PaymentCard,
  type InvoiceCharge,
  type Invoice,
  type Refund,
  type SavedCard,
  type StripeEvent,
  type Subscription,
  type Transfer,
  type TransferReversal,
} from "./types";
import { stripeId } from "~/server/payments/stripe-ids";

// Stripe's wire format and webhook signatures, shared by both providers: the mappers from the
// SDK's objects to the fields Partwise reads, and the signature check and signer.

/**
 * Stripe's own check (constructEventAsync with SubtleCrypto): the header's v1 signature must be
 * HMAC-SHA256(secret, `${t}.${rawBody}`) and t at most WEBHOOK_TOLERANCE_SECONDS old. The SDK
 * accepts any t in the future, so a signature dated more than the same tolerance ahead of `now`
 * (a replay prepared in advance, or a signer's clock far off) is refused here first.
 */
export async function verifyStripeSignature(
  rawBody: string,
  signatureHeader: string | null,
  secret: string,
  stripe: Stripe = new Stripe("sk_test_signature_check", { httpClient: Stripe.createFetchHttpClient() }),
  now: () => number = Date.now,
): Promise<StripeEvent> {
  if (!signatureHeader) throw new WebhookSignatureError("Missing Stripe-Signature header");
  const signedAt = signatureTimestamp(signatureHeader);
  if (signedAt !== null && signedAt - Math.floor(now() / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError("Timestamp is in the future, outside the tolerance zone");
  }
  try {
    const event = await stripe.webhooks.constructEventAsync(
      rawBody,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
    );
    return event as unknown as StripeEvent;
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
  }
}

/** The `t=` of a Stripe-Signature header (unix seconds), or null when it has none. */
export function signatureTimestamp(header: string): number | null {
  for (const part of header.split(",")) {
    const [key, value] = part.split("=", 2);
    if (key?.trim() === "t" && value !== undefined && /^\d+$/.test(value.trim())) return Number(value.trim());
  }
  return null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

export function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url ?? null,
    mode: session.mode === "subscription" ? "subscription" : "payment",
    status: oneOf(session.status, ["complete", "expired"] as const, "open"),
    payment_status: oneOf(session.payment_status, ["paid", "no_payment_required"] as const, "unpaid"),
    customer: idOf(session.customer),
    subscription: idOf(session.subscription),
    client_reference_id: session.client_reference_id ?? null,
    metadata: { ...(session.metadata ?? {}) },
    amount_total: session.amount_total ?? null,
    payment_intent: idOf(session.payment_intent),
    amount_tax: session.total_details?.amount_tax ?? null,
    expires_at: typeof session.expires_at === "number" ? session.expires_at : null,
  };
}

function oneOf<T extends string, D extends string>(value: unknown, allowed: readonly T[], fallback: D): T | D {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

export function toSubscription(subscription: Stripe.Subscription): Subscription {
  const item = subscription.items?.data?.[0];
  const legacyPeriodEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return {
    id: subscription.id,
    status: subscription.status,
    customer: idOf(subscription.customer) ?? "",
    lookup_key: item?.price?.lookup_key ?? null,
    current_period_end: item?.current_period_end ?? legacyPeriodEnd ?? null,
    cancel_at_period_end: Boolean(subscription.cancel_at_period_end),
    metadata: { ...(subscription.metadata ?? {}) },
  };
}

/**
 * What an invoice took from the customer, as a refund names it: its amount paid and its payment's
 * PaymentIntent (`payments.data[].payment.payment_intent` since API 2025-03-31, or the legacy
 * `payment_intent`). Null when nothing was paid (a trial's $0 invoice) or the invoice is not expanded.
 */
export function toInvoiceCharge(invoice: Stripe.Invoice | string | null | undefined): InvoiceCharge | null {
  if (!invoice || typeof invoice === "string") return null;
  const amount = Number(invoice.amount_paid ?? 0);
  if (!Number.isInteger(amount) || amount <= 0) return null;
  const payment = invoice.payments?.data?.find((entry) => entry.payment?.payment_intent)?.payment?.payment_intent;
  const legacy = (invoice as unknown as { payment_intent?: string | { id: string } | null }).payment_intent;
  const paymentIntentId = idOf(payment ?? legacy ?? null);
  return paymentIntentId ? { paymentIntentId, amountCents: amount } : null;
}

/** A Stripe-Signature header for the payload (the SDK's own signer, SubtleCrypto). */
export function signPayload(payload: string, secret: string, timestamp: number): Promise<string> {
  return new Stripe("sk_test_local_signer", {
    httpClient: Stripe.createFetchHttpClient(),
  }).webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}

// ---------------------------------------------------------------------------------------------
// Transfers, reversals and refunds (issue #18, P2)
// ---------------------------------------------------------------------------------------------

export function toTransfer(transfer: Stripe.Transfer): Transfer {
  return {
    id: transfer.id,
    amount: transfer.amount,
    destination: idOf(transfer.destination) ?? "",
    transfer_group: transfer.transfer_group ?? null,
    reversed: Boolean(transfer.reversed),
    metadata: { ...(transfer.metadata ?? {}) },
  };
}

export function toTransferReversal(reversal: Stripe.TransferReversal): TransferReversal {
  return { id: reversal.id, amount: reversal.amount, transfer: idOf(reversal.transfer) ?? "" };
}

export function toRefund(refund: Stripe.Refund): Refund {
  return {
    id: refund.id,
    amount: refund.amount,
    payment_intent: idOf(refund.payment_intent),
    status: refund.status ?? "pending",
  };
}

// ===== Connect accounts (issue #18, P1) =====

/** Stripe's Account object (or an account.updated event's object) → the fields Partwise reads. */
export function toConnectAccount(account: Stripe.Account | Record<string, unknown>): ConnectAccount {
  const a = account as Stripe.Account;
  const due = a.requirements?.currently_due;
  return {
    id: a.id,
    details_submitted: Boolean(a.details_submitted),
    charges_enabled: Boolean(a.charges_enabled),
    payouts_enabled: Boolean(a.payouts_enabled),
    requirements_due: Array.isArray(due) ? due.filter((key): key is string => typeof key === "string") : [],
    disabled_reason: a.requirements?.disabled_reason ?? null,
    metadata: { ...((a.metadata as Record<string, string> | null | undefined) ?? {}) },
  };
}

/**
 * The card of a charge (its payment_method_details.card), or null for another way of paying or a
 * charge not expanded (an id). Both providers read their charge objects through it.
 */
export function toPaymentCard(
  charge: Stripe.Charge | Record<string, unknown> | string | null | undefined,
): PaymentCard | null {
  if (!charge || typeof charge === "string") return null;
  const details = (charge as Stripe.Charge).payment_method_details;
  const card = details?.card;
  if (!card || typeof card.last4 !== "string" || !/^\d{4}$/.test(card.last4)) return null;
  return { brand: typeof card.brand === "string" && card.brand ? card.brand : "unknown", last4: card.last4 };
}

/** A PaymentMethod (expanded) as a saved card; null for an id, a deleted one or one that is not a card. */
export function toSavedCard(
  method: Stripe.PaymentMethod | Record<string, unknown> | string | null | undefined,
): SavedCard | null {
  if (!method || typeof method === "string") return null;
  const pm = method as Stripe.PaymentMethod;
  const card = pm.card;
  if (typeof pm.id !== "string" || !card || typeof card.last4 !== "string" || !/^\d{4}$/.test(card.last4)) return null;
  return {
    paymentMethodId: pm.id,
    brand: typeof card.brand === "string" && card.brand ? card.brand : "unknown",
    last4: card.last4,
  };
}

/** The Invoice fields Partwise reads; its PaymentIntent from `payments` (expanded) once paid. */
export function toInvoice(invoice: Stripe.Invoice | Record<string, unknown>): Invoice {
  const raw = invoice as Record<string, unknown>;
  const payments = (
    raw.payments as { data?: { status?: string; payment?: { payment_intent?: unknown } }[] } | undefined
  )?.data;
  const paid = payments?.find((entry) => entry.status === "paid") ?? payments?.[0];
  const number = (value: unknown) => (typeof value === "number" ? value : 0);
  return {
    id: String(raw.id),
    status: typeof raw.status === "string" ? raw.status : "draft",
    customer: stripeId(raw.customer),
    amount_due: number(raw.amount_due),
    amount_paid: number(raw.amount_paid),
    total: number(raw.total),
    hosted_invoice_url: typeof raw.hosted_invoice_url === "string" ? raw.hosted_invoice_url : null,
    metadata: (raw.metadata as Record<string, string> | null) ?? {},
    payment_intent: stripeId(paid?.payment?.payment_intent),
    next_payment_attempt: typeof raw.next_payment_attempt === "number" ? raw.next_payment_attempt : null,
    attempt_count: number(raw.attempt_count),
  };
}
