import Stripe from "stripe";
import {
  toCheckoutSession,
  toConnectAccount,
  toInvoice,
  toPaymentCard,
  toSavedCard,
  toInvoiceCharge,
  toRefund,
  toSubscription,
  toTransfer,
  toTransferReversal,
  verifyStripeSignature,
} from "./stripe-wire.server";
import { stripeId } from "~/server/payments/stripe-ids";
import {
  PAYOUT_STATUSES,
  PaymentProviderError,
  type ConnectAccountsApi,
  type PaymentProvider,
  type Payout,
  type TransfersApi,
} from "./types";

/**
 * The provider backed by Stripe's HTTP API (or a stub of it at STRIPE_API_BASE). Uses the stripe
 * SDK with the fetch HTTP client and the SubtleCrypto provider, which both run in workerd.
 */
export function createStripeProvider(config: {
  secretKey: string;
  webhookSecret: string;
  connectWebhookSecret: string;
  apiBase: string;
  /** The SDK's HTTP client (default fetch; keyless runs answer in-process: keylessStripeHttpClient). */
  httpClient?: Stripe.HttpClient;
}): PaymentProvider {
  const base = new URL(config.apiBase);
  const protocol = base.protocol === "http:" ? "http" : "https";
  const stripe = new Stripe(config.secretKey, {
    httpClient: config.httpClient ?? Stripe.createFetchHttpClient(),
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === "http" ? 80 : 443,
    protocol,
    maxNetworkRetries: 1,
    timeout: 10_000,
    appInfo: { name: "Partwise" },
  });

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toProviderError(what, error);
    }
  }

  async function priceIdForLookupKey(lookupKey: string): Promise<string> {
    const prices = await call("prices.list", () =>
      stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }),
    );
    const price = prices.data[0];
    if (!price) throw new PaymentProviderError(`No active Stripe price has the lookup key ${lookupKey}`);
    return price.id;
  }

  return {
    async createCustomer(input, idempotencyKey) {
      const customer = await call("customers.create", () =>
        stripe.customers.create(
          { email: input.email, name: input.name, metadata: { businessId: input.businessId } },
          { idempotencyKey },
        ),
      );
      return { id: customer.id };
    },

    async createSubscriptionCheckout(input, idempotencyKey) {
      const price = await priceIdForLookupKey(input.lookupKey);
      const session = await call("checkout.sessions.create", () =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer: input.customerId,
            line_items: [{ price, quantity: 1 }],
            subscription_data: { trial_period_days: input.trialDays, metadata: input.metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            client_reference_id: input.clientReferenceId,
            metadata: input.metadata,
          },
          { idempotencyKey },
        ),
      );
      return toCheckoutSession(session);
    },

    async createPaymentCheckout(input, idempotencyKey) {
      const session = await call("checkout.sessions.create", () =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            customer: input.customerId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.amountCents,
                  product_data: { name: input.productName },
                },
              },
            ],
            payment_intent_data: {
              metadata: input.metadata,
              ...(input.saveCard ? { setup_future_usage: "off_session" as const } : {}),
            },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            client_reference_id: input.clientReferenceId,
            metadata: input.metadata,
          },
          { idempotencyKey },
        ),
      );
      return toCheckoutSession(session);
    },

    async retrieveCheckoutSession(id) {
      return toCheckoutSession(await call("checkout.sessions.retrieve", () => stripe.checkout.sessions.retrieve(id)));
    },

    async retrieveSubscription(id) {
      return toSubscription(await call("subscriptions.retrieve", () => stripe.subscriptions.retrieve(id)));
    },

    async createPortalSession(input) {
      const session = await call("billing_portal.sessions.create", () =>
        stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }),
      );
      return { url: session.url };
    },

    async expireCheckoutSession(id) {
      return toCheckoutSession(await call("checkout.sessions.expire", () => stripe.checkout.sessions.expire(id)));
    },

    async cancelSubscription(id) {
      // The latest invoice with its payments: what the subscription charged, to refund it.
      const expand = ["latest_invoice.payments"];
      try {
        const canceled = await call("subscriptions.cancel", () =>
          stripe.subscriptions.cancel(id, { prorate: false, invoice_now: false, expand }),
        );
        return { subscription: toSubscription(canceled), charge: toInvoiceCharge(canceled.latest_invoice) };
      } catch (error) {
        // Stripe refuses to cancel a subscription twice: one already canceled answers as it stands.
        const current = await call("subscriptions.retrieve", () => stripe.subscriptions.retrieve(id, { expand }));
        if (current.status !== "canceled") throw error;
        return { subscription: toSubscription(current), charge: toInvoiceCharge(current.latest_invoice) };
      }
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeSignature(rawBody, signatureHeader, config.webhookSecret, stripe);
    },

    async retrievePaymentCard(paymentIntentId) {
      const intent = await call("paymentIntents.retrieve", () =>
        stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] }),
      );
      return toPaymentCard(intent.latest_charge);
    },

    ...stripeCardOnFileApi(stripe, call),
    ...stripeTransfersApi(stripe, call),
    ...stripeConnectAccounts(stripe, call, config.connectWebhookSecret),
    ...stripePayoutsApi(stripe, call),
  };
}
function toProviderError(what: string, error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    // Stripe's own sentence first (what a manager can act on), then its type, status, code and
    // request id (what Stripe's support asks for).
    const detail = [error.type, error.statusCode, error.code, error.requestId].filter(Boolean).join(" ");
    const message = error.message ? `${error.message} (${detail})` : detail;
    return new PaymentProviderError(`Stripe ${what} failed: ${message}`, { cause: error, status: error.statusCode });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Stripe ${what} failed: ${message}`, { cause: error });
}

// ---------------------------------------------------------------------------------------------
// The card on file and the invoices charged to it (issue #41, docs/decisions/082)
// ---------------------------------------------------------------------------------------------

type CardOnFileApi = Pick<
  PaymentProvider,
  | "retrieveSavedCardOfPayment"
  | "setDefaultCard"
  | "retrieveDefaultCard"
  | "createInvoice"
  | "addInvoiceItem"
  | "finalizeInvoice"
  | "voidInvoice"
  | "payInvoice"
  | "retrieveInvoice"
>;

function stripeCardOnFileApi(stripe: Stripe, call: Call): CardOnFileApi {
  return {
    async retrieveSavedCardOfPayment(paymentIntentId) {
      const intent = await call("paymentIntents.retrieve", () =>
        stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["payment_method"] }),
      );
      const card = toSavedCard(intent.payment_method);
      const customer = typeof intent.payment_method === "object" ? stripeId(intent.payment_method?.customer) : null;
      return card && customer ? { ...card, customer } : null;
    },

    async setDefaultCard(customerId, paymentMethodId) {
      await call("customers.update", () =>
        stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }),
      );
    },

    async retrieveDefaultCard(customerId) {
      const customer = await call("customers.retrieve", () =>
        stripe.customers.retrieve(customerId, { expand: ["invoice_settings.default_payment_method"] }),
      );
      if ("deleted" in customer && customer.deleted) return null;
      return toSavedCard((customer as Stripe.Customer).invoice_settings?.default_payment_method);
    },

    async createInvoice(input, idempotencyKey) {
      const invoice = await call("invoices.create", () =>
        stripe.invoices.create(
          {
            customer: input.customerId,
            collection_method: "charge_automatically",
            auto_advance: false,
            currency: "usd",
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey },
        ),
      );
      return toInvoice(invoice);
    },

    async addInvoiceItem(input, idempotencyKey) {
      await call("invoiceItems.create", () =>
        stripe.invoiceItems.create(
          {
            customer: input.customerId,
            invoice: input.invoiceId,
            amount: input.amountCents,
            currency: "usd",
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey },
        ),
      );
    },

    async finalizeInvoice(invoiceId, idempotencyKey) {
      const invoice = await call("invoices.finalizeInvoice", () =>
        stripe.invoices.finalizeInvoice(invoiceId, { auto_advance: true }, { idempotencyKey }),
      );
      return toInvoice(invoice);
    },

    async voidInvoice(invoiceId, idempotencyKey) {
      const invoice = await call("invoices.voidInvoice", () =>
        stripe.invoices.voidInvoice(invoiceId, {}, { idempotencyKey }),
      );
      return toInvoice(invoice);
    },

    async payInvoice(invoiceId, idempotencyKey) {
      try {
        const invoice = await stripe.invoices.pay(invoiceId, { expand: ["payments"] }, { idempotencyKey });
        return { invoice: toInvoice(invoice), declined: null };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw toProviderError("invoices.pay", error);
        const invoice = await call("invoices.retrieve", () =>
          stripe.invoices.retrieve(invoiceId, { expand: ["payments"] }),
        );
        return { invoice: toInvoice(invoice), declined: { message: error.message || "Your card was declined." } };
      }
    },

    async retrieveInvoice(invoiceId) {
      const invoice = await call("invoices.retrieve", () =>
        stripe.invoices.retrieve(invoiceId, { expand: ["payments"] }),
      );
      return toInvoice(invoice);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Transfers, reversals and refunds (issue #18, P2)
// ---------------------------------------------------------------------------------------------

type Call = <T>(what: string, run: () => Promise<T>) => Promise<T>;

function stripeTransfersApi(stripe: Stripe, call: Call): TransfersApi {
  return {
    async createTransfer(input, idempotencyKey) {
      const transfer = await call("transfers.create", () =>
        stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: "usd",
            destination: input.destination,
            transfer_group: input.transferGroup,
            ...(input.sourceTransaction ? { source_transaction: input.sourceTransaction } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey },
        ),
      );
      return toTransfer(transfer);
    },

    async createTransferReversal(transferId, input, idempotencyKey) {
      const reversal = await call("transfers.createReversal", () =>
        stripe.transfers.createReversal(transferId, { metadata: input.metadata }, { idempotencyKey }),
      );
      return toTransferReversal(reversal);
    },

    async retrievePaymentCharge(paymentIntentId) {
      const intent = await call("paymentIntents.retrieve", () => stripe.paymentIntents.retrieve(paymentIntentId));
      const charge = intent.latest_charge;
      return typeof charge === "string" ? charge : (charge?.id ?? null);
    },

    async createRefund(input, idempotencyKey) {
      const refund = await call("refunds.create", () =>
        stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: input.metadata },
          { idempotencyKey },
        ),
      );
      return toRefund(refund);
    },
  };
}

// ===== Connect accounts (issue #18, P1) =====

function stripeConnectAccounts(
  stripe: Stripe,
  call: <T>(what: string, run: () => Promise<T>) => Promise<T>,
  connectWebhookSecret: string,
): ConnectAccountsApi {
  return {
    async createConnectAccount(input, idempotencyKey) {
      const account = await call("accounts.create", () =>
        stripe.accounts.create(
          {
            type: "express",
            country: "US",
            email: input.email,
            capabilities: { transfers: { requested: true } },
            metadata: { consultantUserId: input.consultantUserId },
          },
          { idempotencyKey },
        ),
      );
      return toConnectAccount(account);
    },

    async retrieveConnectAccount(id) {
      return toConnectAccount(await call("accounts.retrieve", () => stripe.accounts.retrieve(id)));
    },

    async createAccountLink(input) {
      const link = await call("account_links.create", () =>
        stripe.accountLinks.create({
          account: input.accountId,
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
          type: "account_onboarding",
        }),
      );
      return { url: link.url };
    },

    async createLoginLink(accountId) {
      const link = await call("accounts.createLoginLink", () => stripe.accounts.createLoginLink(accountId));
      return { url: link.url };
    },

    verifyConnectWebhook(rawBody, signatureHeader) {
      return verifyStripeSignature(rawBody, signatureHeader, connectWebhookSecret, stripe);
    },
  };
}

// ===== Payouts of connected accounts (issue #18, Q1) =====

function stripePayoutsApi(stripe: Stripe, call: Call): Pick<PaymentProvider, "listPayouts"> {
  return {
    async listPayouts(accountId, options) {
      // The SDK's stripeAccount option sends the `Stripe-Account: acct_…` header.
      const list = await call("payouts.list", () =>
        stripe.payouts.list({ limit: options.limit }, { stripeAccount: accountId }),
      );
      return list.data.map(toPayout);
    },
  };
}

/** Stripe's Payout → the fields Partwise reads (an unknown status reads as pending). */
export function toPayout(payout: Stripe.Payout | Record<string, unknown>): Payout {
  const p = payout as Stripe.Payout;
  return {
    id: p.id,
    amount: Number(p.amount),
    currency: String(p.currency ?? "usd"),
    arrival_date: Number(p.arrival_date),
    status: (PAYOUT_STATUSES as readonly string[]).includes(p.status) ? (p.status as Payout["status"]) : "pending",
    created: Number(p.created),
  };
}
