import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "../components/coming-soon";
import { PlainLayout } from "../components/plain-layout";
import { requireViewer } from "../server/auth.server";

export const meta: MetaFunction = () => [{ title: "Delivery item payment | Partwise" }];

/**
 * /delivery-item-payment-success: the delivery item payment return page, built in a later issue.
 * Exempt from startup routing (spec §2): it needs a session, not a business.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(context.app, request);
  return null;
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function Page() {
  return (
    <PlainLayout signedIn>
      <ComingSoon
        title="Delivery item payment"
        message="Payments are coming soon. No payment has been taken."
      />
    </PlainLayout>
  );
}
