// Bodies of the payment API routes. The routes validate with these and the API contract each route
// exports (`contract`, beside its handler) describes the same objects, so the two cannot drift.
import * as z from "zod";
import { parseLookupKey, UNKNOWN_PLAN_MESSAGE } from "~/lib/payments/plans";

const requiredId = (name: string) =>
  z.string({ error: `${name} is required.` }).min(1, { error: `${name} is required.` });

/**
 * POST /api/payments/create-checkout-session: the plan's lookup key, such as PREMIUM_PLAN_YEARLY,
 * parsed once into the plan it names (the route receives `{ tier, billing }`).
 */
export const CheckoutSessionSchema = z.object({
  lookup_key: z.string({ error: UNKNOWN_PLAN_MESSAGE }).transform((value, ctx) => {
    const plan = parseLookupKey(value);
    if (!plan) {
      ctx.issues.push({ code: "custom", message: UNKNOWN_PLAN_MESSAGE, input: value });
      return z.NEVER;
    }
    return plan;
  }),
});

/** POST /api/payments/create-insight-checkout. */
export const InsightCheckoutSchema = z.object({
  businessId: requiredId("businessId"),
  insightId: requiredId("insightId"),
});

/** POST /api/payments/create-item-session. */
export const ItemCheckoutSchema = z.object({
  deliveryItemId: requiredId("deliveryItemId"),
  deliveryOutlineId: requiredId("deliveryOutlineId"),
});

/** PUT /api/payments/update-business-benchmarking. */
export const BenchmarkingCheckoutSchema = z.object({
  businessId: requiredId("businessId"),
});

/** PUT /api/payments/update-stripe-id. */
export const StripeIdSchema = z.object({
  businessId: requiredId("businessId"),
  stripeId: requiredId("stripeId").max(255),
});

/** PUT /api/insight/insightRequest/successful-payment. */
export const InsightPaymentSchema = z.object({
  insightId: requiredId("insightId"),
});

/** PUT /api/delivery-outline/change-active-item. */
export const ChangeActiveItemSchema = z.object({
  deliveryItemId: requiredId("deliveryItemId"),
  deliveryOutlineId: requiredId("deliveryOutlineId"),
  sessionId: requiredId("sessionId"),
});
