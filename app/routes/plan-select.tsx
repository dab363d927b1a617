import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data as answer, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import * as z from "zod";
import { BillingToggle } from "~/components/payments/billing-toggle";
import { PlanCard } from "~/components/payments/plan-card";
import { RoleNotice } from "~/components/business/role-gate";
import { can } from "~/lib/business/permissions";
import { PlainLayout } from "~/components/shell/plain-layout";
import { EmailVerificationBanner } from "~/components/identity/email-verification-banner";
import { EMAIL_UNVERIFIED_MESSAGE } from "~/lib/identity/email-verification";
import {
  CANCEL_CHECKOUT_LABEL,
  CHECKOUT_CANCELED_MESSAGE,
  CHECKOUT_CANCELED_NOTICE,
  CHECKOUT_OPEN_NOTICE,
  CONTINUE_CHECKOUT_LABEL,
  EMAIL_UNVERIFIED_NOTICE,
  MANAGE_BILLING_LABEL,
  PAYMENT_FAILED_NOTICE,
  PAYMENT_START_FAILED_MESSAGE,
  SUBSCRIPTION_CHECKOUT_OPEN_MESSAGE,
  SUBSCRIPTION_LIVE_MESSAGE,
  SUBSCRIPTION_LIVE_NOTICE,
} from "~/lib/payments/payment-copy";
import { parseBilling, PLAN_ORDER, PLANS, type Billing } from "~/lib/payments/plans";
import { usePosting } from "~/components/ui/pending-post";
import { requireClientBusiness, type ClientViewer } from "~/http/guards.server";
import type { AppContext } from "~/server/load-context";
import { readFormAs, requireMethod, seeOther } from "~/http/http.server";
import {
  cancelSubscriptionCheckout,
  hasLiveSubscription,
  openSubscriptionCheckout,
} from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { chooseBasicPlan } from "~/server/payments/plans.server";
import { startTrial } from "~/server/payments/trial.server";
import { TRIAL_COPY, trialState } from "~/lib/payments/trial";
import { pathAfterPlanChoice } from "~/server/business/profile-progress.server";

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
  const { business } = viewer;
  const notice = params.get("notice");
  const live = hasLiveSubscription(business);
  const openCheckout = live ? null : await openSubscriptionCheckout(context.app, business.id);
  const trial = trialState(business, context.app.now());
  return {
    // Outside the `_app` layout: the page names the member's role itself (choosing a plan is `changePlan`).
    role: viewer.member.role,
    billing: parseBilling(params.get("billing")),
    currentTier: business.memberTier,
    paymentFailed: notice === PAYMENT_FAILED_NOTICE,
    liveSubscription: live ? { planName: PLANS[business.memberTier].displayName } : null,
    openCheckout: openCheckout ? { lookupKey: openCheckout.lookupKey, planName: openCheckout.planName } : null,
    /** Which of the notices above was the answer to the business's own click (said as an alert). */
    refused: notice === SUBSCRIPTION_LIVE_NOTICE || notice === CHECKOUT_OPEN_NOTICE,
    checkoutCanceled: notice === CHECKOUT_CANCELED_NOTICE,
    // Paying waits for a verified email (docs/decisions/070): the banner, and the refusal when a plan was chosen.
    unverifiedEmail: viewer.user.emailVerified ? null : viewer.user.email,
    emailRefused: notice === EMAIL_UNVERIFIED_NOTICE && !viewer.user.emailVerified,
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

const PlanSelectSchema = z.object({
  intent: z.enum(["basic", "trial", "cancel-checkout"], { error: "Choose a plan." }),
});

/**
 * "Continue with Basic" records the first plan choice; "Try a 7-Day Free Trial!" starts the free
 * trial (startTrial: once per business, on BASIC only; a refusal is answered here with 409). Both
 * then go on with the sign-up flow: the "Almost there!" page while the profile is incomplete, else
 * the dashboard. "Cancel that checkout": the open plan checkout is expired through the provider
 * (it can no longer be paid), then the page again, saying so only if this click closed one.
 * One function per intent (PLAN_INTENTS); PlanSelectSchema has refused any other (a 400), so no
 * other post reaches them.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const viewer = await requireClientBusiness(context.app, request, "changePlan");
  const { intent } = await readFormAs(request, PlanSelectSchema);
  return PLAN_INTENTS[intent]({ app: context.app, viewer, request });
}

/** What each of the page's posts is given. */
type PlanPost = { app: AppContext; viewer: ClientViewer; request: Request };

async function basicPost({ app, viewer }: PlanPost) {
  await chooseBasicPlan(app, viewer.business.id);
  return redirect(await pathAfterPlanChoice(app, viewer.user.id, viewer.business.id));
}

async function trialPost({ app, viewer }: PlanPost) {
  const result = await startTrial(app, viewer.business.id);
  if (!result.ok) return answer({ trialError: result.msg }, { status: result.status });
  return redirect(await pathAfterPlanChoice(app, viewer.user.id, viewer.business.id));
}

async function cancelCheckoutPost({ app, viewer, request }: PlanPost) {
  const result = await cancelSubscriptionCheckout(app, viewer, appOrigin(app, request));
  if (!result.ok) return seeOther(`/plan-select?notice=${PAYMENT_FAILED_NOTICE}`);
  // "Canceled" only when this click closed one: none open (another tab closed it, or there never
  // was one) or one paid meanwhile (now the business's plan, which the page says) is not.
  return seeOther(result.closed ? `/plan-select?notice=${CHECKOUT_CANCELED_NOTICE}` : "/plan-select");
}

const PLAN_INTENTS = {
  basic: basicPost,
  trial: trialPost,
  "cancel-checkout": cancelCheckoutPost,
} satisfies Record<z.infer<typeof PlanSelectSchema>["intent"], (post: PlanPost) => Promise<unknown>>;

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
  // The action answers data only when the trial was refused (every other answer redirects).
  const refused = useActionData<typeof action>() as { trialError?: string } | undefined;
  const [billing, setBilling] = useState<Billing>(data.billing);
  // A no-JS style navigation (?billing=...) brings its own period.
  useEffect(() => setBilling(data.billing), [data.billing]);
  // A role that may not change the plan reads the plans without their buttons (docs/decisions/071).
  const mayChange = can(data.role, "changePlan");

  return (
    <PlainLayout signedIn>
      <div className="plans-page">
        <header className="plans-header">
          <h1>Best Plans for Business</h1>
          <BillingToggle billing={billing} onChange={setBilling} />
        </header>
        {data.unverifiedEmail ? <EmailVerificationBanner email={data.unverifiedEmail} /> : null}
        {data.emailRefused ? (
          <p className="notice plans-notice notice-danger" role="alert">
            {EMAIL_UNVERIFIED_MESSAGE}
          </p>
        ) : null}
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
        <RoleNotice action="changePlan" role={data.role} />
        {data.liveSubscription ? (
          <div className="notice plans-notice plans-subscription-notice" role={data.refused ? "alert" : "status"}>
            <p>{SUBSCRIPTION_LIVE_MESSAGE(data.liveSubscription.planName)}</p>
            {mayChange ? (
              <form method="post" action="/api/payments/create-portal-session">
                <button type="submit" className="button button-primary button-small">
                  {MANAGE_BILLING_LABEL}
                </button>
              </form>
            ) : null}
          </div>
        ) : data.openCheckout && mayChange ? (
          <OpenCheckoutNotice checkout={data.openCheckout} alert={data.refused} />
        ) : null}
        <div className="plan-grid">
          {PLAN_ORDER.map((tier) => (
            <PlanCard
              key={tier}
              plan={PLANS[tier]}
              billing={billing}
              current={data.currentTier === tier}
              chooseable={mayChange}
            />
          ))}
        </div>
        <TrialOffer
          trial={mayChange ? data.trial : { offered: false, text: data.trial.text }}
          error={refused?.trialError ?? null}
        />
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
