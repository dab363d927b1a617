import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { ActivityPanel, activityTabFrom } from "~/components/dashboard/activity-panel";
import { FinanceBanner, MonthlyRevenueCard, RevenuePerEmployeeCard } from "~/components/dashboard/finance-cards";
import { financeCards } from "~/components/dashboard/finance-view";
import { InsightsCard } from "~/components/dashboard/insights-card";
import { EngagementsCard } from "~/components/engagements/engagements-card";
import { engagementSummary } from "~/lib/engagements/engagement-display";
import { NotificationsCard } from "~/components/dashboard/notifications-card";
import { ProfileSetupBanner } from "~/components/dashboard/profile-setup-banner";
import { computeProfileProgress } from "~/server/business/profile-progress.server";
import { NoticeBanner } from "~/components/ui/notice-banner";
import { useShellData } from "~/components/shell/shell-data";
import { planLabel, shortenCompanyName } from "~/lib/shared/format";
import { PAST_DUE_MESSAGE } from "~/lib/payments/payment-copy";
import { requireClientBusiness } from "~/http/guards.server";
import { loadDashboardFinance } from "~/server/finance/finance-reports.server";
import { loadClientInsightLists } from "~/server/insights/insight-views.server";
import { loadEngagementTiles } from "~/server/engagements/engagement-views.server";
import { BenchmarkingCard, benchmarkingSummary } from "~/components/benchmarking/benchmarking-summary";
import { loadBenchmarkingView } from "~/server/benchmarking/benchmarking-view.server";
import { UpcomingEventsCard } from "~/components/events/upcoming-events-card";
import { eventCardView, eventTeaser } from "~/lib/events/event-views";
import { listUpcomingEvents } from "~/server/events/events.server";
import { FeaturedVideoCard, LearningCenterCard } from "~/components/learning/learning-cards";
import { learningDashboardView } from "~/lib/learning/learning-views";
import { loadLearningSummary } from "~/server/learning/learning.server";
import { DocumentsCard } from "~/components/documents/documents-card";
import { loadDocumentsSummary } from "~/server/documents/documents.server";
import { accessTier, TRIAL_COPY, trialState } from "~/lib/payments/trial";
import { BandsBanner } from "~/components/dashboard/bands-banner";
import { bandDisagreement } from "~/lib/business/revenue-band";
import { booksYearIncome } from "~/lib/finance/finance";
import { requestedConsultantOf } from "~/http/requested-consultant.server";
import { RequestedConsultantBanner } from "~/components/dashboard/requested-consultant-banner";

export const meta: MetaFunction = () => [{ title: "Dashboard | Partwise" }];

