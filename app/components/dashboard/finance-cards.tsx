import { Link } from "@remix-run/react";
import { useState } from "react";
import {
  formatCurrency,
  formatIncomeChange,
  NO_FINANCE_DATA_MESSAGE,
  REVENUE_PER_EMPLOYEE_TOOLTIP,
} from "../../lib/finance";
import { RevenueChart } from "../charts/revenue-chart";
import { DashboardCard } from "./dashboard-card";
import type { FinanceCards, RevenueSeries } from "./finance-view";

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
          <a href={CONNECT_DASHBOARD_PATH} className="button button-secondary">
            Reconnect
          </a>
        </div>
      ) : null}
    </>
  );
}

export function MonthlyRevenueCard({ cards }: { cards: FinanceCards }) {
  return (
    <DashboardCard id="monthly-revenue-card" title="Monthly Rev." className="finance-card">
      {cards.state === "ready" ? <MonthlyRevenue cards={cards} /> : <FinanceState cards={cards} what="monthly revenue" />}
    </DashboardCard>
  );
}

export function RevenuePerEmployeeCard({ cards }: { cards: FinanceCards }) {
  return (
    <DashboardCard id="revenue-per-employee-card" title="Revenue Per Employee" className="finance-card">
      {cards.state === "ready" ? (
        cards.revenuePerEmployee === null ? (
          <p className="empty-state">{NO_FINANCE_DATA_MESSAGE}</p>
        ) : (
          <div className="finance-figure">
            <p className="finance-amount">{formatCurrency(cards.revenuePerEmployee)}</p>
            <p className="finance-note">
              <span className="finance-info" aria-hidden="true">
                i
              </span>
              <span>{REVENUE_PER_EMPLOYEE_TOOLTIP}</span>
            </p>
          </div>
        )
      ) : (
        <FinanceState cards={cards} what="revenue per employee" />
      )}
    </DashboardCard>
  );
}

function MonthlyRevenue({ cards }: { cards: Extract<FinanceCards, { state: "ready" }> }) {
  const [showTrend, setShowTrend] = useState(false);
  const series: RevenueSeries = showTrend ? cards.twelveMonths : cards.sixMonths;
  const label = showTrend ? "Net income, last 12 months" : "Net income, last 6 months";
  const change = cards.incomeChange;
  return (
    <div className="monthly-revenue">
      <dl className="finance-facts">
        <div>
          <dt>Net income (6 months)</dt>
          <dd className="finance-amount">{formatCurrency(cards.netIncome)}</dd>
        </div>
        <div>
          <dt>Income change</dt>
          <dd className={`finance-change ${change > 0 ? "is-up" : change < 0 ? "is-down" : ""}`.trim()}>
            {formatIncomeChange(change)}
          </dd>
        </div>
      </dl>
      <RevenueChart key={showTrend ? "12" : "6"} labels={series.labels} amounts={series.amounts} bounds={series.bounds} label={label} />
      {series.missingMonths.length > 0 ? (
        <p className="muted finance-missing">No data for {series.missingMonths.join(", ")}.</p>
      ) : null}
      <p className="finance-trend-toggle">
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={showTrend}
          onClick={() => setShowTrend((value) => !value)}
        >
          {showTrend ? "Show last 6 months" : "Show 12-month trend"}
        </button>
      </p>
    </div>
  );
}

/** Every state but "ready": the sample prompt, building, failed, broken, no data. */
function FinanceState({ cards, what }: { cards: FinanceCards; what: string }) {
  switch (cards.state) {
    case "not_connected":
      return (
        <div className="finance-locked">
          <div className="finance-sample" aria-hidden="true">
            {what === "monthly revenue" ? (
              <>
                <p className="finance-amount">{formatCurrency(cards.sample.netIncome)}</p>
                <div className="finance-sample-bars">
                  {cards.sample.amounts.map((amount, i) => (
                    <span key={cards.sample.labels[i]} style={{ height: `${Math.round((amount / 1500) * 100)}%` }} />
                  ))}
                </div>
              </>
            ) : (
              <p className="finance-amount">{formatCurrency(cards.sample.revenuePerEmployee)}</p>
            )}
          </div>
          <div className="finance-locked-prompt">
            <a href={CONNECT_DASHBOARD_PATH} className="button button-primary">
              Connect Company Data
            </a>
            <p className="muted">Connect your accounting data to see your {what}.</p>
          </div>
        </div>
      );
    case "building":
      return (
        <div className="connect-prompt">
          <p className="connect-title">{BUILDING_TEXT}</p>
          <p className="muted">
            Your {what} will appear here in a moment.{" "}
            <Link to={cards.jobId ? `/quickbook-status?job=${cards.jobId}&returnPage=DASHBOARD` : "/quickbook-status?returnPage=DASHBOARD"}>
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
            <a href={CONNECT_DASHBOARD_PATH} className="button button-secondary">
              Try again
            </a>
          </p>
        </div>
      );
    case "broken":
      return (
        <div className="connect-prompt">
          <p className="connect-title">{cards.message}</p>
          <p>
            <a href={CONNECT_DASHBOARD_PATH} className="button button-secondary">
              Reconnect
            </a>
          </p>
        </div>
      );
    case "empty":
      return <p className="empty-state">{NO_FINANCE_DATA_MESSAGE}</p>;
    default:
      return null;
  }
}
