import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "../components/coming-soon";

export const meta: MetaFunction = () => [{ title: "Create New Insight | Partwise" }];

/** /create-insight: the insight request wizard is built in a later issue. Guarded by the `_app` layout loader (client with a business). */
export default function Page() {
  return (
    <div className="page">
      <ComingSoon title="Create New Insight" message="Requesting a diagnostic insight is coming soon." />
    </div>
  );
}
