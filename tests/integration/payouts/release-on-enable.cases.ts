import { describe, expect, it } from "vitest";
import { signedEvent, stripeEvent, STRIPE_STUB_CONNECT_WEBHOOK_SECRET } from "../helpers/stripe";
import { sendWithStripe } from "../helpers/deliverables";
import { paidEngagement, payoutAccount, stubRequests, transfersOf } from "./helpers";

/**
 * The two halves of paying consultants meet here: an amount held because the consultant had no
 * payouts is sent when Stripe's account.updated says payouts are enabled, once, whatever the replays.
 */
describe("held transfers and the Connect webhook", () => {
  it("an account.updated enabling payouts sends the held transfer once, under replays", async () => {
    const { client, consultant, outline, item } = await paidEngagement();
    const account = await payoutAccount(consultant.user.id, false);
    const approved = await sendWithStripe("/api/delivery-outline/business/item-review", {
      token: client.token,
      method: "PUT",
      json: { deliveryItemId: item.id, deliveryOutlineId: outline.id, decision: "pause", businessNotes: "" },
    });
    expect(approved.status).toBe(200);
    expect(await transfersOf(item.id)).toMatchObject([{ status: "held", attempts: 0 }]);

    const event = {
      ...stripeEvent("account.updated", {
        id: account.stripeAccountId,
        object: "account",
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { currently_due: [], disabled_reason: null },
        metadata: {},
      }),
      account: account.stripeAccountId,
    };
    const signed = await signedEvent(event, STRIPE_STUB_CONNECT_WEBHOOK_SECRET);
    const deliveries = await Promise.all(
      [1, 2, 3].map(() =>
        sendWithStripe("/api/payments/connect-webhook", {
          body: signed.body,
          headers: { "Stripe-Signature": signed.header, "Content-Type": "application/json" },
        }),
      ),
    );
    for (const delivery of deliveries) expect(delivery.status).toBe(200);

    expect(await transfersOf(item.id)).toMatchObject([{ status: "paid", attempts: 1, amountCents: 120_000 }]);
    const sent = (await stubRequests()).filter(
      (request) => request.path === "/v1/transfers" && request.idempotencyKey === `transfer-item-${item.id}`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form).toMatchObject({ destination: account.stripeAccountId, amount: "120000" });
  });
});
