import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  CHECKOUT_OPEN_NOTICE,
  EMAIL_UNVERIFIED_NOTICE,
  PAYMENT_FAILED_NOTICE,
  PLANS_CLIENTS_ONLY_MESSAGE,
  SUBSCRIPTION_LIVE_NOTICE,
} from "~/lib/payments/payment-copy";
import { requireApiClient } from "~/http/guards.server";
import { readBody, requireMethod, seeOther } from "~/http/http.server";
import { CheckoutSessionSchema } from "~/lib/payments/api-schemas";
import { startSubscriptionCheckout } from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { methodNotAllowed } from "~/http/route-kit.server";
import { type ApiOperation, CLIENT_ERRORS } from "~/server/platform/api-contract.server";

/**
 * POST /api/payments/create-checkout-session (form post, hidden lookup_key such as
 * PREMIUM_PLAN_YEARLY): creates or reuses the business's Stripe customer, records a
 * pending purchase and answers 303 to a subscription Checkout Session with the 7-day trial.
 * No session → 401 {msg}; staff → 403 {msg}; no business → 404 {msg}; an unknown key → 400 {msg} and nothing is sent
 * to Stripe; Stripe unreachable → 303 /plan-select?notice=payment-failed (the purchase is failed).
 * One subscription per business (ADR 010): a business with a live subscription → 303
 * /plan-select?notice=subscription-live (it switches plans in the billing portal); another plan's
 * checkout still open → 303 /plan-select?notice=checkout-open (continue or cancel it). The same
 * plan's open checkout is reused.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireApiClient(context.app, request, {
    business: true,
    action: "changePlan",
    forbidden: PLANS_CLIENTS_ONLY_MESSAGE,
  });
  const { lookup_key: plan } = await readBody(request, CheckoutSessionSchema);
  const result = await startSubscriptionCheckout(
    context.app,
    { user: viewer.user, business: viewer.business },
    plan,
    appOrigin(context.app, request),
  );
  if (!result.ok) {
    const notice =
      result.code === "subscription_live"
        ? SUBSCRIPTION_LIVE_NOTICE
        : result.code === "subscription_checkout_open"
          ? CHECKOUT_OPEN_NOTICE
          : result.code === "email_unverified"
            ? EMAIL_UNVERIFIED_NOTICE
            : PAYMENT_FAILED_NOTICE;
    return seeOther(`/plan-select?notice=${notice}`);
  }
  return seeOther(result.url);
}

export const loader = methodNotAllowed("POST");

export const contract: ApiOperation[] = [
  {
    method: "post",
    path: "/api/payments/create-checkout-session",
    operationId: "createPlanCheckout",
    tag: "payments",
    summary:
      "A form post: redirects to a subscription Checkout Session (or back to /plan-select when the provider fails).",
    access: "session",
    body: { name: "CheckoutSession", schema: CheckoutSessionSchema, reader: "json" },
    ok: { 303: "to the Checkout Session" },
    errors: [400, ...CLIENT_ERRORS, 404],
  },
];
