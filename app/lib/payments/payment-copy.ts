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

// One open checkout per thing bought, one subscription per business (ADR 010).
/** Two requests started the same checkout at once and the other one has not finished. */
export const CHECKOUT_STARTING_MESSAGE = "This checkout is already being started. Please try again in a moment.";
/** The open checkout was completed with a payment that has not gone through yet (an asynchronous method). */
export const PAYMENT_PROCESSING_MESSAGE =
  "Your payment for this is still being processed. We'll let you know as soon as it goes through.";
/** /plan-select's notices (?notice=…) after a refused plan checkout, and its cancel action. */
export const SUBSCRIPTION_LIVE_NOTICE = "subscription-live";
export const CHECKOUT_OPEN_NOTICE = "checkout-open";
export const CHECKOUT_CANCELED_NOTICE = "checkout-canceled";
/** A plan checkout refused because the payer's email is not verified (docs/decisions/070). */
export const EMAIL_UNVERIFIED_NOTICE = "email-unverified";
export const SUBSCRIPTION_LIVE_MESSAGE = (plan: string) =>
  `Your business already has the ${plan} plan. To switch plans, use the billing portal (Manage billing): your subscription changes there, so you are never billed twice.`;
export const SUBSCRIPTION_CHECKOUT_OPEN_MESSAGE = (plan: string) =>
  `You already started a checkout for the ${plan} plan. Continue it, or cancel it to choose another plan.`;
export const CHECKOUT_CANCELED_MESSAGE = "That checkout is canceled and can no longer be paid. You can choose a plan.";
export const MANAGE_BILLING_LABEL = "Manage billing";
export const CONTINUE_CHECKOUT_LABEL = "Continue that checkout";
export const CANCEL_CHECKOUT_LABEL = "Cancel that checkout";
/** The success page of a second payment for what was already paid (refunded automatically). */
export const DUPLICATE_PAYMENT_TITLE = "Already paid";
export const DUPLICATE_PAYMENT_REFUNDED_MESSAGE = (amount: string, refunded: boolean) =>
  `You had already paid for this, so this second payment of ${amount} ${refunded ? "was refunded" : "is being refunded"} to your card automatically. Your bank shows the refund within 5–10 business days; nothing else changes.`;
export const DUPLICATE_SUBSCRIPTION_TITLE = "You already have a plan";
export const DUPLICATE_SUBSCRIPTION_MESSAGE =
  "Your business already had a plan, so this second subscription was canceled at once and anything it charged is refunded to your card. To switch plans, use the billing portal (Manage billing).";
/** The notices (in-app and email) of an automatic refund or cancellation. */
export const NOTICE_DUPLICATE_PAYMENT_REFUNDED = "A duplicate payment was refunded";
export const NOTICE_DUPLICATE_PAYMENT_REFUNDED_BODY = (amount: string, what: string) =>
  `You paid twice for "${what}". We refunded the second payment of ${amount} to your card; your bank shows it within 5–10 business days. The first payment stands and nothing else changes.`;
export const NOTICE_DUPLICATE_SUBSCRIPTION_CANCELED = "A second plan subscription was canceled";
export const NOTICE_DUPLICATE_SUBSCRIPTION_CANCELED_BODY = (kept: string, canceled: string, refunded: string | null) =>
  `Your business already had the ${kept} plan, so the second subscription you started (${canceled}) was canceled at once${refunded ? ` and its charge of ${refunded} refunded to your card` : "; nothing was charged for it"}. To switch plans, use the billing portal (Manage billing).`;

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
