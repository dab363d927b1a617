import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAppContext } from "~/server/load-context";
import { payLocalCheckout } from "~/server/payments/stripe-fake/keyless.server";
import { paymentProvider } from "~/server/payments/provider/factory.server";
import { PaymentProviderError } from "~/server/payments/provider/types";

/** The built-in local mode (no STRIPE_SECRET_KEY): transfers, reversals and refunds kept in D1, offline. */
const localApp = () => createAppContext(env, () => undefined);
let counter = 0;
const key = (what: string) => `${what}-${Date.now().toString(36)}-${counter++}`;

/** A payment-mode test checkout of `amountCents`, paid: its session as the provider answers it. */
async function paidCheckout(app: ReturnType<typeof localApp>, amountCents: number, productName: string) {
  const provider = paymentProvider(app);
  const customer = await provider.createCustomer({ businessId: "b", email: "a@example.com", name: "A" }, key("cus"));
  const session = await provider.createPaymentCheckout(
    {
      customerId: customer.id,
      amountCents,
      currency: "usd",
      productName,
      successUrl: "https://partwise.test/ok?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://partwise.test/cancel",
      clientReferenceId: key("purchase"),
      metadata: {},
    },
    key("cs"),
  );
  await payLocalCheckout(app, session.id, async () => ({ status: 200, msg: "ok" }));
  return provider.retrieveCheckoutSession(session.id);
}

describe("the local provider's transfers", () => {
  it("makes one transfer per Idempotency-Key and reverses it once", async () => {
    const provider = paymentProvider(localApp());
    const idem = key("transfer-item");
    const input = {
      amountCents: 12_000,
      destination: "acct_local_x1",
      transferGroup: "outline-1",
      metadata: { itemId: "i1" },
    };
    const [first, again] = await Promise.all([
      provider.createTransfer(input, idem),
      provider.createTransfer(input, idem),
    ]);
    expect(first).toEqual(again);
    expect(first).toMatchObject({
      amount: 12_000,
      destination: "acct_local_x1",
      transfer_group: "outline-1",
      reversed: false,
    });
    expect(first.id).toMatch(/^tr_test_/);

    const reversalKey = key("reverse-item");
    const reversal = await provider.createTransferReversal(first.id, { metadata: {} }, reversalKey);
    expect(reversal).toMatchObject({ amount: 12_000, transfer: first.id });
    expect(await provider.createTransferReversal(first.id, { metadata: {} }, reversalKey)).toEqual(reversal);
    await expect(provider.createTransferReversal(first.id, { metadata: {} }, key("other"))).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    await expect(provider.createTransfer({ ...input, destination: "nobody" }, key("bad"))).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });

  it("refunds a paid test checkout's PaymentIntent, never more than was paid", async () => {
    const app = localApp();
    const provider = paymentProvider(app);
    const paid = await paidCheckout(app, 50_000, "Phase 1");
    expect(paid.payment_intent).toMatch(/^pi_test_/);
    const refundKey = key("refund-item");
    const refund = await provider.createRefund(
      { paymentIntentId: paid.payment_intent!, amountCents: 50_000, metadata: {} },
      refundKey,
    );
    expect(refund).toMatchObject({ amount: 50_000, status: "succeeded", payment_intent: paid.payment_intent });
    expect(
      await provider.createRefund(
        { paymentIntentId: paid.payment_intent!, amountCents: 50_000, metadata: {} },
        refundKey,
      ),
    ).toEqual(refund);
    await expect(
      provider.createRefund({ paymentIntentId: paid.payment_intent!, amountCents: 1, metadata: {} }, key("more")),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("gives a paid checkout's charge, and takes it as a transfer's source only up to its amount", async () => {
    const app = localApp();
    const provider = paymentProvider(app);
    const paid = await paidCheckout(app, 150_000, "Freight audit");
    const charge = await provider.retrievePaymentCharge(paid.payment_intent!);
    expect(charge).toMatch(/^ch_test_/);
    expect(await provider.retrievePaymentCharge(paid.payment_intent!)).toBe(charge);
    await expect(provider.retrievePaymentCharge("pi_test_unknown")).rejects.toMatchObject({ status: 404 });

    const input = {
      amountCents: 120_000,
      destination: "acct_local_x2",
      transferGroup: "outline-2",
      sourceTransaction: charge!,
      metadata: {},
    };
    const transferKey = key("transfer-source");
    const first = await provider.createTransfer(input, transferKey);
    expect(first.amount).toBe(120_000);
    // The same key answers the same transfer; it is not counted against the charge again.
    expect(await provider.createTransfer(input, transferKey)).toEqual(first);
    // 30,000 of the charge is left: a second transfer of more is refused, one within it is made.
    await expect(provider.createTransfer({ ...input, amountCents: 30_001 }, key("more"))).rejects.toThrow(
      /greater than what is left of charge/,
    );
    expect((await provider.createTransfer({ ...input, amountCents: 30_000 }, key("rest"))).amount).toBe(30_000);
    await expect(
      provider.createTransfer({ ...input, sourceTransaction: "ch_test_unknown" }, key("unknown")),
    ).rejects.toThrow(/No such charge: 'ch_test_unknown'/);
  });
});
