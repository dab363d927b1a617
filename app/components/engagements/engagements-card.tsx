import { DashboardCard } from "~/components/dashboard/dashboard-card";
import { NO_ENGAGEMENTS_YET, NOTHING_TO_DO } from "~/lib/engagements/engagement-copy";
import type { EngagementSummary } from "~/lib/engagements/engagement-display";

/**
 * The dashboard's Engagements card (spec §2; a click goes to /features?focus=Engagements): how
 * many engagements are active and complete, and the next thing the business has to do.
 */
export function EngagementsCard({ summary }: { summary: EngagementSummary }) {
  const any = summary.active + summary.complete > 0;
  return (
    <DashboardCard id="engagements-card" title="Engagements" to="/features?focus=Engagements">
      {any ? (
        <>
          <dl className="insight-counts">
            <div>
              <dt>Active</dt>
              <dd>{summary.active}</dd>
            </div>
            <div>
              <dt>Complete</dt>
              <dd>{summary.complete}</dd>
            </div>
          </dl>
          <p className="muted engagement-next-step">
            {summary.next ? `Next: ${summary.next.text} (${summary.next.title})` : NOTHING_TO_DO}
          </p>
        </>
      ) : (
        <p className="empty-state">{NO_ENGAGEMENTS_YET}</p>
      )}
    </DashboardCard>
  );
}
