import Stripe from "stripe";
import {
  PaymentProviderError,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type CheckoutSession,
  type PaymentProvider,
  type StripeEvent,
  type Subscription,
} from "./provider-types.server";

/**
 * The provider backed by Stripe's HTTP API (or a stub of it at STRIPE_API_BASE). Uses the stripe
 * SDK with the fetch HTTP client and the SubtleCrypto provider, which both run in workerd.
 */
export function createStripeProvider(config: { secretKey: string; webhookSecret: string; apiBase: string }): PaymentProvider {
  const base = new URL(config.apiBase);
  const protocol = base.protocol === "http:" ? "http" : "https";
  const stripe = new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
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
    const prices = await call("prices.list", () => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }));
    const price = prices.data[0];
    if (!price) throw new PaymentProviderError(`No active Stripe price has the lookup key ${lookupKey}`);
    return price.id;
  }

  return {
    kind: "stripe",

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
                price_data: { currency: input.currency, unit_amount: input.amountCents, product_data: { name: input.productName } },
              },
            ],
            payment_intent_data: { metadata: input.metadata },
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

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeSignature(rawBody, signatureHeader, config.webhookSecret, stripe);
    },
  };
}

/**
 * Stripe's own check (constructEventAsync with SubtleCrypto): the header's v1 signature must be
 * HMAC-SHA256(secret, `${t}.${rawBody}`) and t within WEBHOOK_TOLERANCE_SECONDS of now.
 */
export async function verifyStripeSignature(
  rawBody: string,
  signatureHeader: string | null,
  secret: string,
  stripe: Stripe = new Stripe("sk_test_signature_check", { httpClient: Stripe.createFetchHttpClient() }),
): Promise<StripeEvent> {
  if (!signatureHeader) throw new WebhookSignatureError("Missing Stripe-Signature header");
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

function toProviderError(what: string, error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const detail = [error.type, error.statusCode, error.code, error.requestId].filter(Boolean).join(" ");
    return new PaymentProviderError(`Stripe ${what} failed: ${detail}`, { cause: error, status: error.statusCode });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Stripe ${what} failed: ${message}`, { cause: error });
}
