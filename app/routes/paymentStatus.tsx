import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PaymentResultCard } from "~/components/payments/payment-result-card";
import { PlainLayout } from "~/components/shell/plain-layout";
import {
  CANCEL_MESSAGES,
  CONGRATULATIONS,
  CONGRATULATIONS_TITLE,
  DUPLICATE_SUBSCRIPTION_MESSAGE,
  DUPLICATE_SUBSCRIPTION_TITLE,
  isPurchaseType,
  ORDER_CANCELED_TITLE,
  PAYMENT_PENDING_MESSAGE,
  PAYMENT_PENDING_TITLE,
} from "~/lib/payments/payment-copy";
import { requireViewer } from "~/http/guards.server";
import { confirmCheckout, planNameOf } from "~/server/payments/checkout.server";
import { pathAfterPlanChoice } from "~/server/business/profile-progress.server";

export const meta: MetaFunction = () => [{ title: "Payment | Partwise" }];

/**
 * /paymentStatus (spec §2): the subscription return page. `success` with `session_id` fulfils the
 * session through the one idempotent function (a no-op when the webhook was first) and shows the
 * completion card; `canceled` with a known `purchaseType` shows 'Order Canceled'; anything else
 * goes to /plan-select. Exempt from startup routing: it needs a session, not a finished profile.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const params = new URL(request.url).searchParams;
  const sessionId = params.get("session_id");
  const purchaseType = params.get("purchaseType");
  if (params.has("success") && sessionId) {
    if (viewer.user.role !== "client" || !viewer.business) {
      return { view: "pending" as const, planName: null, purchaseType: null };
    }
    const confirmed = await confirmCheckout(context.app, { user: viewer.user, business: viewer.business }, sessionId, {
      kind: "subscription",
    });
    if (!confirmed.ok) {
      return confirmed.code === "duplicate_payment"
        ? { view: "duplicate" as const, planName: null, purchaseType: null }
        : { view: "pending" as const, planName: null, purchaseType: null };
    }
    // The sign-up flow goes on to "Almost there!" while the profile is incomplete (read after the
    // plan is recorded, so the plan step counts).
    const next = await pathAfterPlanChoice(context.app, viewer.user.id, viewer.business.id);
    return { view: "success" as const, planName: planNameOf(confirmed.purchase), purchaseType: null, next };
  }
  if (params.has("canceled") && isPurchaseType(purchaseType)) {
    return { view: "canceled" as const, planName: null, purchaseType };
  }
  throw redirect("/plan-select");
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function PaymentStatus() {
  const data = useLoaderData<typeof loader>();
  const home = { to: "/dashboard", label: "Home" };
  // After a first plan choice the sign-up flow goes on ("Next"); otherwise Home (spec §4).
  const next = data.view === "success" && data.next !== home.to ? { to: data.next, label: "Next" } : home;
  return (
    <PlainLayout signedIn>
      {data.view === "success" ? (
        <PaymentResultCard
          title={CONGRATULATIONS_TITLE}
          message={CONGRATULATIONS.SUBSCRIPTION.message}
          action={next}
          tone="success"
        >
          {data.planName ? (
            <p className="payment-result-plan">
              Your plan: <strong>{data.planName}</strong>
            </p>
          ) : null}
        </PaymentResultCard>
      ) : null}
      {data.view === "canceled" && data.purchaseType ? (
        <PaymentResultCard title={ORDER_CANCELED_TITLE} message={CANCEL_MESSAGES[data.purchaseType]} action={home} />
      ) : null}
      {data.view === "duplicate" ? (
        <PaymentResultCard
          title={DUPLICATE_SUBSCRIPTION_TITLE}
          message={DUPLICATE_SUBSCRIPTION_MESSAGE}
          action={{ to: "/company-profile?tab=account", label: "Your plan" }}
        />
      ) : null}
      {data.view === "pending" ? (
        <PaymentResultCard title={PAYMENT_PENDING_TITLE} message={PAYMENT_PENDING_MESSAGE} action={home} />
      ) : null}
    </PlainLayout>
  );
}
