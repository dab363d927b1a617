import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PortalPageHeader } from "~/components/consultant/portal-layout";
import { EarningsCard, PayoutsListCard } from "~/components/payouts/earnings";
import { StatusPill, type StatusTone } from "~/components/ui/labelled-table";
import {
  ACCOUNT_CREATED_LABEL,
  CONTINUE_SET_UP_BUTTON,
  DISABLED_REASON_PREFIX,
  OPEN_DASHBOARD_BUTTON,
  PAYOUTS_DASHBOARD_UNAVAILABLE_MESSAGE,
  PAYOUTS_INTRO,
  PAYOUTS_INVALID_REQUEST_MESSAGE,
  PAYOUTS_RETURN_NOTICE,
  PAYOUTS_START_FAILED_MESSAGE,
  PAYOUTS_TITLE,
  REQUIREMENTS_DUE_HEADING,
  SET_UP_PAYOUTS_BUTTON,
  type PayoutState,
} from "~/lib/payouts/payout-copy";
import { PAYOUTS_DASHBOARD_HINT } from "~/lib/payouts/earnings-copy";
import { EARNINGS_STATEMENT_COPY as STATEMENTS } from "~/lib/payouts/statement-copy";
import { EARNINGS_STATEMENTS_PATH } from "~/lib/payouts/statements";
import { payoutState } from "~/lib/payouts/payout-state";
import { formatDate } from "~/lib/shared/dates";
import { requireRole } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { PaymentProviderError } from "~/server/payments/provider/types";
import { expressDashboardUrl, getPayoutAccount, startPayoutOnboarding } from "~/server/payouts/accounts.server";
import { loadConsultantEarnings, loadConsultantPayouts } from "~/server/payouts/earnings.server";
import { FORM_UNREADABLE_MESSAGE, readForm } from "~/http/http.server";
import { runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { usePendingPost } from "~/components/ui/pending-post";

const STATE_TONE: Record<PayoutState, StatusTone> = {
  not_set_up: "muted",
  pending: "waiting",
  enabled: "done",
  disabled: "alert",
};

export const meta: MetaFunction = () => [{ title: "Payouts | Consultant portal | Partwise" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * /consultant/payouts: the consultant's payout account as Stripe reports it (not set up, details
 * pending with the requirements due, payouts enabled, disabled with the reason) and its actions,
 * their earnings across all their engagements (paid, held, pending approval, per deliverable) and
 * their payouts to their bank as Stripe reports them. Their own only; no session → the login
 * screen; another role → 404. Two D1 round trips (the session; the account and the earnings in
 * parallel); the payouts come from Stripe after that and are streamed, so a slow or failing Stripe
 * never holds up or breaks the rest of the page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const viewer = await requireRole(app, request, "consultant", { anonymous: "login" });
  const [account, earnings] = await Promise.all([
    getPayoutAccount(app, viewer.user.id),
    loadConsultantEarnings(app, viewer.user.id),
  ]);
  const returned = new URL(request.url).searchParams.get("returned") === "1";
  return {
    view: payoutState(account),
    createdAt: account ? formatDate(account.createdAt) : null,
    returned,
    earnings,
    feePercent: app.env.PLATFORM_FEE_PERCENT,
    // Not awaited: streamed to the page (Suspense/Await).
    payouts: loadConsultantPayouts(app, account),
  };
}

type ActionData = { error: string; intent?: string };

/**
 * POST intent=setup | continue: the consultant's Connect account (created once, whatever the number
 * of submits) and a fresh onboarding link, then 303 to Stripe's hosted onboarding (the local test
 * onboarding without Stripe keys). intent=dashboard: 303 to a login link of the Express dashboard,
 * once details are submitted (else 409). A body that is not a form: 400 with the form's error;
 * Stripe unreachable: 502 and a readable message. One function per intent (PAYOUT_INTENTS); any
 * other post is a 400.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireRole(app, request, "consultant", { anonymous: "login" });
  const body = await readForm(request);
  if (!body.ok) return data<ActionData>({ error: FORM_UNREADABLE_MESSAGE }, { status: body.status });
  const { intent } = Object.fromEntries(body.form);
  return runIntent(intent ?? null, PAYOUT_INTENTS, otherPost, { app, viewer, request });
}

/** What each of the page's posts is given. */
type PayoutPost = { app: AppContext; viewer: Viewer; request: Request };

/** Stripe unreachable: 502 and a readable message; any other error goes on to the error page. */
function providerFailure(intent: "setup" | "continue" | "dashboard", post: PayoutPost, error: unknown) {
  if (!(error instanceof PaymentProviderError)) throw error;
  console.error(`Payouts ${intent} for ${post.viewer.user.id} failed:`, error);
  return data<ActionData>({ error: PAYOUTS_START_FAILED_MESSAGE, intent }, { status: 502 });
}

/** Set up payouts, or continue an unfinished onboarding: a fresh onboarding link. */
async function onboardingPost(post: PayoutPost, intent: "setup" | "continue") {
  const { app, viewer, request } = post;
  try {
    const started = await startPayoutOnboarding(app, viewer.user, appOrigin(app, request));
    if (!started.ok) return data<ActionData>({ error: started.msg, intent }, { status: started.status });
    return redirect(started.url, 303);
  } catch (error) {
    return providerFailure(intent, post, error);
  }
}

const setupPost = (post: PayoutPost) => onboardingPost(post, "setup");
const continuePost = (post: PayoutPost) => onboardingPost(post, "continue");

async function dashboardPost(post: PayoutPost) {
  try {
    const url = await expressDashboardUrl(post.app, post.viewer.user.id);
    if (!url) {
      return data<ActionData>({ error: PAYOUTS_DASHBOARD_UNAVAILABLE_MESSAGE, intent: "dashboard" }, { status: 409 });
    }
    return redirect(url, 303);
  } catch (error) {
    return providerFailure("dashboard", post, error);
  }
}

async function otherPost(_post: PayoutPost) {
  return data<ActionData>({ error: PAYOUTS_INVALID_REQUEST_MESSAGE }, { status: 400 });
}

const PAYOUT_INTENTS = { setup: setupPost, continue: continuePost, dashboard: dashboardPost };

export default function ConsultantPayouts() {
  const { view, createdAt, returned, earnings, feePercent, payouts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = usePendingPost() !== null;
  return (
    <div className="console-page payouts-page">
      <PortalPageHeader title={PAYOUTS_TITLE} />
      <p className="field-hint payouts-intro">{PAYOUTS_INTRO}</p>
      {returned && view.state !== "enabled" ? (
        <p className="card payouts-notice" role="status">
          {PAYOUTS_RETURN_NOTICE}
        </p>
      ) : null}
      <section className="card payouts-card" aria-labelledby="payouts-state">
        <h2 id="payouts-state" className="card-title">
          <StatusPill tone={STATE_TONE[view.state]} className="payouts-badge">
            {view.label}
          </StatusPill>
        </h2>
        <p className="payouts-message">{view.message}</p>
        {view.disabledReason ? (
          <p className="payouts-reason">{`${DISABLED_REASON_PREFIX} ${view.disabledReason}`}</p>
        ) : null}
        {view.requirements.length > 0 && view.state !== "not_set_up" ? (
          <div className="payouts-requirements">
            <h3 id="payouts-requirements-title">{REQUIREMENTS_DUE_HEADING}</h3>
            <ul aria-labelledby="payouts-requirements-title">
              {view.requirements.map((requirement) => (
                <li key={requirement}>{requirement}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {createdAt ? <p className="field-hint">{`${ACCOUNT_CREATED_LABEL}: ${createdAt}`}</p> : null}
        {actionData?.error && actionData.intent !== "dashboard" ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <Form method="post" className="button-row payouts-actions">
          {view.canSetUp ? (
            <button type="submit" name="intent" value="setup" className="button button-primary" disabled={busy}>
              {SET_UP_PAYOUTS_BUTTON}
            </button>
          ) : null}
          {view.canContinue ? (
            <button type="submit" name="intent" value="continue" className="button button-primary" disabled={busy}>
              {CONTINUE_SET_UP_BUTTON}
            </button>
          ) : null}
        </Form>
      </section>
      <EarningsCard earnings={earnings} feePercent={feePercent} />
      <section className="card stack" aria-labelledby="earnings-statements-title">
        <h2 id="earnings-statements-title" className="card-title">
          {STATEMENTS.payoutsCardTitle}
        </h2>
        <p>
          <Link to={EARNINGS_STATEMENTS_PATH}>{STATEMENTS.linkFromPayouts}</Link>
        </p>
        <p className="field-hint statement-tax-forms">{STATEMENTS.taxForms}</p>
      </section>
      <PayoutsListCard
        payouts={payouts}
        dashboard={
          view.canOpenDashboard || actionData?.intent === "dashboard" ? (
            <div className="earnings-dashboard">
              {actionData?.error && actionData.intent === "dashboard" ? (
                <p className="form-error" role="alert">
                  {actionData.error}
                </p>
              ) : null}
              {view.canOpenDashboard ? (
                <>
                  <p className="field-hint">{PAYOUTS_DASHBOARD_HINT}</p>
                  <Form method="post" className="button-row payouts-actions">
                    <button
                      type="submit"
                      name="intent"
                      value="dashboard"
                      className="button button-ghost"
                      disabled={busy}
                    >
                      {OPEN_DASHBOARD_BUTTON}
                    </button>
                  </Form>
                </>
              ) : null}
            </div>
          ) : null
        }
      />
    </div>
  );
}
