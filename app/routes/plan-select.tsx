import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { BillingToggle } from "~/components/payments/billing-toggle";
import { PlanCard } from "~/components/payments/plan-card";
import { PlainLayout } from "~/components/shell/plain-layout";
import {
  CANCEL_CHECKOUT_LABEL,
  CHECKOUT_CANCELED_MESSAGE,
  CHECKOUT_CANCELED_NOTICE,
  CHECKOUT_OPEN_NOTICE,
  CONTINUE_CHECKOUT_LABEL,
  MANAGE_BILLING_LABEL,
  PAYMENT_FAILED_NOTICE,
  PAYMENT_START_FAILED_MESSAGE,
  SUBSCRIPTION_CHECKOUT_OPEN_MESSAGE,
  SUBSCRIPTION_LIVE_MESSAGE,
  SUBSCRIPTION_LIVE_NOTICE,
} from "~/lib/payments/payment-copy";
import { parseBilling, PLAN_ORDER, PLANS, type Billing } from "~/lib/payments/plans";
import { usePosting } from "~/components/ui/pending-post";
import { requireClientBusiness } from "~/server/identity/guards.server";
import { readFormAs, requireMethod, seeOther } from "~/server/platform/http.server";
import {
  appOrigin,
  cancelSubscriptionCheckout,
  hasLiveSubscription,
  openSubscriptionCheckout,
} from "~/server/payments/checkout.server";
import { chooseBasicPlan } from "~/server/payments/plans.server";

export const meta: MetaFunction = () => [{ title: "Best Plans for Business | Partwise" }];

/**
 * /plan-select (spec §2, §9): plans are chosen for a business, so a client with a business is
 * required. `?billing=yearly` shows yearly prices without JavaScript; `?notice=payment-failed`
 * is where the checkout endpoint comes back when Stripe could not start the payment. One
 * subscription per business (ADR 010): with a live one the page says to switch plans in the
 * billing portal (Manage billing); with another plan's checkout open, to continue or cancel it
 * (`?notice=subscription-live` / `checkout-open` when the checkout endpoint refused a plan).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const params = new URL(request.url).searchParams;
  const notice = params.get("notice");
  const live = hasLiveSubscription(viewer.business);
  const openCheckout = live ? null : await openSubscriptionCheckout(context.app, viewer.business.id);
  return {
    billing: parseBilling(params.get("billing")),
    currentTier: viewer.business.memberTier,
    paymentFailed: notice === PAYMENT_FAILED_NOTICE,
    liveSubscription: live ? { planName: PLANS[viewer.business.memberTier].displayName } : null,
    openCheckout: openCheckout ? { lookupKey: openCheckout.lookupKey, planName: openCheckout.planName } : null,
    /** Which of the notices above was the answer to the business's own click (said as an alert). */
    refused: notice === SUBSCRIPTION_LIVE_NOTICE || notice === CHECKOUT_OPEN_NOTICE,
    checkoutCanceled: notice === CHECKOUT_CANCELED_NOTICE,
  };
}

const PlanSelectSchema = z.object({
  intent: z.enum(["basic", "cancel-checkout"], { error: "Choose a plan." }),
});

/**
 * "Continue with Basic": records the first plan choice and goes to the dashboard. "Cancel that
 * checkout": the open plan checkout is expired through the provider (it can no longer be paid),
 * then the page again, saying so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireClientBusiness(context.app, request);
  const { intent } = await readFormAs(request, PlanSelectSchema);
  if (intent === "cancel-checkout") {
    const result = await cancelSubscriptionCheckout(context.app, viewer, appOrigin(context.app, request));
    if (!result.ok) return seeOther(`/plan-select?notice=${PAYMENT_FAILED_NOTICE}`);
    return seeOther(`/plan-select?notice=${CHECKOUT_CANCELED_NOTICE}`);
  }
  await chooseBasicPlan(context.app, viewer.business.id);
  return redirect("/dashboard");
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Another plan's checkout is open: continue it (the same session) or cancel it (expired at the provider). */
function OpenCheckoutNotice({
  checkout,
  alert,
}: {
  checkout: { lookupKey: string; planName: string };
  alert: boolean;
}) {
  const canceling = usePosting("cancel-checkout");
  return (
    <div className="notice plans-notice plans-subscription-notice" role={alert ? "alert" : "status"}>
      <p>{SUBSCRIPTION_CHECKOUT_OPEN_MESSAGE(checkout.planName)}</p>
      <div className="button-row">
        <form method="post" action="/api/payments/create-checkout-session">
          <input type="hidden" name="lookup_key" value={checkout.lookupKey} />
          <button type="submit" className="button button-primary button-small">
            {CONTINUE_CHECKOUT_LABEL}
          </button>
        </form>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel-checkout" />
          <button type="submit" className="button button-secondary button-small" disabled={canceling}>
            {canceling ? "Canceling…" : CANCEL_CHECKOUT_LABEL}
          </button>
        </Form>
      </div>
    </div>
  );
}

export default function PlanSelect() {
  const data = useLoaderData<typeof loader>();
  const [billing, setBilling] = useState<Billing>(data.billing);
  // A no-JS style navigation (?billing=...) brings its own period.
  useEffect(() => setBilling(data.billing), [data.billing]);

  return (
    <PlainLayout signedIn>
      <div className="plans-page">
        <header className="plans-header">
          <h1>Best Plans for Business</h1>
          <BillingToggle billing={billing} onChange={setBilling} />
        </header>
        {data.paymentFailed ? (
          <p className="notice plans-notice" role="alert">
            {PAYMENT_START_FAILED_MESSAGE}
          </p>
        ) : null}
        {data.checkoutCanceled && !data.openCheckout ? (
          <p className="notice plans-notice" role="status">
            {CHECKOUT_CANCELED_MESSAGE}
          </p>
        ) : null}
        {data.liveSubscription ? (
          <div className="notice plans-notice plans-subscription-notice" role={data.refused ? "alert" : "status"}>
            <p>{SUBSCRIPTION_LIVE_MESSAGE(data.liveSubscription.planName)}</p>
            <form method="post" action="/api/payments/create-portal-session">
              <button type="submit" className="button button-primary button-small">
                {MANAGE_BILLING_LABEL}
              </button>
            </form>
          </div>
        ) : data.openCheckout ? (
          <OpenCheckoutNotice checkout={data.openCheckout} alert={data.refused} />
        ) : null}
        <div className="plan-grid">
          {PLAN_ORDER.map((tier) => (
            <PlanCard key={tier} plan={PLANS[tier]} billing={billing} current={data.currentTier === tier} />
          ))}
        </div>
        <p className="plans-trial">
          <Link to="/dashboard">Try a 7-Day Free Trial!</Link>
        </p>
      </div>
    </PlainLayout>
  );
}
