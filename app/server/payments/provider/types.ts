/**
 * The payment provider's shapes, messages and errors, shared by the factory (factory.server.ts)
 * and both providers. It imports nothing, so the providers can use PaymentProviderError without
 * importing the factory that imports them (an import cycle would load one of them half-made).
 */

/** The fields of a Stripe Checkout Session that Partwise reads. */
export type CheckoutSession = {
  id: string;
  url: string | null;
  mode: "subscription" | "payment";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  customer: string | null;
  subscription: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number | null;
  /** The payment's PaymentIntent id (payment mode, once paid); a refund names it. */
  payment_intent: string | null;
  /** total_details.amount_tax: the tax in amount_total (0 without Stripe Tax); null when not reported. */
  amount_tax: number | null;
  /** Unix seconds after which the session can no longer be paid (Stripe: 24 hours after it was made). */
  expires_at: number | null;
};

/** The fields of a Stripe Subscription that Partwise reads. */
export type Subscription = {
  id: string;
  /** trialing | active | past_due | canceled | unpaid | incomplete | incomplete_expired | paused */
  status: string;
  customer: string;
  /** items.data[0].price.lookup_key, e.g. "PREMIUM_PLAN_YEARLY". */
  lookup_key: string | null;
  current_period_end: number | null;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
};

/** A payment a subscription's latest invoice took: what a refund of it names. */
export type InvoiceCharge = { paymentIntentId: string; amountCents: number };

export type CanceledSubscription = { subscription: Subscription; charge: InvoiceCharge | null };

/** A verified webhook event (Stripe's Event object, the fields Partwise reads). */
export type StripeEvent = {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> & { id?: string } };
};

export type CreateCustomerInput = { businessId: string; email: string; name: string };

export type SubscriptionCheckoutInput = {
  customerId: string;
  lookupKey: string;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string;
  metadata: Record<string, string>;
};

export type PaymentCheckoutInput = {
  customerId: string;
  amountCents: number;
  currency: "usd";
  productName: string;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string;
  metadata: Record<string, string>;
  /**
   * Save the card on the customer for later charges without the business present
   * (payment_intent_data.setup_future_usage = off_session, docs/decisions/082).
   */
  saveCard?: boolean;
};

export interface PaymentProvider extends ConnectAccountsApi, TransfersApi {
  createCustomer(input: CreateCustomerInput, idempotencyKey: string): Promise<{ id: string }>;
  createSubscriptionCheckout(input: SubscriptionCheckoutInput, idempotencyKey: string): Promise<CheckoutSession>;
  createPaymentCheckout(input: PaymentCheckoutInput, idempotencyKey: string): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  retrieveSubscription(id: string): Promise<Subscription>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * POST /v1/checkout/sessions/{id}/expire: an open session can no longer be paid. Stripe refuses
   * (400) a session that is not open (already complete or expired): the caller reads the session
   * again to learn which.
   */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  /**
   * DELETE /v1/subscriptions/{id} (at once, without a proration credit: what it charged is refunded
   * instead, see ADR 010), answering the canceled subscription and what its latest invoice charged
   * (null when nothing was, e.g. during the trial). A subscription already canceled answers the same
   * (Stripe refuses a second cancel, and its DELETE takes no Idempotency-Key), so it may be retried.
   */
  cancelSubscription(id: string): Promise<CanceledSubscription>;
  /** Verifies a webhook's raw body + Stripe-Signature header (300 s tolerance); throws WebhookSignatureError. */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<StripeEvent>;
}

/** Seconds a webhook signature stays valid (Stripe's default tolerance), and how far in the future its timestamp may be. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** What users see when Stripe is unreachable or refuses a request. */
export const PAYMENT_UNAVAILABLE_MESSAGE = "We couldn't start the payment. Please try again in a few minutes.";

/** Stripe unreachable or refusing a request. The message is for logs; users see PAYMENT_UNAVAILABLE_MESSAGE. */
export class PaymentProviderError extends Error {
  /** Stripe's HTTP status when it answered (404 for an unknown id); undefined when unreachable. */
  readonly status: number | undefined;
  constructor(message: string, options?: { cause?: unknown; status?: number }) {
    super(message, { cause: options?.cause });
    this.name = "PaymentProviderError";
    this.status = options?.status;
  }
}

