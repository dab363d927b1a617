import type { MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/shell/coming-soon";

export const meta: MetaFunction = () => [{ title: "Benchmarking | Partwise" }];

/** /benchmarking: a placeholder until benchmarking is built. Guarded by the `_app` layout loader (client with a business). */
export default function Page() {
  return (
    <div className="page">
      <ComingSoon title="Benchmarking" message="Comparing your company with others in your industry is coming soon." />
    </div>
  );
}
