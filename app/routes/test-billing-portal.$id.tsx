import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { TestBillingPortal, type TestPortalView } from "~/components/payments/test-checkout-portal";
import { PlainLayout } from "~/components/shell/plain-layout";
import { formatDate } from "~/lib/shared/dates";
import { PAID_TIERS, PLANS, BILLING_PERIODS, lookupKey, parseLookupKey } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import { handleStripeWebhook } from "~/server/payments/fulfilment.server";
import {
  cancelLocalSubscription,
  getLocalPortal,
  switchLocalPlan,
  type LocalPortal,
} from "~/server/payments/stripe-fake/keyless.server";
import { readForm, seeOther } from "~/http/http.server";
import { notFound, runIntent } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [
  { title: "Test billing portal | Partwise" },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** "SCALE, billed yearly" for PREMIUM_PLAN_YEARLY. */
function planLabel(key: string | null): string {
  const parsed = parseLookupKey(key);
  if (!parsed) return "Unknown plan";
  return `${PLANS[parsed.tier].displayName}, billed ${parsed.billing === "YEARLY" ? "yearly" : "monthly"}`;
}

/** Only while STRIPE_SECRET_KEY is unset (never in production, which requires the key). */
async function portalFor(app: AppContext, id: string | undefined) {
  if (app.env.STRIPE_SECRET_KEY || !id) throw notFound();
  const portal = await getLocalPortal(app, id);
  if (!portal) throw notFound();
  return portal;
}

/** GET /test-billing-portal/:id — the built-in billing portal of a portal session. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const portal = await portalFor(context.app, params.id);
  const subscription = portal.subscription;
  const keys = PAID_TIERS.flatMap((tier) => BILLING_PERIODS.map((billing) => lookupKey(tier, billing)));
  const view: TestPortalView = {
    returnUrl: portal.returnUrl,
    current: subscription
      ? {
          planName: planLabel(subscription.lookup_key),
          status: subscription.status,
          lookupKey: subscription.lookup_key,
          periodEnd: subscription.current_period_end ? formatDate(subscription.current_period_end * 1000) : null,
        }
      : null,
    options: keys
      .filter((key) => key !== subscription?.lookup_key)
      .map((key) => ({ lookupKey: key, label: planLabel(key) })),
  };
  return { portal: view };
}

/**
 * POST intent=switch (lookupKey) → customer.subscription.updated; intent=cancel → the subscription
 * ends now and customer.subscription.deleted is delivered. Both signed like Stripe's and handled by
 * the webhook handler, then 303 back to the return URL. One function per intent (PORTAL_INTENTS);
 * any other post is a plain 400.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const app = context.app;
  const portal = await portalFor(app, params.id);
  const body = await readForm(request);
  if (!body.ok) return new Response(body.msg, { status: body.status });
  const form = body.form;
  return runIntent(form.get("intent"), PORTAL_INTENTS, otherPost, { app, portal, form });
}

/** What each of the portal's posts is given. */
type PortalPost = { app: AppContext; portal: LocalPortal; form: FormData };

/** Each change reaches the app as Stripe's signed event would, through the webhook handler. */
const deliverTo = (app: AppContext) => (rawBody: string, header: string) => handleStripeWebhook(app, rawBody, header);

async function switchPost({ app, portal, form }: PortalPost) {
  const key = String(form.get("lookupKey") ?? "");
  if (!parseLookupKey(key)) return new Response("Bad Request", { status: 400 });
  await switchLocalPlan(app, portal, key, deliverTo(app));
  return seeOther(portal.returnUrl);
}

async function cancelPost({ app, portal }: PortalPost) {
  await cancelLocalSubscription(app, portal, deliverTo(app));
  return seeOther(portal.returnUrl);
}

async function otherPost(_post: PortalPost) {
  return new Response("Bad Request", { status: 400 });
}

const PORTAL_INTENTS = { switch: switchPost, cancel: cancelPost };

export default function TestBillingPortalPage() {
  const { portal } = useLoaderData<typeof loader>();
  return (
    <PlainLayout>
      <TestBillingPortal portal={portal} />
    </PlainLayout>
  );
}
