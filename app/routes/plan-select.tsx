import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { BillingToggle } from "../components/plans/billing-toggle";
import { PlanCard } from "../components/plans/plan-card";
import { PlainLayout } from "../components/plain-layout";
import {
  PAID_PLANS_SOON_MESSAGE,
  PAID_PLANS_SOON_NOTICE,
  parseBilling,
  PLAN_ORDER,
  PLANS,
  type Billing,
} from "../lib/plans";
import { requireClientBusiness } from "../server/auth.server";
import { readBody, requireMethod } from "../server/http.server";
import { chooseBasicPlan } from "../server/plans.server";

export const meta: MetaFunction = () => [{ title: "Best Plans for Business | Partwise" }];

/**
 * /plan-select (spec §2, §9): plans are chosen for a business, so a client with a business is
 * required. `?billing=yearly` shows yearly prices without JavaScript; `?notice=paid-plans-soon`
 * is where the interim checkout endpoint sends paid-plan choices.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const params = new URL(request.url).searchParams;
  return {
    billing: parseBilling(params.get("billing")),
    currentTier: viewer.business.memberTier,
    paidPlansSoon: params.get("notice") === PAID_PLANS_SOON_NOTICE,
  };
}

const ChooseBasicSchema = z.object({ intent: z.literal("basic", { error: "Choose a plan." }) });

/** "Continue with Basic": records the first plan choice and goes to the dashboard. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireClientBusiness(context.app, request);
  await readBody(request, ChooseBasicSchema);
  await chooseBasicPlan(context.app, viewer.business.id);
  return redirect("/dashboard");
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
        {data.paidPlansSoon ? (
          <p className="notice plans-notice" role="status">
            {PAID_PLANS_SOON_MESSAGE}
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
