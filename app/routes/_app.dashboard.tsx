import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ActivityPanel } from "../components/dashboard/activity-panel";
import { DashboardCard } from "../components/dashboard/dashboard-card";
import { FinanceBanner, MonthlyRevenueCard, RevenuePerEmployeeCard } from "../components/dashboard/finance-cards";
import { financeCards } from "../components/dashboard/finance-view";
import { NoticeBanner } from "../components/notice-banner";
import { useShellData } from "../components/shell/shell-data";
import { planLabel, shortenCompanyName } from "../lib/format";
import { requireClientBusiness } from "../server/auth.server";
import { loadDashboardFinance } from "../server/finance-reports.server";

export const meta: MetaFunction = () => [{ title: "Dashboard | Partwise" }];

/**
 * The company-data cards' figures: one query (connection, report, latest job) after the viewer,
 * which the `_app` loader running in parallel shares (memoised), so at most two D1 round trips.
 * A stale report asks for its refresh off the critical path (loadDashboardFinance).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const now = context.app.now();
  const finance = await loadDashboardFinance(context.app, viewer.business, now);
  return { finance: financeCards(finance, viewer.business.numberOfEmployees, now) };
}

/**
 * The client dashboard (spec §2). Monthly Rev. and Revenue Per Employee come from the connected
 * accounting data; the other cards show their honest empty states until their features exist.
 */
export default function Dashboard() {
  const { business } = useShellData();
  const { finance } = useLoaderData<typeof loader>();
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
      <FinanceBanner cards={finance} />

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
            <MonthlyRevenueCard cards={finance} />
          </div>
          <ActivityPanel />
        </div>

        <div className="dashboard-secondary">
          <RevenuePerEmployeeCard cards={finance} />
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
