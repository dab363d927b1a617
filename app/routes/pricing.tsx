import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BillingToggle } from "~/components/payments/billing-toggle";
import { PlanCard } from "~/components/payments/plan-card";
import { PublicLayout, SignUpCall } from "~/components/public/public-layout";
import {
  BENCHMARKING_PRICE_CENTS,
  INSIGHT_PRICE_CENTS,
  parseBilling,
  PLAN_ORDER,
  PLANS,
  TRIAL_DAYS,
  yearlySavingCents,
} from "~/lib/payments/plans";
import { formatMoney, formatPercent } from "~/lib/shared/numbers";
import { PUBLIC_PAGE_HANDLE, PUBLIC_PAGES, publicPageMeta } from "~/lib/shared/public-pages";
import { appOrigin } from "~/server/platform/app-origin.server";

export const handle = PUBLIC_PAGE_HANDLE;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  publicPageMeta(data && { origin: data.origin, ...PUBLIC_PAGES.pricing });

/**
 * /pricing (public, ADR 089): the plan cards of /plan-select from the same data (`?billing=yearly`
 * for yearly prices, without JavaScript), the yearly saving, the one-off prices and the platform
 * fee on engagements (the configured PLATFORM_FEE_PERCENT).
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  return {
    origin: appOrigin(context.app, request),
    billing: parseBilling(new URL(request.url).searchParams.get("billing")),
    feePercent: context.app.env.PLATFORM_FEE_PERCENT,
  };
}

const noop = () => undefined;

export default function Pricing() {
  const { billing, feePercent } = useLoaderData<typeof loader>();
  return (
    <PublicLayout current={PUBLIC_PAGES.pricing.path}>
      <h1>Pricing</h1>
      <p className="public-lead">
        Start free. A paid plan adds monthly diagnostic insights, benchmarking and the tools; every paid plan starts
        with a {TRIAL_DAYS}-day free trial.
      </p>
      <BillingToggle billing={billing} onChange={noop} />
      <div className="plan-grid">
        {PLAN_ORDER.map((tier) => (
          <PlanCard key={tier} plan={PLANS[tier]} billing={billing} current={false} chooseable={false} />
        ))}
      </div>
      <section className="public-section" aria-labelledby="yearly-heading">
        <h2 id="yearly-heading">Paying yearly</h2>
        <ul>
          {PLAN_ORDER.filter((tier) => PLANS[tier].monthlyPriceCents.MONTHLY > 0).map((tier) => (
            <li key={tier}>
              {PLANS[tier].displayName}: {formatMoney(PLANS[tier].monthlyPriceCents.YEARLY * 12, { whole: true })} a
              year in place of {formatMoney(PLANS[tier].monthlyPriceCents.MONTHLY * 12, { whole: true })}, a saving of{" "}
              {formatMoney(yearlySavingCents(PLANS[tier]), { whole: true })}.
            </li>
          ))}
        </ul>
      </section>
      <section className="public-section" aria-labelledby="oneoff-heading">
        <h2 id="oneoff-heading">Without a plan</h2>
        <ul>
          <li>A diagnostic insight: {formatMoney(INSIGHT_PRICE_CENTS)} each.</li>
          <li>A year of benchmarking against your industry: {formatMoney(BENCHMARKING_PRICE_CENTS)}.</li>
        </ul>
      </section>
      <section className="public-section" aria-labelledby="fee-heading">
        <h2 id="fee-heading">Engagements and the platform fee</h2>
        <p>
          You pay the price of each deliverable, month or set of sessions agreed in the signed plan, in advance, and the
          money is held until the work is accepted. Nothing is added on top: Partwise keeps{" "}
          {formatPercent(feePercent, { decimals: 0 })} of it as its fee and the consultant receives the rest.
        </p>
      </section>
      <SignUpCall
        heading="Choose a plan after you sign up"
        text="Create an account, then pick a plan or stay on Basic."
      />
    </PublicLayout>
  );
}
