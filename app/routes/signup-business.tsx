import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "../components/coming-soon";
import { PlainLayout } from "../components/plain-layout";
import { homePathFor, requireViewer } from "../server/auth.server";

export const meta: MetaFunction = () => [{ title: "Business details | Partwise" }];

/**
 * /signup-business (spec §2): where startup routing sends a client without a business. Anyone
 * else (a client who has one, staff) goes to their own home.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const home = homePathFor(viewer);
  if (home !== "/signup-business") throw redirect(home);
  return null;
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function SignupBusiness() {
  return (
    <PlainLayout signedIn>
      <ComingSoon
        title="Tell us about your business"
        message="Adding your business details online is coming soon. To finish setting up your account now, email support@partwise.com."
        back={null}
      />
    </PlainLayout>
  );
}
