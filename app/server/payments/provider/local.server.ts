import type Stripe from "stripe";
import { PLANS, parseLookupKey } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import { and, eq, sql } from "drizzle-orm";
import {
  expireOpenSession,
  hashId,
  insertOnce,
  load,
  loadCheckoutSession,
  loadOrNull,
  localStripeObjects,
  randomId,
  seconds,
  type LocalCheckoutDetails,
} from "./local-objects.server";
import { localConnectAccounts } from "./local-connect.server";
import { localPayoutsApi, recordLocalPayout } from "./local-payouts.server";
import { toCheckoutSession, toPaymentCard, toSubscription, verifyStripeSignature } from "./stripe-wire.server";
import {
  PaymentProviderError,
  type CheckoutSession,
  type PaymentProvider,
  type Refund,
  type TransfersApi,
  type Transfer,
  type TransferReversal,
} from "./types";

/**
 * The built-in test checkout (STRIPE_SECRET_KEY unset, never in production): Stripe-shaped objects
 * in local_stripe_objects, a hosted-checkout-like page at /test-checkout/:id and a billing portal
 * at /test-billing-portal/:id. Completing them delivers webhook events signed with
 * STRIPE_WEBHOOK_SECRET, exactly like Stripe's, to the same handler as real Stripe.
 *
 * Ids derive from the Idempotency-Key (a hash), so a repeated create answers the object created
 * the first time, like Stripe's idempotent requests.
 */

function originOf(url: string): string {
  return new URL(url).origin;
}