/** A webhook whose signature is missing, wrong, or too old. Answer 400 and change nothing. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

// ---------------------------------------------------------------------------------------------
// Transfers to connected accounts, their reversals, and refunds (issue #18, P2)
// ---------------------------------------------------------------------------------------------

/** The fields of a Stripe Transfer that Partwise reads. */
export type Transfer = {
  id: string;
  amount: number;
  destination: string;
  transfer_group: string | null;
  reversed: boolean;
  metadata: Record<string, string>;
};

/** The fields of a Stripe Transfer Reversal that Partwise reads. */
export type TransferReversal = { id: string; amount: number; transfer: string };

/** The fields of a Stripe Refund that Partwise reads. */
export type Refund = {
  id: string;
  amount: number;
  payment_intent: string | null;
  /** pending | requires_action | succeeded | failed | canceled */
  status: string;
};

export type CreateTransferInput = {
  amountCents: number;
  /** The connected account, acct_…. */
  destination: string;
  transferGroup: string;
  /** A charge (ch_…) whose funds the transfer waits for, when known. */
  sourceTransaction?: string;
  metadata: Record<string, string>;
};

export type CreateRefundInput = { paymentIntentId: string; amountCents: number; metadata: Record<string, string> };

export interface TransfersApi {
  /** POST /v1/transfers (currency usd). */
  createTransfer(input: CreateTransferInput, idempotencyKey: string): Promise<Transfer>;
  /** POST /v1/transfers/{id}/reversals: the whole amount. */
  createTransferReversal(
    transferId: string,
    input: { metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<TransferReversal>;
  /** POST /v1/refunds of a PaymentIntent. */
  createRefund(input: CreateRefundInput, idempotencyKey: string): Promise<Refund>;
  /**
   * GET /v1/payment_intents/{id}: its charge (`latest_charge`, ch_…), or null while it has none.
   * A transfer names it as its source_transaction, so it waits for that charge's funds instead of
   * needing them in the platform's available balance.
   */
  retrievePaymentCharge(paymentIntentId: string): Promise<string | null>;
}

// ===== Connect accounts (issue #18, P1: consultants' payout onboarding) =====

/** The fields of a Stripe Connect account that Partwise reads. */
export type ConnectAccount = {
  id: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  /** requirements.currently_due */
  requirements_due: string[];
  /** requirements.disabled_reason */
  disabled_reason: string | null;
  metadata: Record<string, string>;
};

export type CreateConnectAccountInput = { consultantUserId: string; email: string };

/** Stripe Connect (Express accounts): creating a consultant's account, its onboarding and dashboard links. */
export interface ConnectAccountsApi {
  /** An Express account (country US, transfers capability requested, metadata.consultantUserId). */
  createConnectAccount(input: CreateConnectAccountInput, idempotencyKey: string): Promise<ConnectAccount>;
  retrieveConnectAccount(id: string): Promise<ConnectAccount>;
  /** An account_onboarding Account Link: a single-use URL to the hosted onboarding. */
  createAccountLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  /** A single-use link to the account's Express dashboard. */
  createLoginLink(accountId: string): Promise<{ url: string }>;
  /** Verifies a Connect webhook delivery with STRIPE_CONNECT_WEBHOOK_SECRET; throws WebhookSignatureError. */
  verifyConnectWebhook(rawBody: string, signatureHeader: string | null): Promise<StripeEvent>;
}

// ===== Payouts of connected accounts (issue #18, Q1: the consultant's earnings and payouts) =====

/** A payout's state as Stripe reports it. */
export const PAYOUT_STATUSES = ["paid", "pending", "in_transit", "canceled", "failed"] as const;

export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The fields of a Stripe Payout (from a connected account's balance to its bank) that Partwise reads. */
export type Payout = {
  id: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** Unix seconds: when the money is expected in (or reached) the bank. */
  arrival_date: number;
  status: PayoutStatus;
  /** Unix seconds. */
  created: number;
};

// Declaration merging keeps this addition in its own block: every provider lists payouts too.
export interface PaymentProvider {
  /**
   * GET /v1/payouts?limit=… with the header `Stripe-Account: acct_…`: the connected account's
   * payouts to its bank, newest first.
   */
  listPayouts(accountId: string, options: { limit: number }): Promise<Payout[]>;
}

// ===== Receipts (issue #36): the card that paid =====

/** The card of a payment, as its charge's payment_method_details.card reports it. */
export type PaymentCard = {
  /** Stripe's brand: amex, diners, discover, eftpos_au, jcb, link, mastercard, unionpay, visa or unknown. */
  brand: string;
  last4: string;
};

// Declaration merging, like the payouts' block: every provider tells the card of a payment.
export interface PaymentProvider {
  /**
   * GET /v1/payment_intents/{id}?expand[]=latest_charge: the card its charge was paid with
   * (latest_charge.payment_method_details.card), or null while it has no charge or when it was
   * paid by other means. Receipts show it (docs/decisions/051-receipts.md).
   */
  retrievePaymentCard(paymentIntentId: string): Promise<PaymentCard | null>;
}

// ===== The card on file and invoices charged to it (issue #41, docs/decisions/082) =====

/** A saved card: the PaymentMethod (pm_…) and what the business reads of it. */
export type SavedCard = { paymentMethodId: string; brand: string; last4: string };

/** The fields of a Stripe Invoice that Partwise reads. */
export type Invoice = {
  id: string;
  /** draft | open | paid | void | uncollectible */
  status: string;
  customer: string | null;
  amount_due: number;
  amount_paid: number;
  /** What the invoice is for (its lines), whatever a customer balance paid of it. */
  total: number;
  hosted_invoice_url: string | null;
  metadata: Record<string, string>;
  /** The PaymentIntent that paid it (invoice.payments, expanded), once paid; a refund names it. */
  payment_intent: string | null;
  /** Unix seconds of Stripe's next automatic attempt (Smart Retries), or null. */
  next_payment_attempt: number | null;
  attempt_count: number;
};

/** What paying an invoice came to: paid, or declined (the invoice stays open; Stripe retries). */
export type InvoicePayment = { invoice: Invoice; declined: null } | { invoice: Invoice; declined: { message: string } };

export type CreateInvoiceInput = {
  customerId: string;
  description: string;
  metadata: Record<string, string>;
};

export type InvoiceItemInput = {
  customerId: string;
  invoiceId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
};

// Declaration merging, like the blocks above.
export interface PaymentProvider {
  /** GET /v1/payment_intents/{id}?expand[]=payment_method: the card it was paid with, when it is saved on a customer. */
  retrieveSavedCardOfPayment(paymentIntentId: string): Promise<(SavedCard & { customer: string }) | null>;
  /** POST /v1/customers/{id} invoice_settings[default_payment_method]: the card invoices charge. */
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>;
  /** GET /v1/customers/{id}?expand[]=invoice_settings.default_payment_method: the card invoices charge, or null. */
  retrieveDefaultCard(customerId: string): Promise<SavedCard | null>;
  /**
   * POST /v1/invoices: a draft charged automatically (collection_method charge_automatically), not
   * advanced by Stripe until finalizeInvoice (auto_advance false: a draft left behind is never charged).
   */
  createInvoice(input: CreateInvoiceInput, idempotencyKey: string): Promise<Invoice>;
  /** POST /v1/invoiceitems on that draft invoice. */
  addInvoiceItem(input: InvoiceItemInput, idempotencyKey: string): Promise<void>;
  /** POST /v1/invoices/{id}/finalize with auto_advance: draft → open, with its hosted page; Stripe retries it from then on. */
  finalizeInvoice(invoiceId: string, idempotencyKey: string): Promise<Invoice>;
  /** POST /v1/invoices/{id}/void: an open invoice can no longer be paid. */
  voidInvoice(invoiceId: string, idempotencyKey: string): Promise<Invoice>;
  /**
   * POST /v1/invoices/{id}/pay off-session with the customer's default card. A decline (402
   * card_error) is an answer, not an error: the invoice stays open and Stripe retries it.
   */
  payInvoice(invoiceId: string, idempotencyKey: string): Promise<InvoicePayment>;
  /** GET /v1/invoices/{id}?expand[]=payments. */
  retrieveInvoice(invoiceId: string): Promise<Invoice>;
}
