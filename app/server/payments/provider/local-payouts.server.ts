import { and, desc, eq } from "drizzle-orm";
import type { AppContext } from "~/server/load-context";
import { hashId, localStripeObjects, seconds } from "./local-objects.server";
import { toPayout } from "./stripe.server";
import type { PaymentProvider, Payout } from "./types";

/**
 * Payouts in the built-in local mode (STRIPE_SECRET_KEY unset, never in production). Express
 * accounts pay out automatically: every transfer the local provider makes to a connected account
 * is followed by a payout of that amount from the account's balance to its bank, stored like
 * Stripe's Payout object in local_stripe_objects (type "payout", customer_id = the account). It
 * is in transit until its arrival date, two days after the transfer, and paid from then on, as
 * GET /v1/payouts with the account's Stripe-Account header would report it.
 */

/** Days between a transfer and the arrival of its automatic payout at the bank. */
export const LOCAL_PAYOUT_DAYS = 2;

const DAY_SECONDS = 86_400;

/**
 * The automatic payout of a local transfer: one per transfer (its id derives from the transfer's,
 * and the insert does nothing when it exists), so a replayed transfer never pays out twice.
 */
export async function recordLocalPayout(app: AppContext, transfer: Record<string, unknown>): Promise<void> {
  const transferId = String(transfer.id);
  const destination = String(transfer.destination);
  const created = typeof transfer.created === "number" ? transfer.created : seconds(app.now());
  const id = await hashId("po_test_", `payout:${transferId}`);
  await app.db
    .insert(localStripeObjects)
    .values({
      id,
      type: "payout",
      customerId: destination,
      data: {
        id,
        object: "payout",
        amount: Number(transfer.amount),
        currency: "usd",
        arrival_date: created + LOCAL_PAYOUT_DAYS * DAY_SECONDS,
        automatic: true,
        method: "standard",
        type: "bank_account",
        status: "in_transit",
        source_transfer: transferId,
        created,
        livemode: false,
      },
      createdAt: app.now(),
      updatedAt: app.now(),
    })
    .onConflictDoNothing();
}

/** A stored payout as Stripe would report it now: in transit until its arrival date, then paid. */
export function localPayoutNow(data: Record<string, unknown>, now: Date): Payout {
  const payout = toPayout(data);
  if (payout.status === "in_transit" && payout.arrival_date <= seconds(now)) return { ...payout, status: "paid" };
  return payout;
}

export function localPayoutsApi(app: AppContext): Pick<PaymentProvider, "listPayouts"> {
  return {
    async listPayouts(accountId, options) {
      const limit = Math.min(Math.max(Math.trunc(options.limit), 1), 100);
      const rows = await app.db
        .select({ data: localStripeObjects.data })
        .from(localStripeObjects)
        .where(and(eq(localStripeObjects.type, "payout"), eq(localStripeObjects.customerId, accountId)))
        .orderBy(desc(localStripeObjects.createdAt), desc(localStripeObjects.id))
        .limit(limit);
      const now = app.now();
      return rows.map((row) => localPayoutNow(row.data, now));
    },
  };
}