/**
 * After the viewer (which the `_app` loader running in parallel shares, memoised), three reads go
 * out at the same time: the company-data cards' figures (one query: connection, report, latest
 * job), the next three events (one query), the Documents Hub's summary (one db.batch), the Learning Center's items, progress and last visit (one
 * db.batch), every insight and match list (one db.batch), the engagements (one db.batch) and the year's
 * benchmarking (loadBenchmarkingView, one db.batch). So at most two sequential
 * D1 round trips. A stale report asks for its refresh off the critical path (loadDashboardFinance).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const now = context.app.now();
  const [finance, lists, engagements, benchmarking, events, learning, documents] = await Promise.all([
    loadDashboardFinance(context.app, viewer.business, now),
    loadClientInsightLists(context.app, viewer),
    loadEngagementTiles(context.app, viewer),
    loadBenchmarkingView(context.app, viewer),
    listUpcomingEvents(context.app, viewer.business.id, 3),
    loadLearningSummary(context.app, viewer),
    loadDocumentsSummary(context.app, viewer),
  ]);
  // What the plan (or the free trial, ADR 050) unlocks.
  const tier = accessTier(viewer.business, now);
  // First-run guidance: the profile's steps from what is already loaded (no extra query).
  const progress = computeProfileProgress({
    user: viewer.user,
    business: viewer.business,
    accountingStatus: finance.connection?.status ?? null,
  });
  const trial = trialState(viewer.business, now);
  // The books against the revenue band chosen (ADR 050), from the report already loaded.
  const bands = finance.report
    ? bandDisagreement(viewer.business.revenueBand, booksYearIncome(finance.report.rows, finance.report.periodEnd))
    : null;
  return {
    bands,
    // The free trial while it runs on BASIC (ADR 050), beside the plan.
    trialBadge:
      viewer.business.memberTier === "BASIC" && trial.state === "active"
        ? TRIAL_COPY.badge(trial.tier, trial.endsAt)
        : null,
    setup:
      progress.completed < progress.steps.length
        ? { completed: progress.completed, total: progress.steps.length, percent: progress.percent }
        : null,
    engagements: engagementSummary(engagements, viewer.member.role),
    finance: financeCards(finance, viewer.business.numberOfEmployees, now),
    tiles: [...lists.requests, ...lists.valueInsights],
    matches: lists.matches,
    benchmarking: benchmarkingSummary(benchmarking),
    events: events.map((event) => eventTeaser(eventCardView(event, tier, now))),
    learning: learningDashboardView(learning, tier),
    documents,
    // "Request this consultant" from a public profile, kept while they signed up or logged in.
    requestedConsultantId: requestedConsultantOf(request),
  };
}

/**
 * The client dashboard (spec §2). Monthly Rev. and Revenue Per Employee come from the connected
 * accounting data; Insights, the activity panel and Notifications show the business's insights,
 * match requests and the user's notifications; the other cards show their honest empty states.
 */
export default function Dashboard() {
  // The notifications are the shell's: the same list the top bar's bell shows.
  const { business, notifications } = useShellData();
  const {
    bands,
    trialBadge,
    setup,
    finance,
    tiles,
    matches,
    engagements,
    benchmarking,
    events,
    learning,
    documents,
    requestedConsultantId,
  } = useLoaderData<typeof loader>();
  const companyName = shortenCompanyName(business.name);
  const activityTab = activityTabFrom(useSearchParams()[0].get("activity"));
  return (
    <div className="page dashboard">
      <header className="page-header">
        <div>
          <p className="eyebrow" title={companyName !== business.name ? business.name : undefined}>
            {companyName}
          </p>
          <h1>Dashboard</h1>
        </div>
        <span className="dashboard-plan">
          <span className="badge badge-plan">{planLabel(business.memberTier)} plan</span>
          {trialBadge ? <span className="badge badge-soft">{trialBadge}</span> : null}
        </span>
      </header>
      <NoticeBanner />
      {requestedConsultantId ? <RequestedConsultantBanner consultantId={requestedConsultantId} /> : null}
      <ProfileSetupBanner setup={setup} />
      {business.paymentPastDue ? (
        <p className="notice notice-danger" role="alert">
          {PAST_DUE_MESSAGE} <Link to="/company-profile?tab=account">Manage Payment</Link>
        </p>
      ) : null}
      <FinanceBanner cards={finance} />
      <BandsBanner bands={bands} />

      <div className="dashboard-grid">
        <div className="dashboard-main">
          <div className="card-grid">
            <InsightsCard tiles={tiles} />
            <EngagementsCard summary={engagements} />
            <DocumentsCard summary={documents} />
            <MonthlyRevenueCard cards={finance} />
            <BenchmarkingCard summary={benchmarking} />
          </div>
          <ActivityPanel key={activityTab} tiles={tiles} matches={matches} initialTab={activityTab} />
        </div>

        <div className="dashboard-secondary">
          <RevenuePerEmployeeCard cards={finance} />
          <UpcomingEventsCard events={events} />
          <NotificationsCard notifications={notifications} />
          <LearningCenterCard view={learning} />
          <FeaturedVideoCard view={learning} />
        </div>
      </div>
    </div>
  );
}
