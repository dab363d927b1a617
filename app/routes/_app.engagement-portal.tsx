import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import {
  EngagementConsultant,
  EngagementDeliverables,
  EngagementMatchInfo,
} from "~/components/engagements/engagement-panel";
import { useDeliverableSlots } from "~/components/engagements/engagement-slots";
import { NoticeBanner } from "~/components/ui/notice-banner";
import { ENGAGEMENT_NOT_FOUND, NO_ENGAGEMENTS_YET } from "~/lib/engagements/engagement-copy";
import { engagementStatusLabel, type BusinessEngagement } from "~/lib/engagements/engagement-display";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";
import { requireClientBusiness } from "~/http/guards.server";
import { loadBusinessEngagement } from "~/server/engagements/engagement-views.server";
import { loadEngagementCosts } from "~/server/payments/receipts.server";

export const meta: MetaFunction = () => [{ title: "Engagement Plan | Partwise" }];

const SECTIONS = ["match", "consultant", "plan"] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_LABELS: Record<Section, string> = { match: "Match", consultant: "Consultant", plan: "Plan" };

/**
 * The business's current engagement (the newest not complete, else the newest), or `?engagementId=`
 * of one of its engagements: one db.batch and the costs' reads side by side after the viewer (two
 * sequential D1 round trips).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const requested = new URL(request.url).searchParams.get("engagementId")?.trim() || null;
  // What each deliverable cost (issue #18), read beside the engagement's batch (same round trip).
  const [engagement, costs] = await Promise.all([
    loadBusinessEngagement(context.app, viewer, requested),
    loadEngagementCosts(context.app, viewer.business.id, requested),
  ]);
  return { engagement, costs: engagement ? costs : null, requested: requested !== null };
}

/** Plan shows only when the engagement's plan loaded (its text, or the items the business may see). */
function hasPlan(engagement: BusinessEngagement): boolean {
  return (
    engagement.plan !== null ||
    engagement.outline.incompleteItems.length > 0 ||
    engagement.outline.completedItems.length > 0
  );
}

/**
 * /engagement-portal (spec §2): the Engagement Plan view with a side menu Match, Consultant and
 * Plan (`?section=`, Plan by default; hidden when the plan is not there). The sections are the
 * /features engagement panel's.
 */
export default function EngagementPortal() {
  const { engagement, costs, requested } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // The forms post to the /features engagement panel's action (one page action for both pages).
  const slots = useDeliverableSlots(engagement, {
    action: engagement ? businessEngagementPath(engagement.tile.id) : undefined,
  });
  if (!engagement) {
    return (
      <div className="page engagement-portal">
        <header className="page-header">
          <h1>Engagement Plan</h1>
        </header>
        <NoticeBanner />
        <section className="card">
          <p className={requested ? "notice" : "empty-state"} role={requested ? "status" : undefined}>
            {requested ? ENGAGEMENT_NOT_FOUND : NO_ENGAGEMENTS_YET}
          </p>
          <Link to="/features?focus=Engagements">See your engagements</Link>
        </section>
      </div>
    );
  }
  const sections = SECTIONS.filter((section) => section !== "plan" || hasPlan(engagement));
  const wanted = params.get("section");
  const fallback: Section = sections.includes("plan") ? "plan" : "match";
  const section = sections.find((value) => value === wanted) ?? fallback;
  const href = (value: Section) =>
    `/engagement-portal?engagementId=${encodeURIComponent(engagement.tile.id)}&section=${value}`;
  return (
    <div className="page engagement-portal">
      <header className="page-header">
        <div>
          <p className="eyebrow">{engagement.tile.title}</p>
          <h1>Engagement Plan</h1>
        </div>
        <span className={`badge engagement-status engagement-status-${engagement.tile.status}`}>
          {engagementStatusLabel(engagement.tile.status)}
        </span>
      </header>
      <NoticeBanner />
      <div className="engagement-portal-layout">
        <nav aria-label="Engagement plan" className="engagement-portal-menu">
          <ul>
            {sections.map((value) => (
              <li key={value}>
                <Link
                  to={href(value)}
                  className="feature-link"
                  aria-current={value === section ? "page" : undefined}
                  preventScrollReset
                >
                  {SECTION_LABELS[value]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="card engagement-portal-content">
          {section === "match" ? <EngagementMatchInfo engagement={engagement} heading="h2" /> : null}
          {section === "consultant" ? <EngagementConsultant engagement={engagement} heading="h2" /> : null}
          {section === "plan" ? (
            <EngagementDeliverables engagement={engagement} heading="h2" slots={slots} costs={costs} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
