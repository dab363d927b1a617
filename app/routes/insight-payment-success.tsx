import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CongratulationsPage } from "~/components/payments/congratulations-page";
import { requireViewer } from "~/http/guards.server";
import { confirmCheckout } from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";

export const meta: MetaFunction = () => [{ title: "Insight payment | Partwise" }];

/**
 * /insight-payment-success?session_id&insightId: fulfils the insight's Checkout Session (once,
 * shared with the webhook) and shows 'Preparing your Insight request.' with Next to /features.
 * Exempt from startup routing (spec §2).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const params = new URL(request.url).searchParams;
  const sessionId = params.get("session_id");
  const insightId = params.get("insightId");
  if (!sessionId || !insightId || viewer.user.role !== "client" || !viewer.business) {
    return { paid: false, duplicate: null };
  }
  const confirmed = await confirmCheckout(
    context.app,
    { user: viewer.user, business: viewer.business },
    sessionId,
    { kind: "insight", referenceId: insightId },
    appOrigin(context.app, request),
  );
  return {
    paid: confirmed.ok,
    duplicate: !confirmed.ok && confirmed.code === "duplicate_payment" ? confirmed.msg : null,
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function Page() {
  const { paid, duplicate } = useLoaderData<typeof loader>();
  return <CongratulationsPage type="INSIGHT" paid={paid} duplicate={duplicate} />;
}
