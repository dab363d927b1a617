import type { MetaFunction } from "@remix-run/cloudflare";
import { ActivityPanel } from "../components/dashboard/activity-panel";
import { ConnectCompanyData, DashboardCard } from "../components/dashboard/dashboard-card";
import { NoticeBanner } from "../components/notice-banner";
import { useShellData } from "../components/shell/shell-data";
import { planLabel, shortenCompanyName } from "../lib/format";

export const meta: MetaFunction = () => [{ title: "Dashboard | Partwise" }];

/**
 * The client dashboard (spec §2). Every card shows its empty state: no insights, matches,
 * engagements, documents or accounting data exist yet, and nothing here pretends otherwise.
 * Guarded by the `_app` layout loader.
 */
export default function Dashboard() {
  const { business } = useShellData();
  const companyName = shortenCompanyName(business.name);
  return (
    <div className="page dashboard">
      <header className="page-header">
        <div>
          <p className="eyebrow" title={companyName !== business.name ? business.name : undefined}>
            {companyName}
          </p>
          <h1>Dashboard</h1>
        </div>
        <span className="badge badge-plan">{planLabel(business.memberTier)} plan</span>
      </header>
      <NoticeBanner />

      <div className="dashboard-grid">
        <div className="dashboard-main">
          <div className="card-grid">
            <DashboardCard id="insights-card" title="Insights" to="/features?focus=Insights">
              <p className="empty-state">You have no insights yet.</p>
            </DashboardCard>
            <DashboardCard id="engagements-card" title="Engagements" to="/features?focus=Engagements">
              <p className="empty-state">You have no engagements yet.</p>
            </DashboardCard>
            <DashboardCard id="documents-card" title="Documents Hub" to="/features?focus=Documents">
              <p className="empty-state">Documents Hub is coming soon.</p>
            </DashboardCard>
            <DashboardCard id="monthly-revenue-card" title="Monthly Rev.">
              <ConnectCompanyData what="your monthly revenue" />
            </DashboardCard>
          </div>
          <ActivityPanel />
        </div>

        <div className="dashboard-secondary">
          <DashboardCard id="revenue-per-employee-card" title="Revenue Per Employee">
            <ConnectCompanyData what="your revenue per employee" />
          </DashboardCard>
          <DashboardCard id="events-card" title="Upcoming Events">
            <p className="empty-state">No upcoming events.</p>
          </DashboardCard>
          <DashboardCard id="notifications" title="Notifications">
            <p className="empty-state">You have no notifications.</p>
          </DashboardCard>
          <DashboardCard id="learning-card" title="Learning Center">
            <p className="empty-state">Learning Center is coming soon.</p>
          </DashboardCard>
        </div>
      </div>
    </div>
  );
}
