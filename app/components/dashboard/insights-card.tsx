import { categoryLabel } from "~/lib/shared/format";
import { clientInsightStatus } from "~/lib/insights/insight-status";
import { NO_INSIGHTS_LIST_MESSAGE } from "~/lib/insights/insight-views";
import type { TileData } from "~/components/insights/insight-tile";
import { DashboardCard } from "./dashboard-card";

/**
 * The dashboard's Insights card (spec §2; a click goes to /features?focus=Insights): how many
 * insights are delivered and pending, and the newest one's status.
 */
export function InsightsCard({ tiles }: { tiles: readonly TileData[] }) {
  const delivered = tiles.filter((tile) => tile.delivered).length;
  const pending = tiles.length - delivered;
  const newest = [...tiles].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0];
  return (
    <DashboardCard id="insights-card" title="Insights" to="/features?focus=Insights">
      {newest ? (
        <>
          <dl className="insight-counts">
            <div>
              <dt>Delivered</dt>
              <dd>{delivered}</dd>
            </div>
            <div>
              <dt>Pending</dt>
              <dd>{pending}</dd>
            </div>
          </dl>
          <p className="muted">
            Latest: {categoryLabel(newest.category)} — {clientInsightStatus(newest.value)}
          </p>
        </>
      ) : (
        <p className="empty-state">{NO_INSIGHTS_LIST_MESSAGE}</p>
      )}
    </DashboardCard>
  );
}
