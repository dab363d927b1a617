import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useSearchParams } from "@remix-run/react";
import { ToggleGroup } from "../components/features/toggle-group";
import { FEATURES, featureHref, parseFeatureFocus, type Feature } from "../lib/features";

/** The feature a URL opens: engagementId opens Engagements, matchId opens Matching, else `focus`. */
function focusFrom(params: URLSearchParams): Feature {
  if (params.get("engagementId")) return "Engagements";
  if (params.get("matchId")) return "Matching";
  return parseFeatureFocus(params.get("focus"));
}

export const meta: MetaFunction = ({ location }) => [
  { title: `${focusFrom(new URLSearchParams(location.search))} | Partwise` },
];

/**
 * /features (spec §2): a left menu and one feature at a time, chosen by `?focus=` (any case,
 * default Insights). Guarded by the `_app` layout loader. No insights, matches or engagements
 * exist yet, so every list shows its empty state.
 */
export default function Features() {
  const [params] = useSearchParams();
  const focus = focusFrom(params);
  return (
    <div className="page features">
      <nav aria-label="Features" className="feature-menu">
        <ul>
          {FEATURES.map((feature) => (
            <li key={feature}>
              <Link
                to={featureHref(feature)}
                className="feature-link"
                aria-current={feature === focus ? "page" : undefined}
                preventScrollReset
              >
                {feature}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="feature-content">
        {/* key: a new feature starts with its own toggles at their defaults. */}
        <FeaturePanel key={focus} focus={focus} params={params} />
      </div>
    </div>
  );
}

function FeaturePanel({ focus, params }: { focus: Feature; params: URLSearchParams }) {
  switch (focus) {
    case "Insights":
      return (
        <section className="card feature-panel" aria-labelledby="feature-title">
          <div className="feature-head">
            <h1 id="feature-title">Insights</h1>
            <Link to="/create-insight" className="button button-primary">
              Create New Insight
            </Link>
          </div>
          <p className="empty-state">You have no insights yet.</p>
        </section>
      );
    case "Matching":
      return (
        <section className="card feature-panel" aria-labelledby="feature-title">
          <div className="feature-head">
            <h1 id="feature-title">Matching</h1>
            <Link to="/create-match" className="button button-primary">
              Create New Match
            </Link>
          </div>
          {params.get("matchId") ? (
            <p role="status" className="notice">
              We couldn&apos;t find that match.
            </p>
          ) : null}
          <ToggleGroup
            label="Match requests"
            options={[
              { value: "active", label: "Active", empty: "No Active Matches" },
              { value: "completed", label: "Completed", empty: "No Completed Matches" },
            ]}
          />
        </section>
      );
    case "Engagements":
      return (
        <section className="card feature-panel" aria-labelledby="feature-title">
          <div className="feature-head">
            <h1 id="feature-title">Engagements</h1>
          </div>
          {params.get("engagementId") ? (
            <p role="status" className="notice">
              We couldn&apos;t find that engagement.
            </p>
          ) : null}
          <ToggleGroup
            label="Engagements"
            options={[
              { value: "active", label: "Active Engagements", empty: "No Active Engagements" },
              { value: "completed", label: "Completed Engagements", empty: "No Completed Engagements" },
            ]}
          />
        </section>
      );
    case "Benchmarking":
      return (
        <section className="card feature-panel" aria-labelledby="feature-title">
          <div className="feature-head">
            <h1 id="feature-title">Benchmarking</h1>
            <span className="badge badge-soft">Coming soon</span>
          </div>
          <p className="empty-state">
            Benchmarking is coming soon. You will be able to compare your company with others in your industry.
          </p>
        </section>
      );
    case "Documents":
      return (
        <section className="card feature-panel" aria-labelledby="feature-title">
          <div className="feature-head">
            <h1 id="feature-title">Documents</h1>
            <span className="badge badge-soft">Coming soon</span>
          </div>
          <p className="empty-state">The Documents Hub is coming soon. Your company documents will be kept here.</p>
        </section>
      );
  }
}
