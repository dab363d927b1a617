import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "../components/coming-soon";

export const meta: MetaFunction = () => [{ title: "Settings | Partwise" }];

/** /company-profile: the settings tabs are built in a later issue. Guarded by the `_app` layout loader (client with a business). */
export default function Page() {
  return (
    <div className="page">
      <ComingSoon title="Settings" message="Editing your personal info, business info, password, membership and insight preferences is coming soon." />
    </div>
  );
}
