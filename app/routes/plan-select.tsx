import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data as answer, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
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
import { startTrial } from "~/server/payments/trial.server";
import { TRIAL_COPY, trialState } from "~/lib/payments/trial";
import { usePosting } from "~/components/ui/pending-post";
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
  const { business } = viewer;
  const trial = trialState(business, context.app.now());
  return {
    billing: parseBilling(params.get("billing")),
    currentTier: business.memberTier,
    paymentFailed: params.get("notice") === PAYMENT_FAILED_NOTICE,
    // The free trial (ADR 050): offered on BASIC to a business that never had a trial or a subscription.
    trial:
      trial.state === "none"
        ? { offered: business.memberTier === "BASIC" && business.subscriptionId === null, text: null }
        : {
            offered: false,
            text:
              trial.state === "active"
                ? TRIAL_COPY.active(trial.tier, trial.endsAt)
                : TRIAL_COPY.ended(trial.tier, trial.endsAt),
          },
  };
}

const ChoosePlanSchema = z.object({ intent: z.enum(["basic", "trial"], { error: "Choose a plan." }) });

/**
 * "Continue with Basic" records the first plan choice; "Try a 7-Day Free Trial!" starts the free
 * trial (startTrial: once per business, on BASIC only; a refusal is answered here with 409). Both
 * then go on with the sign-up flow: the "Almost there!" page while the profile is incomplete, else
 * the dashboard.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireClientBusiness(context.app, request);
  const { intent } = await readFormAs(request, ChoosePlanSchema);
  if (intent === "trial") {
    const result = await startTrial(context.app, viewer.business.id);
    if (!result.ok) return answer({ trialError: result.msg }, { status: result.status });
  } else {
    await chooseBasicPlan(context.app, viewer.business.id);
  }
  return redirect(await pathAfterPlanChoice(context.app, viewer.user.id));
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function PlanSelect() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
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
        <TrialOffer trial={data.trial} error={refused?.trialError ?? null} />
      </div>
    </PlainLayout>
  );
}

/** The free trial: the button that starts it and what it opens, or where the business's trial stands. */
function TrialOffer({ trial, error }: { trial: { offered: boolean; text: string | null }; error: string | null }) {
  const busy = usePosting("trial");
  return (
    <section className="plans-trial" aria-label="Free trial">
      {trial.offered ? (
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="trial"
            className="link-button plans-trial-button"
            disabled={busy}
            aria-describedby="plans-trial-offer"
          >
            {TRIAL_COPY.start}
          </button>
          <p id="plans-trial-offer" className="muted plans-trial-offer">
            {TRIAL_COPY.offer()}
          </p>
        </Form>
      ) : null}
      {trial.text ? <p className="plans-trial-state">{trial.text}</p> : null}
      {error ? (
        <p className="notice notice-danger" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
