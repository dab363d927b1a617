import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CongratulationsPage } from "~/components/payments/congratulations-page";
import { requireViewer } from "~/server/identity/guards.server";
import { changeActiveItem } from "~/server/engagements/delivery-items.server";

export const meta: MetaFunction = () => [{ title: "Delivery item payment | Partwise" }];

/**
 * /delivery-item-payment-success?success&session_id&itemId&outlineId: fulfils the item's Checkout
 * Session (once) and makes it the outline's active item, then the DELIVERY card with OK to
 * /dashboard. `canceled` goes to the 'Order Canceled' card. Exempt from startup routing (spec §2).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const params = new URL(request.url).searchParams;
  if (params.has("canceled")) throw redirect("/paymentStatus?canceled=true&purchaseType=deliveryItem");
  const sessionId = params.get("session_id");
  const itemId = params.get("itemId");
  const outlineId = params.get("outlineId");
  if (!sessionId || !itemId || !outlineId || viewer.user.role !== "client" || !viewer.business) return { paid: false };
  const result = await changeActiveItem(
    context.app,
    { user: viewer.user, business: viewer.business },
    {
      deliveryItemId: itemId,
      deliveryOutlineId: outlineId,
      sessionId,
    },
  );
  return { paid: result.ok };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function Page() {
  const { paid } = useLoaderData<typeof loader>();
  return <CongratulationsPage type="DELIVERY" paid={paid} />;
}
