import { cardDigits, DECLINED_CARD, DECLINES_LATER_CARD, isCardNumber } from "~/lib/payments/test-cards";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  CARD_DECLINED_MESSAGE,
  CARD_INVALID_MESSAGE,
  CHECKOUT_EXPIRED_MESSAGE,
  TestCheckout,
  type TestCheckoutView,
} from "~/components/payments/test-checkout";
import { PlainLayout } from "~/components/shell/plain-layout";
import type { AppContext } from "~/server/load-context";
import { appOrigin } from "~/server/platform/app-origin.server";
import { handleStripeWebhook } from "~/server/payments/fulfilment.server";
import {
  fillSessionId,
  getLocalCheckoutSession,
  cardOf,
  payLocalCheckout,
} from "~/server/payments/stripe-fake/keyless.server";
import { FORM_UNREADABLE_MESSAGE, readForm, seeOther } from "~/http/http.server";
import { notFound, runIntent } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Test checkout | Partwise" }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** Only while STRIPE_SECRET_KEY is unset (never in production, which requires the key). */
async function sessionFor(app: AppContext, id: string | undefined) {
  if (app.env.STRIPE_SECRET_KEY || !id) throw notFound();
  const session = await getLocalCheckoutSession(app, id);
  if (!session) throw notFound();
  return session;
}

/**
 * GET /test-checkout/:id — the built-in test checkout page of a Checkout Session (the local
 * provider's session url). Anyone holding the unguessable session id may pay, as on Stripe.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const session = await sessionFor(context.app, params.id);
  const view: TestCheckoutView = {
    id: session.id,
    mode: session.mode,
    status: session.status,
    productName: session.details.productName,
    unitAmount: session.details.unitAmount,
    amountDueToday: session.amount_total ?? 0,
    interval: session.details.interval,
    trialDays: session.details.trialDays,
    successUrl: fillSessionId(session.details.successUrl, session.id),
    cancelUrl: session.details.cancelUrl,
  };
  return { session: view };
}

/**
 * POST intent=pay: a test card (4242…) completes the session and delivers the signed
 * checkout.session.completed (and customer.subscription.created) events to the webhook handler,
 * then 303 to the success URL; 4000 0000 0000 0002 is declined (400 and the message); 4000 0000
 * 0000 0341 pays and is saved, and its later charges are declined (as Stripe's test card); an expired
 * session (expired by Partwise, or past its expires_at) is refused with 409 and nothing is charged.
 * intent=cancel: 303 to the cancel URL, the session stays open (as on Stripe). One function per
 * intent (CHECKOUT_INTENTS); any other post is a 400 with the form's message.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const app = context.app;
  const session = await sessionFor(app, params.id);
  const body = await readForm(request);
  if (!body.ok) return data({ error: FORM_UNREADABLE_MESSAGE }, { status: body.status });
  const form = body.form;
  return runIntent(form.get("intent"), CHECKOUT_INTENTS, otherPost, { app, request, session, form });
}

/** What each of the checkout's posts is given. */
type CheckoutPost = {
  app: AppContext;
  request: Request;
  session: Awaited<ReturnType<typeof sessionFor>>;
  form: FormData;
};

async function payPost({ app, request, session, form }: CheckoutPost) {
  if (session.status === "expired") return data({ error: CHECKOUT_EXPIRED_MESSAGE }, { status: 409 });

  const digits = cardDigits(form.get("cardNumber"));
  if (digits === DECLINED_CARD) return data({ error: CARD_DECLINED_MESSAGE }, { status: 402 });
  if (!isCardNumber(digits)) return data({ error: CARD_INVALID_MESSAGE }, { status: 400 });

  const next = await payLocalCheckout(
    app,
    session.id,
    (rawBody, header) => handleStripeWebhook(app, rawBody, header, appOrigin(app, request)),
    cardOf(digits),
    digits === DECLINES_LATER_CARD,
  );
  if (!next) {
    // Expired between the page and the payment (the only way a known session is refused).
    if ((await getLocalCheckoutSession(app, session.id))?.status === "expired") {
      return data({ error: CHECKOUT_EXPIRED_MESSAGE }, { status: 409 });
    }
    throw notFound();
  }
  return seeOther(next);
}

async function cancelPost({ session }: CheckoutPost) {
  return seeOther(session.details.cancelUrl);
}

async function otherPost(_post: CheckoutPost) {
  return data({ error: FORM_UNREADABLE_MESSAGE }, { status: 400 });
}

const CHECKOUT_INTENTS = { pay: payPost, cancel: cancelPost };

export default function TestCheckoutPage() {
  const { session } = useLoaderData<typeof loader>();
  // The action answers either a redirect or {error}.
  const actionData = useActionData<typeof action>() as { error?: string } | undefined;
  return (
    <PlainLayout>
      <TestCheckout session={session} error={actionData?.error ?? null} />
    </PlainLayout>
  );
}
