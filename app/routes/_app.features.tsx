import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { ToggleGroup } from "~/components/ui/toggle-group";
import { InsightTile } from "~/components/insights/insight-tile";
import { MatchRequestToggleList } from "~/components/matching/match-tiles";
import { NoticeBanner } from "~/components/ui/notice-banner";
import { FEATURES, featureHref, parseFeatureFocus, type Feature } from "~/lib/shared/features";
import { NO_INSIGHTS_LIST_MESSAGE } from "~/lib/insights/insight-views";
import { requireClientBusiness } from "~/server/identity/guards.server";
import { readFormAs } from "~/server/platform/http.server";
import { loadClientInsightLists } from "~/server/insights/insight-views.server";
import { appOrigin, startInsightCheckout } from "~/server/payments/checkout.server";

/** The feature a URL opens: engagementId opens Engagements, matchId opens Matching, else `focus`. */
function focusFrom(params: URLSearchParams): Feature {
  if (params.get("engagementId")) return "Engagements";
  if (params.get("matchId")) return "Matching";
  return parseFeatureFocus(params.get("focus"));
}

export const meta: MetaFunction = ({ location }) => [
  { title: `${focusFrom(new URLSearchParams(location.search))} | Partwise` },
];

/** The business's insights (requests and value insights) and match requests: one db.batch after the viewer. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const lists = await loadClientInsightLists(context.app, viewer);
  const tiles = [...lists.requests, ...lists.valueInsights].sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
  );
  return { tiles, matches: lists.matches };
}

const PayIntentSchema = z.object({ intent: z.literal("pay"), insightId: z.string().trim().min(1).max(80) });

/**
 * intent=pay (a tile's 'Pay Now'): opens the insight's checkout and goes to its url. The
 * insight must be the business's own unpaid request (startInsightCheckout checks it); a checkout
 * that cannot start comes back here with the payment-failed notice.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  // A post the Pay Now button cannot make (no insight, not a form) is refused with a 400.
  const { insightId } = await readFormAs(request, PayIntentSchema);
  const failed = "/features?focus=Insights&notice=payment-failed";
  const result = await startInsightCheckout(context.app, viewer, insightId, appOrigin(context.app, request)).catch(
    (error: unknown) => {
      console.error("Could not start the insight checkout:", error);
      return null;
    },
  );
  if (!result?.ok) throw redirect(failed);
  throw redirect(result.url);
}

/**
 * /features (spec §2): a left menu and one feature at a time, chosen by `?focus=` (any case,
 * default Insights). Insights lists the business's insight tiles; Matching its match requests
 * (Active = not completed or cancelled); Engagements shows its empty state until engagements exist.
 */
export default function Features() {
  const [params] = useSearchParams();
  const focus = focusFrom(params);
  const data = useLoaderData<typeof loader>();
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
        <NoticeBanner />
        {/* key: a new feature starts with its own toggles at their defaults. */}
        <FeaturePanel key={focus} focus={focus} params={params} data={data} />
      </div>
    </div>
  );
}

type FeatureData = ReturnType<typeof useLoaderData<typeof loader>>;

function FeaturePanel({ focus, params, data }: { focus: Feature; params: URLSearchParams; data: FeatureData }) {
  switch (focus) {
    case "Insights":
      return (
        <FeaturePanelFrame
          title="Insights"
          action={
            <Link to="/create-insight" className="button button-primary">
              Create New Insight
            </Link>
          }
        >
          {data.tiles.length === 0 ? (
            <p className="empty-state">{NO_INSIGHTS_LIST_MESSAGE}</p>
          ) : (
            <ul className="insight-list" aria-label="Your insights">
              {data.tiles.map((tile) => (
                <li key={`${tile.type}-${tile.id}`}>
                  <InsightTile tile={tile} headingLevel={3} />
                </li>
              ))}
            </ul>
          )}
        </FeaturePanelFrame>
      );
    case "Matching":
      return (
        <FeaturePanelFrame
          title="Matching"
          action={
            <Link to="/create-match" className="button button-primary">
              Create New Match
            </Link>
          }
        >
          {params.get("matchId") ? (
            <p role="status" className="notice">
              We couldn&apos;t find that match.
            </p>
          ) : null}
          <MatchRequestToggleList matches={data.matches} />
        </FeaturePanelFrame>
      );
    case "Engagements":
      return (
        <FeaturePanelFrame title="Engagements">
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
        </FeaturePanelFrame>
      );
    case "Benchmarking":
      return (
        <FeaturePanelFrame title="Benchmarking" action={<span className="badge badge-soft">Coming soon</span>}>
          <p className="empty-state">
            Benchmarking is coming soon. You will be able to compare your company with others in your industry.
          </p>
        </FeaturePanelFrame>
      );
    case "Documents":
      return (
        <FeaturePanelFrame title="Documents" action={<span className="badge badge-soft">Coming soon</span>}>
          <p className="empty-state">The Documents Hub is coming soon. Your company documents will be kept here.</p>
        </FeaturePanelFrame>
      );
  }
}

/** One feature's panel: its title (the page's h1), an optional action beside it, then its content. */
function FeaturePanelFrame({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="card feature-panel" aria-labelledby="feature-title">
      <div className="feature-head">
        <h1 id="feature-title">{title}</h1>
        {action}
      </div>
      {children}
    </section>
  );
}