export function createLocalProvider(app: AppContext): PaymentProvider {
  async function createCheckout(
    mode: "subscription" | "payment",
    input: {
      customerId: string;
      successUrl: string;
      cancelUrl: string;
      clientReferenceId: string;
      metadata: Record<string, string>;
      amountTotal: number;
      details: Omit<LocalCheckoutDetails, "successUrl" | "cancelUrl">;
    },
    idempotencyKey: string,
  ): Promise<CheckoutSession> {
    await load(app, input.customerId, "customer");
    const id = await hashId("cs_test_", `checkout:${idempotencyKey}`);
    const now = app.now();
    const data = await insertOnce(app, id, "checkout.session", input.customerId, {
      id,
      object: "checkout.session",
      url: `${originOf(input.successUrl)}/test-checkout/${id}`,
      mode,
      status: "open",
      payment_status: "unpaid",
      customer: input.customerId,
      subscription: null,
      client_reference_id: input.clientReferenceId,
      metadata: input.metadata,
      amount_total: input.amountTotal,
      currency: "usd",
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      created: seconds(now),
      expires_at: seconds(now) + 24 * 60 * 60,
      livemode: false,
      partwise_test: { ...input.details, successUrl: input.successUrl, cancelUrl: input.cancelUrl },
    });
    return toCheckoutSession(data as unknown as Stripe.Checkout.Session);
  }

  return {
    kind: "local",

    async createCustomer(input, idempotencyKey) {
      const id = await hashId("cus_test_", `customer:${idempotencyKey}`);
      await insertOnce(app, id, "customer", null, {
        id,
        object: "customer",
        email: input.email,
        name: input.name,
        metadata: { businessId: input.businessId },
        created: seconds(app.now()),
        livemode: false,
      });
      return { id };
    },

    async createSubscriptionCheckout(input, idempotencyKey) {
      const parsed = parseLookupKey(input.lookupKey);
      if (!parsed)
        throw new PaymentProviderError(`No active Stripe price has the lookup key ${input.lookupKey}`, { status: 400 });
      const plan = PLANS[parsed.tier];
      const monthly = plan.monthlyPriceCents[parsed.billing];
      const unitAmount = parsed.billing === "YEARLY" ? monthly * 12 : monthly;
      return createCheckout(
        "subscription",
        {
          ...input,
          // With a free trial nothing is charged today, as in Stripe.
          amountTotal: input.trialDays > 0 ? 0 : unitAmount,
          details: {
            productName: `Partwise ${plan.displayName} (${parsed.billing === "YEARLY" ? "billed yearly" : "billed monthly"})`,
            unitAmount,
            currency: "usd",
            lookupKey: input.lookupKey,
            trialDays: input.trialDays,
            interval: parsed.billing === "YEARLY" ? "year" : "month",
          },
        },
        idempotencyKey,
      );
    },

    async createPaymentCheckout(input, idempotencyKey) {
      return createCheckout(
        "payment",
        {
          ...input,
          amountTotal: input.amountCents,
          details: {
            productName: input.productName,
            unitAmount: input.amountCents,
            currency: input.currency,
            lookupKey: null,
            trialDays: 0,
            interval: null,
          },
        },
        idempotencyKey,
      );
    },

    async retrieveCheckoutSession(id) {
      const data = await loadCheckoutSession(app, id);
      if (!data) throw new PaymentProviderError(`No such checkout.session: '${id}'`, { status: 404 });
      return toCheckoutSession(data as unknown as Stripe.Checkout.Session);
    },

    async expireCheckoutSession(id) {
      const data = await loadCheckoutSession(app, id);
      if (!data) throw new PaymentProviderError(`No such checkout.session: '${id}'`, { status: 404 });
      const expired = data.status === "open" ? await expireOpenSession(app, data) : null;
      if (!expired) {
        const now = (await loadOrNull(app, id, "checkout.session")) ?? data;
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(now.status)}\`.`,
        );
      }
      return toCheckoutSession(expired as unknown as Stripe.Checkout.Session);
    },

    async cancelSubscription(id) {
      const data = await load(app, id, "subscription");
      let current = data;
      if (data.status !== "canceled") {
        const at = seconds(app.now());
        const next = { ...data, status: "canceled", canceled_at: at, ended_at: at };
        const [updated] = await app.db
          .update(localStripeObjects)
          .set({ data: next, updatedAt: app.now() })
          .where(
            and(
              eq(localStripeObjects.id, id),
              eq(localStripeObjects.type, "subscription"),
              sql`json_extract(${localStripeObjects.data}, '$.status') <> 'canceled'`,
            ),
          )
          .returning({ id: localStripeObjects.id });
        current = updated ? next : await load(app, id, "subscription");
      }
      const invoice = current.latest_invoice as { amount_paid?: number; payment_intent?: string | null } | undefined;
      const charged = Number(invoice?.amount_paid ?? 0);
      return {
        subscription: toSubscription(current as unknown as Stripe.Subscription),
        charge:
          charged > 0 && invoice?.payment_intent
            ? { paymentIntentId: invoice.payment_intent, amountCents: charged }
            : null,
      };
    },

    async retrieveSubscription(id) {
      return toSubscription((await load(app, id, "subscription")) as unknown as Stripe.Subscription);
    },

    async createPortalSession(input) {
      await load(app, input.customerId, "customer");
      const id = randomId("bps_test_");
      await insertOnce(app, id, "billing_portal.session", input.customerId, {
        id,
        object: "billing_portal.session",
        customer: input.customerId,
        return_url: input.returnUrl,
        url: `${originOf(input.returnUrl)}/test-billing-portal/${id}`,
        created: seconds(app.now()),
        livemode: false,
      });
      return { url: `${originOf(input.returnUrl)}/test-billing-portal/${id}` };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifyStripeSignature(rawBody, signatureHeader, app.env.STRIPE_WEBHOOK_SECRET);
    },

    async retrievePaymentCard(paymentIntentId) {
      // The PaymentIntent's latest charge keeps the card it was paid with.
      const charge = await latestChargeOf(app, paymentIntentId);
      return charge ? toPaymentCard(await loadOrNull(app, charge, "charge")) : null;
    },

    ...localConnectAccounts(app),
    ...localTransfersApi(app),
    ...localPayoutsApi(app),
  };
}

