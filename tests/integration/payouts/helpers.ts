import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import {
  consultantPayoutAccounts,
  consultantTransfers,
  deliveryItems,
  deliveryOutlines,
  itemRefunds,
} from "~db/schema";
import { createAppContext } from "~/server/load-context";
import type { CloudflareBindings } from "~/server/platform/env.server";
import { createConsultant, createPurchaseRow, db, STRIPE_STUB_SECRET_KEY, stripeEnv, stripeStubUrl } from "../helpers";
import { createSignedOutline } from "../helpers/deliverables";
import { signedInClient } from "../../factories";

/** Helpers of the transfers tests (issue #18, P2). */

let counter = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

/** An AppContext in Stripe mode against the stub (PLATFORM_FEE_PERCENT from the env: 20). */
export function stubApp() {
  return createAppContext(stripeEnv(env) as unknown as CloudflareBindings, () => {});
}

/** A paid payment in the stub (a Checkout session paid through its test control): its PaymentIntent id. */
export async function stubPayment(amountCents: number): Promise<string> {
  const base = stripeStubUrl();
  const created = await fetch(`${base}/v1/checkout/sessions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${STRIPE_STUB_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      mode: "payment",
      success_url: "https://partwise.test/ok",
      cancel_url: "https://partwise.test/cancel",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": String(amountCents),
      "line_items[0][price_data][product_data][name]": "Deliverable",
    }).toString(),
  });
  const session = (await created.json()) as { id: string };
  const paid = await fetch(`${base}/__sessions/${session.id}/pay`, { method: "POST", body: "{}" });
  return ((await paid.json()) as { payment_intent: string }).payment_intent;
}

/** The consultant's connected account (as P1's onboarding records it). */
export async function payoutAccount(consultantUserId: string, payoutsEnabled: boolean) {
  const stripeAccountId = unique("acct_stub");
  await db()
    .insert(consultantPayoutAccounts)
    .values({
      consultantUserId,
      stripeAccountId,
      detailsSubmitted: payoutsEnabled,
      chargesEnabled: payoutsEnabled,
      payoutsEnabled,
    })
    .onConflictDoUpdate({ target: consultantPayoutAccounts.consultantUserId, set: { payoutsEnabled } });
  const [row] = await db()
    .select()
    .from(consultantPayoutAccounts)
    .where(eq(consultantPayoutAccounts.consultantUserId, consultantUserId));
  return row!;
}

/**
 * A running engagement with `count` items, each prepaid through the stub (a real PaymentIntent);
 * item `delivered` (default 0) was delivered and waits for the business's review, the ones
 * before it are approved without transfers, the ones after it are paid and active.
 */
export async function paidEngagement(options: { count?: number; delivered?: number; priceCents?: number } = {}) {
  const client = await signedInClient();
  const consultant = await createConsultant();
  const count = options.count ?? 2;
  const price = options.priceCents ?? 150_000;
  const engagement = await createSignedOutline(client.business.id, consultant.user.id, {
    items: Array.from({ length: count }, () => ({ priceCents: price })),
  });
  const delivered = options.delivered ?? 0;
  for (const [position, item] of engagement.items.entries()) {
    const { id: purchaseId } = await createPurchaseRow(client.business.id, {
      referenceId: item.id,
      amountCents: price,
      stripePaymentIntentId: await stubPayment(price),
      paidAt: new Date(),
    });
    await db()
      .update(deliveryItems)
      .set(
        position === delivered
          ? {
              paidPurchaseId: purchaseId,
              status: "delivered",
              consultantConfirmedDelivery: true,
              summaryOfWork: "The freight analysis.",
              businessDeliveryReview: "pending",
            }
          : position < delivered
            ? { paidPurchaseId: purchaseId, status: "approved", businessDeliveryReview: "approved" }
            : { paidPurchaseId: purchaseId, status: "active" },
      )
      .where(eq(deliveryItems.id, item.id));
  }
  const item = engagement.items[delivered]!;
  await db()
    .update(deliveryOutlines)
    .set({ activeItemId: item.id })
    .where(eq(deliveryOutlines.id, engagement.outline.id));
  return { client, consultant, ...engagement, item };
}

export const transfersOf = (itemId: string) =>
  db().select().from(consultantTransfers).where(eq(consultantTransfers.itemId, itemId));
export const refundsOf = (itemId: string) => db().select().from(itemRefunds).where(eq(itemRefunds.itemId, itemId));

/** The stub's /v1 requests so far. */
export async function stubRequests(): Promise<
  { method: string; path: string; form: Record<string, string>; idempotencyKey: string | null }[]
> {
  return (await (await fetch(`${stripeStubUrl()}/__requests`)).json()) as never;
}

/** The next `count` stub requests to `path` (by default the transfers') fail with `status`. */
export async function failStub(count: number, status = 500, path = "/v1/transfers") {
  await fetch(`${stripeStubUrl()}/__fail`, { method: "POST", body: JSON.stringify({ status, count, path }) });
}
