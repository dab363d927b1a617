import { Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { NO_FINANCE_DATA_MESSAGE, REVENUE_PER_EMPLOYEE_HEADCOUNT_NOTE } from "~/lib/finance/finance";
import { formatDollars } from "~/lib/shared/numbers";
import { RevenueChart } from "~/components/finance/charts/revenue-chart";
import { useHydrated } from "~/components/ui/use-hydrated";
import { DashboardCard } from "./dashboard-card";
import { MONTHLY_CARD_TITLE, REVENUE_PER_EMPLOYEE_CARD_TITLE, type FinanceCards } from "./finance-view";

export const CONNECT_DASHBOARD_PATH = "/api/quickbooks/createAuthPortal?returnPage=DASHBOARD";
export const BUILDING_TEXT = "Building Business Finance Profile…";

/** The monthly banner (spec §4) and a broken connection's message, above the cards. */
export function FinanceBanner({ cards }: { cards: FinanceCards }) {
  const refreshingFor = cards.state === "ready" || cards.state === "empty" ? cards.refreshingFor : null;
  const broken = cards.state === "ready" || cards.state === "empty" ? cards.brokenMessage : null;
  if (!refreshingFor && !broken) return null;
  return (
    <>
      {refreshingFor ? (
        <div className="notice-banner finance-banner" role="status">
          <p>{`We're refreshing your finance profile for ${refreshingFor}.`}</p>
        </div>
      ) : null}
      {broken ? (
        <div className="notice-banner finance-banner finance-banner-warning" role="alert">
          <p>{broken}</p>
          <ConnectLink className="button button-secondary">Reconnect</ConnectLink>
        </div>
      ) : null}
    </>
  );
}

/**
 * Revenue and net income per month (spec §2 "Monthly Rev.", titled by what it draws): the last six
 * complete months, or twelve with the toggle; the title, totals and table follow the window shown.
 */
export function MonthlyRevenueCard({ cards }: { cards: FinanceCards }) {
  const [showTrend, setShowTrend] = useState(false);
  const series = cards.state === "ready" ? (showTrend ? cards.twelveMonths : cards.sixMonths) : null;
  return (
    <DashboardCard
      id="monthly-revenue-card"
      title={MONTHLY_CARD_TITLE}
      period={series?.period}
      className="finance-card"
    >
      {cards.state === "ready" && series ? (
        <MonthlyRevenue series={series} showTrend={showTrend} onToggle={() => setShowTrend((value) => !value)} />
      ) : (
        <FinanceState cards={cards} what="monthly revenue and net income" />
      )}
    </DashboardCard>
  );
}

export function RevenuePerEmployeeCard({ cards }: { cards: FinanceCards }) {
  const figure = cards.state === "ready" ? cards.revenuePerEmployee : null;
  return (
    <DashboardCard
      id="revenue-per-employee-card"
      title={REVENUE_PER_EMPLOYEE_CARD_TITLE}
      period={figure?.period}
      className="finance-card"
    >
      {cards.state === "ready" ? (
        figure === null ? (
          <p className="empty-state">{NO_FINANCE_DATA_MESSAGE}</p>
        ) : (
          <div className="finance-figure">
            <p className="finance-amount">{formatDollars(figure.amount)}</p>
            <p className="finance-note">
              <span className="finance-info" aria-hidden="true">
                i
              </span>
              <span>{`${figure.explanation} ${REVENUE_PER_EMPLOYEE_HEADCOUNT_NOTE}`}</span>
            </p>
          </div>
        )
      ) : (
        <FinanceState cards={cards} what="revenue per employee" />
      )}
    </DashboardCard>
  );
}

type Series = Extract<FinanceCards, { state: "ready" }>["sixMonths"];

function MonthlyRevenue({ series, showTrend, onToggle }: { series: Series; showTrend: boolean; onToggle: () => void }) {
  // The toggle needs JavaScript: without it (or before hydration) it is not offered.
  const hydrated = useHydrated();
  const change = series.incomeChange;
  return (
    <div className="monthly-revenue">
      <dl className="finance-facts">
        <div>
          <dt>Total revenue</dt>
          <dd className="finance-amount">{formatDollars(series.revenueTotal)}</dd>
        </div>
        <div>
          <dt>Total net income</dt>
          <dd className="finance-amount">{formatDollars(series.netIncomeTotal)}</dd>
        </div>
        <div>
          <dt>Net income change</dt>
          <dd className={`finance-change ${change > 0 ? "is-up" : change < 0 ? "is-down" : ""}`.trim()}>
            {formatDollars(change, { signed: true })}
          </dd>
        </div>
      </dl>
      <p className="finance-note finance-change-note">{series.incomeChangeExplanation}</p>
      <RevenueChart
        key={showTrend ? "12" : "6"}
        ticks={series.ticks}
        months={series.months}
        revenue={series.revenue}
        netIncome={series.netIncome}
        bounds={series.bounds}
        label={`Revenue and net income, ${series.period}`}
      />
      {series.missingMonths.length > 0 ? (
        <p className="muted finance-missing">No data for {series.missingMonths.join(", ")}.</p>
      ) : null}
      {hydrated ? (
        <p className="finance-trend-toggle">
          <button type="button" className="button button-secondary" aria-pressed={showTrend} onClick={onToggle}>
            {showTrend ? "Show last 6 months" : "Show 12-month trend"}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** Every state but "ready": the sample prompt, building, failed, broken, no data. */
function FinanceState({ cards, what }: { cards: FinanceCards; what: string }) {
  const may = useMemberCan();
  switch (cards.state) {
    case "not_connected":
      return (
        <div className="finance-locked">
          <div className="finance-sample" aria-hidden="true">
            {what === "monthly revenue and net income" ? (
              <>
                <p className="finance-amount">{formatDollars(cards.sample.netIncome)}</p>
                <div className="finance-sample-bars">
                  {cards.sample.amounts.map((amount, i) => (
                    <span key={cards.sample.labels[i]} className="finance-sample-pair">
                      <span
                        className="is-revenue"
                        style={{ height: `${Math.round(((cards.sample.revenue[i] ?? 0) / 1500) * 100)}%` }}
                      />
                      <span style={{ height: `${Math.round((amount / 1500) * 100)}%` }} />
                    </span>
                  ))}
                </div>
              </>
            ) : (
              <p className="finance-amount">{formatDollars(cards.sample.revenuePerEmployee)}</p>
            )}
          </div>
          <div className="finance-locked-prompt">
            <ConnectLink className="button button-primary">Connect Company Data</ConnectLink>
            {may("changeSettings") ? <p className="muted">Connect your accounting data to see your {what}.</p> : null}
          </div>
        </div>
      );
    case "building":
      return (
        <div className="connect-prompt">
          <p className="connect-title">{BUILDING_TEXT}</p>
          <p className="muted">
            Your {what} will appear here in a moment.{" "}
            <Link
              to={
                cards.jobId
                  ? `/quickbook-status?job=${cards.jobId}&returnPage=DASHBOARD`
                  : "/quickbook-status?returnPage=DASHBOARD"
              }
            >
              See progress
            </Link>
          </p>
        </div>
      );
    case "failed":
      return (
        <div className="connect-prompt">
          <p className="connect-title">{cards.message}</p>
          <p>
            <ConnectLink className="button button-secondary">Try again</ConnectLink>
          </p>
        </div>
      );
    case "broken":
      return (
        <div className="connect-prompt">
          <p className="connect-title">{cards.message}</p>
          <p>
            <ConnectLink className="button button-secondary">Reconnect</ConnectLink>
          </p>
        </div>
      );
    case "empty":
      return <p className="empty-state">{NO_FINANCE_DATA_MESSAGE}</p>;
    default:
      return null;
  }
}

/**
 * A link into the connect flow (the business's settings): a role that may not change them finds the
 * line naming it instead (docs/decisions/071).
 */
function ConnectLink({ className, children }: { className: string; children: ReactNode }) {
  const may = useMemberCan();
  if (!may("changeSettings")) return <RoleNotice action="changeSettings" />;
  return (
    <a href={CONNECT_DASHBOARD_PATH} className={className}>
      {children}
    </a>
  );
}