// ---------------------------------------------------------------------------------------------
// Transfers, reversals and refunds (issue #18, P2): Stripe-shaped objects kept in
// local_stripe_objects, ids derived from the Idempotency-Key so a repeated call answers the
// object made the first time, and Stripe's refusals (a reversed transfer, an unknown or
// over-refunded payment) answered as Stripe would.
// ---------------------------------------------------------------------------------------------

/**
 * The latest charge of a local PaymentIntent: the paid checkout session names both (a PaymentIntent
 * is not stored on its own). Null while the session has no charge; a 404 error for an unknown id.
 */
async function latestChargeOf(app: AppContext, paymentIntentId: string): Promise<string | null> {
  const [session] = await app.db
    .select({ charge: sql<string | null>`json_extract(${localStripeObjects.data}, '$.latest_charge')` })
    .from(localStripeObjects)
    .where(
      and(
        eq(localStripeObjects.type, "checkout.session"),
        sql`json_extract(${localStripeObjects.data}, '$.payment_intent') = ${paymentIntentId}`,
      ),
    )
    .limit(1);
  if (!session) throw new PaymentProviderError(`No such payment_intent: '${paymentIntentId}'`, { status: 404 });
  return session.charge ?? null;
}

const invalid = (message: string) => new PaymentProviderError(`Stripe (local) refused: ${message}`, { status: 400 });

function localTransfersApi(app: AppContext): TransfersApi {
  return {
    async createTransfer(input, idempotencyKey) {
      if (!/^acct_/.test(input.destination)) throw invalid(`No such destination: '${input.destination}'`);
      if (!Number.isInteger(input.amountCents) || input.amountCents < 1) throw invalid("Invalid positive integer");
      const id = await hashId("tr_test_", `transfer:${idempotencyKey}`);
      const made = await loadOrNull(app, id, "transfer");
      if (made) return toLocalTransfer(made);
      if (input.sourceTransaction) await checkSourceCharge(app, input.sourceTransaction, input.amountCents);
      const data = await insertOnce(app, id, "transfer", input.destination, {
        id,
        object: "transfer",
        amount: input.amountCents,
        amount_reversed: 0,
        currency: "usd",
        destination: input.destination,
        transfer_group: input.transferGroup,
        source_transaction: input.sourceTransaction ?? null,
        reversed: false,
        reversals: { object: "list", data: [] },
        metadata: input.metadata,
        created: seconds(app.now()),
        livemode: false,
      });
      // Express accounts pay out automatically: the transfer's payout to the account's bank (Q1).
      await recordLocalPayout(app, data);
      return toLocalTransfer(data);
    },

    async createTransferReversal(transferId, input, idempotencyKey) {
      const id = await hashId("trr_test_", `reversal:${idempotencyKey}`);
      const existing = await app.db.query.localStripeObjects.findFirst({
        where: and(eq(localStripeObjects.id, id), eq(localStripeObjects.type, "transfer_reversal")),
      });
      if (existing) return toLocalReversal(existing.data);
      const transfer = await load(app, transferId, "transfer");
      const now = app.now();
      // Reverses once: only a transfer not yet reversed is marked (a conditional update).
      const [marked] = await app.db
        .update(localStripeObjects)
        .set({
          data: { ...transfer, reversed: true, amount_reversed: transfer.amount },
          updatedAt: now,
        })
        .where(
          and(
            eq(localStripeObjects.id, transferId),
            eq(localStripeObjects.type, "transfer"),
            sql`json_extract(${localStripeObjects.data}, '$.reversed') = 0`,
          ),
        )
        .returning({ id: localStripeObjects.id });
      if (!marked) throw invalid(`Transfer ${transferId} is already fully reversed.`);
      const data = await insertOnce(app, id, "transfer_reversal", String(transfer.destination), {
        id,
        object: "transfer_reversal",
        amount: transfer.amount,
        currency: "usd",
        transfer: transferId,
        metadata: input.metadata,
        created: seconds(now),
      });
      return toLocalReversal(data);
    },

    retrievePaymentCharge(paymentIntentId) {
      return latestChargeOf(app, paymentIntentId);
    },

    async createRefund(input, idempotencyKey) {
      const id = await hashId("re_test_", `refund:${idempotencyKey}`);
      const existing = await app.db.query.localStripeObjects.findFirst({
        where: and(eq(localStripeObjects.id, id), eq(localStripeObjects.type, "refund")),
      });
      if (existing) return toLocalRefund(existing.data);
      const [session] = await app.db
        .select()
        .from(localStripeObjects)
        .where(
          and(
            eq(localStripeObjects.type, "checkout.session"),
            sql`json_extract(${localStripeObjects.data}, '$.payment_intent') = ${input.paymentIntentId}`,
          ),
        )
        .limit(1);
      if (!session)
        throw new PaymentProviderError(`No such payment_intent: '${input.paymentIntentId}'`, { status: 404 });
      const refunded = await app.db
        .select({ amount: sql<number>`coalesce(sum(json_extract(${localStripeObjects.data}, '$.amount')), 0)` })
        .from(localStripeObjects)
        .where(
          and(
            eq(localStripeObjects.type, "refund"),
            sql`json_extract(${localStripeObjects.data}, '$.payment_intent') = ${input.paymentIntentId}`,
          ),
        );
      const total = Number(session.data.amount_total ?? 0);
      if (input.amountCents > total - Number(refunded[0]?.amount ?? 0)) {
        throw invalid(`Refund amount is greater than the unrefunded amount of ${input.paymentIntentId}.`);
      }
      const data = await insertOnce(app, id, "refund", session.customerId, {
        id,
        object: "refund",
        amount: input.amountCents,
        currency: "usd",
        payment_intent: input.paymentIntentId,
        status: "succeeded",
        metadata: input.metadata,
        created: seconds(app.now()),
      });
      return toLocalRefund(data);
    },
  };
}

