import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "../components/coming-soon";

export const meta: MetaFunction = () => [{ title: "Insight Discovery | Partwise" }];

/** /insight-discovery: the insight report view is built in a later issue. Guarded by the `_app` layout loader (client with a business). */
export default function Page() {
  return (
    <div className="page">
      <ComingSoon title="Insight Discovery" message="Reading and rating your insight reports is coming soon." />
    </div>
  );
}
