import { lazy, Suspense } from "react";
import { formatDollars } from "~/lib/shared/numbers";
import { useHydrated } from "~/components/ui/use-hydrated";
import { NET_INCOME_SERIES_LABEL, REVENUE_SERIES_LABEL, type RevenueChartProps } from "./revenue-chart-data";

/** chart.js and its setup load only when a chart is drawn: a separate chunk, in the browser only. */
const RevenueBarChart = lazy(() => import("./revenue-bar-chart.client"));

/** "Revenue and net income, May to Oct 2026: May 2026 revenue $1,200.00, net income -$300.00; …". */
export function chartSummary(label: string, months: string[], revenue: number[], netIncome: number[]): string {
  const parts = months.map(
    (month, i) => `${month} revenue ${formatDollars(revenue[i] ?? 0)}, net income ${formatDollars(netIncome[i] ?? 0)}`,
  );
  return `${label}: ${parts.join("; ")}.`;
}

/**
 * A bar chart of revenue and net income per month. The server, and the browser until it has
 * hydrated, render the figures as a table in the chart's place, so without JavaScript the data is
 * there to read. Once hydrated the canvas (role img with a summary) replaces it, a same-size
 * skeleton while chart.js loads, and the table stays for assistive technology, visually hidden.
 */
export function RevenueChart(props: Omit<RevenueChartProps, "summary">) {
  const hydrated = useHydrated();
  const summary = chartSummary(props.label, props.months, props.revenue, props.netIncome);
  const skeleton = <div className="chart-skeleton" aria-hidden="true" />;
  const table = (
    <table className="chart-table">
      <caption>{props.label}</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">{REVENUE_SERIES_LABEL}</th>
          <th scope="col">{NET_INCOME_SERIES_LABEL}</th>
        </tr>
      </thead>
      <tbody>
        {props.months.map((month, i) => (
          <tr key={month}>
            <th scope="row">{month}</th>
            <td>{formatDollars(props.revenue[i] ?? 0)}</td>
            <td>{formatDollars(props.netIncome[i] ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div className="revenue-chart">
      {hydrated ? (
        <>
          <div className="chart-frame">
            <Suspense fallback={skeleton}>
              <RevenueBarChart {...props} summary={summary} />
            </Suspense>
          </div>
          <ul className="chart-legend" aria-hidden="true">
            <li>
              <span className="chart-swatch chart-swatch-revenue" />
              {REVENUE_SERIES_LABEL}
            </li>
            <li>
              <span className="chart-swatch chart-swatch-net" />
              {NET_INCOME_SERIES_LABEL}
            </li>
            {props.netIncome.some((amount) => amount < 0) ? (
              <li>
                <span className="chart-swatch chart-swatch-loss" />
                Net loss
              </li>
            ) : null}
          </ul>
          {/* Hidden on a wrapper: a table never gets narrower than its content, so hiding the
              table itself would still widen the page on a phone. */}
          <div className="visually-hidden">{table}</div>
        </>
      ) : (
        <div className="chart-frame chart-frame-table">{table}</div>
      )}
    </div>
  );
}
