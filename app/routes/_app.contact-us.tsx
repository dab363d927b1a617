import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "../components/coming-soon";

export const meta: MetaFunction = () => [{ title: "Contact Us | Partwise" }];

/** /contact-us: the support form is built in a later issue. Guarded by the `_app` layout loader (client with a business). */
export default function Page() {
  return (
    <div className="page">
      <ComingSoon title="Need Help? We're here for you" message="The support form is coming soon. Until then, email support@partwise.com and we will get back to you." />
    </div>
  );
}
