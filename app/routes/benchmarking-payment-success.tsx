import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CongratulationsPage } from "~/components/payments/congratulations-page";
import { requireViewer } from "~/server/identity/guards.server";
import { confirmCheckout } from "~/server/payments/checkout.server";

export const meta: MetaFunction = () => [{ title: "Benchmarking payment | Partwise" }];

/**
 * /benchmarking-payment-success?businessId&session_id: fulfils the benchmarking Checkout Session
 * (once) and shows "You've unlocked Partwise Benchmarking!" with View Benchmarking. The businessId
 * must be the viewer's own. Exempt from startup routing (spec §2).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const params = new URL(request.url).searchParams;
  const sessionId = params.get("session_id");
  const businessId = params.get("businessId");
  if (!sessionId || viewer.user.role !== "client" || !viewer.business || businessId !== viewer.business.id) {
    return { paid: false };
  }
  const confirmed = await confirmCheckout(context.app, { user: viewer.user, business: viewer.business }, sessionId, {
    kind: "benchmarking",
  });
  return { paid: confirmed.ok };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function Page() {
  const { paid } = useLoaderData<typeof loader>();
  return <CongratulationsPage type="BENCHMARKING" paid={paid} />;
}
