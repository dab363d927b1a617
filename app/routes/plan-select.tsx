import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "../components/coming-soon";
import { PlainLayout } from "../components/plain-layout";
import { requireClientBusiness } from "../server/auth.server";

export const meta: MetaFunction = () => [{ title: "Best Plans for Business | Partwise" }];

/** /plan-select (spec §2): plans are chosen for a business, so a client with a business is required. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireClientBusiness(context.app, request);
  return null;
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function PlanSelect() {
  return (
    <PlainLayout signedIn>
      <ComingSoon
        title="Best Plans for Business"
        message="Choosing or changing your plan online is coming soon."
      />
    </PlainLayout>
  );
}
