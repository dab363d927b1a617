import { cardDigits, DECLINES_LATER_CARD, isCardNumber } from "~/lib/payments/test-cards";
import { cardLabel as cardWords } from "~/lib/payouts/receipts";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  CARD_INVALID_MESSAGE,
  TEST_CARD_DECLINES_LATER,
  TEST_CARD_NUMBER,
  TestCardFields,
} from "~/components/payments/test-checkout";
import { TEST_PORTAL_TITLE, TestBillingPortal, type TestPortalView } from "~/components/payments/test-checkout-portal";
import { PlainLayout } from "~/components/shell/plain-layout";
import { intentOf, usePendingPost } from "~/components/ui/pending-post";
import { formatDate } from "~/lib/shared/dates";
import { PAID_TIERS, PLANS, BILLING_PERIODS, lookupKey, parseLookupKey } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import { handleStripeWebhook } from "~/server/payments/fulfilment.server";
import {
  cancelLocalSubscription,
  cardOf,
  getLocalPortal,
  replaceLocalCard,
  switchLocalPlan,
  type LocalCard,
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

/** "Visa ending in 4242" (the product's words for a card), or "No card saved". */
function cardLabel(card: LocalCard | null): string {
  return card ? cardWords(card) : "No card saved";
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
  return {
    portal: view,
    card: cardLabel(portal.defaultCard),
    // A customer who never subscribed (one who only buys items) sees the payment method alone.
    subscriptions: portal.hadSubscription,
  };
}

/**
 * POST intent=switch (lookupKey) → customer.subscription.updated; intent=cancel → the subscription
 * ends now and customer.subscription.deleted is delivered; intent=card (cardNumber) → a new card
 * becomes the customer's default payment method and customer.updated is delivered (an invalid
 * number: 400 and the message). All signed like Stripe's and handled by the webhook handler, then
 * 303 back to the return URL. One function per intent (PORTAL_INTENTS); any other post is a plain 400.
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

async function cardPost({ app, portal, form }: PortalPost) {
  const digits = cardDigits(form.get("cardNumber"));
  if (!isCardNumber(digits)) return data({ error: CARD_INVALID_MESSAGE }, { status: 400 });
  if (!(await replaceLocalCard(app, portal.customerId, cardOf(digits), deliverTo(app), digits === DECLINES_LATER_CARD)))
    throw notFound();
  return seeOther(portal.returnUrl);
}

async function otherPost(_post: PortalPost) {
  return new Response("Bad Request", { status: 400 });
}

const PORTAL_INTENTS = { switch: switchPost, cancel: cancelPost, card: cardPost };

/** The customer's default card, and a form to replace it (what invoices are charged to). */
function PaymentMethodSection({ card, error }: { card: string; error: string | null }) {
  const post = usePendingPost();
  const saving = intentOf(post) === "card";
  return (
    <>
      <h2 className="card-title">Payment method</h2>
      <dl className="test-checkout-summary">
        <div>
          <dt>Default card</dt>
          <dd>{card}</dd>
        </div>
      </dl>
      <Form method="post" className="test-checkout-form">
        {error ? (
          <p className="form-error" role="alert" id="portal-test-card-error">
            {error}
          </p>
        ) : null}
        <TestCardFields
          error={error}
          hint={
            <>
              Test card: {TEST_CARD_NUMBER}. {TEST_CARD_DECLINES_LATER} is saved and declined when charged.
            </>
          }
          idPrefix="portal-"
          numberOnly
        />
        <div className="button-row">
          <button type="submit" name="intent" value="card" className="button button-primary" disabled={post !== null}>
            {saving ? "Saving…" : "Save card"}
          </button>
        </div>
      </Form>
    </>
  );
}

export default function TestBillingPortalPage() {
  const { portal, card, subscriptions } = useLoaderData<typeof loader>();
  // The card form's answer is a redirect or {error}; the other forms redirect.
  const actionData = useActionData<typeof action>() as { error?: string } | undefined;
  const error = actionData?.error ?? null;
  if (!subscriptions) {
    return (
      <PlainLayout>
        <section className="card test-checkout" aria-labelledby="test-portal-title">
          <h1 id="test-portal-title" className="test-checkout-title">
            {TEST_PORTAL_TITLE}
          </h1>
          <p className="test-checkout-note">
            This is Partwise&apos;s built-in stand-in for Stripe&apos;s billing portal, used while no Stripe key is
            configured. No real card is charged.
          </p>
          <PaymentMethodSection card={card} error={error} />
          <p>
            <a href={portal.returnUrl}>Return to Partwise</a>
          </p>
        </section>
      </PlainLayout>
    );
  }
  return (
    <PlainLayout>
      <TestBillingPortal portal={portal} />
      <section className="card test-checkout" aria-label="Payment method">
        <PaymentMethodSection card={card} error={error} />
      </section>
    </PlainLayout>
  );
}
