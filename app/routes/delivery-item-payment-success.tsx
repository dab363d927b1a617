import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PaymentResultCard } from "~/components/payments/payment-result-card";
import { PlainLayout } from "~/components/shell/plain-layout";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import {
  CONGRATULATIONS,
  CONGRATULATIONS_TITLE,
  DUPLICATE_PAYMENT_TITLE,
  PAYMENT_PENDING_MESSAGE,
  PAYMENT_PENDING_TITLE,
} from "~/lib/payments/payment-copy";
import { changeActiveItem } from "~/server/engagements/delivery-items.server";
import { requireViewer } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";

export const meta: MetaFunction = () => [{ title: "Delivery item payment | Partwise" }];

/**
 * /delivery-item-payment-success?success&session_id&itemId&outlineId: fulfils the item's Checkout
 * Session (once; usually the webhook was first) and makes it the outline's active item, then the
 * DELIVERY card whose OK opens the engagement again. `canceled` goes to the 'Order Canceled' card.
 * Exempt from startup routing (spec §2).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const params = new URL(request.url).searchParams;
  if (params.has("canceled")) throw redirect("/paymentStatus?canceled=true&purchaseType=deliveryItem");
  const sessionId = params.get("session_id");
  const itemId = params.get("itemId");
  const outlineId = params.get("outlineId");
  if (!sessionId || !itemId || !outlineId || viewer.user.role !== "client" || !viewer.business) {
    return { paid: false, outlineId: null, duplicate: null };
  }
  const result = await changeActiveItem(
    context.app,
    { user: viewer.user, business: viewer.business },
    { itemId, outlineId, sessionId },
    appOrigin(context.app, request),
  );
  return {
    paid: result.ok,
    outlineId: result.ok ? result.outline.id : outlineId,
    duplicate: !result.ok && result.code === "duplicate_payment" ? result.msg : null,
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function Page() {
  const { paid, outlineId, duplicate } = useLoaderData<typeof loader>();
  const card = CONGRATULATIONS.DELIVERY;
  return (
    <PlainLayout signedIn>
      {duplicate && outlineId ? (
        <PaymentResultCard
          title={DUPLICATE_PAYMENT_TITLE}
          message={duplicate}
          action={{ to: businessEngagementPath(outlineId), label: card.button }}
        />
      ) : paid && outlineId ? (
        <PaymentResultCard
          title={CONGRATULATIONS_TITLE}
          message={card.message}
          action={{ to: businessEngagementPath(outlineId), label: card.button }}
          tone="success"
        />
      ) : (
        <PaymentResultCard
          title={PAYMENT_PENDING_TITLE}
          message={PAYMENT_PENDING_MESSAGE}
          action={{ to: "/dashboard", label: "Home" }}
        />
      )}
    </PlainLayout>
  );
}
