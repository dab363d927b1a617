import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { BillingToggle } from "~/components/payments/billing-toggle";
import { PlanCard } from "~/components/payments/plan-card";
import { PlainLayout } from "~/components/shell/plain-layout";
import { PAYMENT_FAILED_NOTICE, PAYMENT_START_FAILED_MESSAGE } from "~/lib/payments/payment-copy";
import { parseBilling, PLAN_ORDER, PLANS, type Billing } from "~/lib/payments/plans";
import { requireClientBusiness } from "~/server/identity/guards.server";
import { readFormAs, requireMethod } from "~/server/platform/http.server";
import { chooseBasicPlan } from "~/server/payments/plans.server";
import { pathAfterPlanChoice } from "~/server/business/profile-progress.server";

export const meta: MetaFunction = () => [{ title: "Best Plans for Business | Partwise" }];

/**
 * /plan-select (spec §2, §9): plans are chosen for a business, so a client with a business is
 * required. `?billing=yearly` shows yearly prices without JavaScript; `?notice=payment-failed`
 * is where the checkout endpoint comes back when Stripe could not start the payment.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const params = new URL(request.url).searchParams;
  return {
    billing: parseBilling(params.get("billing")),
    currentTier: viewer.business.memberTier,
    paymentFailed: params.get("notice") === PAYMENT_FAILED_NOTICE,
  };
}

const ChooseBasicSchema = z.object({ intent: z.literal("basic", { error: "Choose a plan." }) });

/**
 * "Continue with Basic": records the first plan choice, then goes on with the sign-up flow: the
 * "Almost there!" page while the profile is incomplete, else the dashboard.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireClientBusiness(context.app, request);
  await readFormAs(request, ChooseBasicSchema);
  await chooseBasicPlan(context.app, viewer.business.id);
  return redirect(await pathAfterPlanChoice(context.app, viewer.user.id));
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

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
