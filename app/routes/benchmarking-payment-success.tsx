import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CongratulationsPage } from "~/components/payments/congratulations-page";
import { startBenchmarking } from "~/server/benchmarking/benchmarking-access.server";
import { getClientBusiness, requireViewer } from "~/http/guards.server";
import { confirmCheckout } from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { accessTier } from "~/lib/payments/trial";

export const meta: MetaFunction = () => [{ title: "Benchmarking payment | Partwise" }];

/**
 * /benchmarking-payment-success (spec §4, the BENCHMARKING congratulations card): with
 * `?businessId=` (the viewer's own), the benchmarking update, then the creation: the Checkout
 * Session in `session_id` is fulfilled (once; the webhook may have done it already), then the
 * year's build starts (startBenchmarking, the same call as POST /api/benchmarking/create, which
 * checks the year is bought or included and does nothing twice). Without parameters, a STARTER
 * or SCALE business's creation starts too (its plan includes the year). Shows "You've unlocked
 * Partwise Benchmarking!" with View Benchmarking once the year is unlocked, else the pending card.
 * Exempt from startup routing (spec §2).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const viewer = await requireViewer(app, request);
  const params = new URL(request.url).searchParams;
  const sessionId = params.get("session_id");
  const businessId = params.get("businessId");
  const client = getClientBusiness(viewer);
  const business = client?.business ?? null;
  const none = { paid: false, duplicate: null };
  if (!client || !business) return none;
  if (businessId !== null && businessId !== business.id) return none;
  if (businessId === null && accessTier(business, app.now()) === "BASIC") return none;
  let paid = false;
  if (sessionId && businessId !== null) {
    const confirmed = await confirmCheckout(
      app,
      { user: viewer.user, business },
      sessionId,
      { kind: "benchmarking" },
      appOrigin(app, request),
    );
    if (!confirmed.ok) return { paid: false, duplicate: confirmed.code === "duplicate_payment" ? confirmed.msg : null };
    paid = true;
  }
  const started = await startBenchmarking(app, client).catch((error: unknown) => {
    console.error(`Benchmarking did not start for business ${business.id}:`, error);
    return null;
  });
  // A paid year is unlocked even if its build could not start now: /benchmarking starts it again.
  return { paid: paid || started?.ok === true, duplicate: null };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function Page() {
  const { paid, duplicate } = useLoaderData<typeof loader>();
  return <CongratulationsPage type="BENCHMARKING" paid={paid} duplicate={duplicate} />;
}
