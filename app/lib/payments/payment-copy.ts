// User-facing texts of the payment flow (spec §4): completion cards, 'Order Canceled' messages and
// the readable errors. Pure and isomorphic: pages, API routes and tests read the same strings.

import { MATCHING_CONGRATULATIONS_MESSAGE } from "~/lib/matching/match-copy";

export const PRODUCT_NAME = "Partwise";

export const PAYMENT_FAILED_NOTICE = "payment-failed";
/** Stripe unreachable or refusing: what the user sees instead of 'Failed to create payment session'. */
export const PAYMENT_START_FAILED_MESSAGE = "We couldn't start the payment. Please try again in a few minutes.";
export const PAYMENT_NOT_COMPLETED_MESSAGE = "Payment has not been completed.";
export const INSIGHT_ALREADY_PAID_MESSAGE = "This insight is already paid.";
export const ITEM_ALREADY_PAID_MESSAGE = "This deliverable is already paid.";
export const BENCHMARKING_ALREADY_PAID_MESSAGE = "Benchmarking for this year is already unlocked.";
export const INSIGHT_NOT_FOUND_MESSAGE = "Insight not found.";
export const ITEM_NOT_FOUND_MESSAGE = "Delivery item not found.";
export const BUSINESS_NOT_FOUND_MESSAGE = "Business not found.";
/** Staff accounts calling the plan checkout or the billing portal (403). */
export const PLANS_CLIENTS_ONLY_MESSAGE = "Only business accounts can subscribe to a plan.";
export const PAYMENT_NOT_FOUND_MESSAGE = "Payment not found.";
export const STRIPE_ID_CONFLICT_MESSAGE = "A different payment account is already linked to this business.";
export const STRIPE_ID_UNVERIFIED_MESSAGE = "Payment accounts are linked when you start a checkout.";
export const PAST_DUE_MESSAGE = "Your last payment failed. Update your card in Manage Payment.";

export const CONGRATULATIONS_TITLE = "Congratulations!";
export const ORDER_CANCELED_TITLE = "Order Canceled";

export const PURCHASE_TYPES = ["plan", "insight", "benchmarking", "deliveryItem"] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

/** spec §4 "Payment return cancel messages by purchaseType" ("change you plan" fixed). */
export const CANCEL_MESSAGES: Record<PurchaseType, string> = {
  plan: "You can change your plan in the Company Profile at any time!",
  insight: "You can request an insight from the dashboard at any time!",
  benchmarking: `You can unlock the power of ${PRODUCT_NAME} Benchmarking at any time!`,
  deliveryItem: "You can continue your engagement plan at any time!",
};

export function isPurchaseType(value: unknown): value is PurchaseType {
  return typeof value === "string" && (PURCHASE_TYPES as readonly string[]).includes(value);
}

/** spec §4 "Congratulations card messages and buttons". */
export const CONGRATULATIONS = {
  SUBSCRIPTION: { message: "You've updated your subscription plan!", button: "Home", to: "/dashboard" },
  INSIGHT: { message: "Preparing your Insight request.", button: "Next", to: "/features" },
  /** No payment: the /create-match wizard shows it once the request is sent; Next opens the new match. */
  MATCHING: { message: MATCHING_CONGRATULATIONS_MESSAGE, button: "Next", to: "/features?focus=Matching" },
  BENCHMARKING: {
    message: `You've unlocked ${PRODUCT_NAME} Benchmarking!`,
    button: "View Benchmarking",
    to: "/benchmarking",
  },
  DELIVERY: {
    message: "Your consultant is working on solving your issue and will touch base soon!",
    button: "OK",
    to: "/dashboard",
  },
} as const;
export type CongratulationsType = keyof typeof CONGRATULATIONS;

/** When the return page could not confirm the payment (not paid yet, or not this business's). */
export const PAYMENT_PENDING_TITLE = "Payment not confirmed";
export const PAYMENT_PENDING_MESSAGE =
  "We haven't received confirmation of this payment yet. If you completed it, it will show up shortly.";