/**
 * A transfer's source_transaction, as Stripe checks it: a charge of a paid test checkout, with
 * enough of its amount not yet transferred (less what was reversed) for this transfer.
 */
async function checkSourceCharge(app: AppContext, chargeId: string, amountCents: number): Promise<void> {
  const [charged, transferred] = await app.db.batch([
    app.db
      .select({ amount: sql<number>`json_extract(${localStripeObjects.data}, '$.amount_total')` })
      .from(localStripeObjects)
      .where(
        and(
          eq(localStripeObjects.type, "checkout.session"),
          sql`json_extract(${localStripeObjects.data}, '$.latest_charge') = ${chargeId}`,
        ),
      )
      .limit(1),
    app.db
      .select({
        amount: sql<number>`coalesce(sum(json_extract(${localStripeObjects.data}, '$.amount') - json_extract(${localStripeObjects.data}, '$.amount_reversed')), 0)`,
      })
      .from(localStripeObjects)
      .where(
        and(
          eq(localStripeObjects.type, "transfer"),
          sql`json_extract(${localStripeObjects.data}, '$.source_transaction') = ${chargeId}`,
        ),
      ),
  ]);
  const charge = charged[0];
  if (!charge) throw invalid(`No such charge: '${chargeId}'`);
  const left = Number(charge.amount ?? 0) - Number(transferred[0]?.amount ?? 0);
  if (amountCents > left) {
    throw invalid(`The transfer amount is greater than what is left of charge ${chargeId} (${left} cents).`);
  }
}

function toLocalTransfer(data: Record<string, unknown>): Transfer {
  return {
    id: String(data.id),
    amount: Number(data.amount),
    destination: String(data.destination),
    transfer_group: (data.transfer_group as string | null) ?? null,
    reversed: Boolean(data.reversed),
    metadata: { ...((data.metadata as Record<string, string> | undefined) ?? {}) },
  };
}

function toLocalReversal(data: Record<string, unknown>): TransferReversal {
  return { id: String(data.id), amount: Number(data.amount), transfer: String(data.transfer) };
}

function toLocalRefund(data: Record<string, unknown>): Refund {
  return {
    id: String(data.id),
    amount: Number(data.amount),
    payment_intent: (data.payment_intent as string | null) ?? null,
    status: String(data.status),
  };
}
