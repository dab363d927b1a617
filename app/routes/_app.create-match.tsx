import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/shell/coming-soon";

export const meta: MetaFunction = () => [{ title: "Create New Match | Partwise" }];

/** /create-match: a placeholder until the match request wizard is built. Guarded by the `_app` layout loader (client with a business). */
export default function Page() {
  return (
    <div className="page">
      <ComingSoon title="Create New Match" message="Requesting a match with a consultant is coming soon." />
    </div>
  );
}
