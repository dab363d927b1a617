import { lazy, Suspense } from "react";
import { formatCurrency, type ChartBounds } from "../../lib/finance";
import { useHydrated } from "../use-hydrated";

export type RevenueChartProps = {
  labels: string[];
  amounts: number[];
  bounds: ChartBounds;
  /** The series' name, e.g. "Net income, last 6 months". */
  label: string;
  /** What the canvas says to assistive technology (every month and its amount). */
  summary: string;
};

/** chart.js and its setup load only when a chart is drawn: a separate chunk, in the browser only. */
const RevenueBarChart = lazy(() => import("./revenue-bar-chart.client"));

/** "Net income, last 6 months: Jan $1,200.00, Feb -$300.00, …". */
export function chartSummary(label: string, labels: string[], amounts: number[]): string {
  return `${label}: ${labels.map((month, i) => `${month} ${formatCurrency(amounts[i] ?? 0)}`).join(", ")}.`;
}

/**
 * A revenue bar chart: a same-size skeleton on the server and until chart.js has loaded, then the
 * canvas (role img with a summary). The values are also in a visually hidden table.
 */
export function RevenueChart(props: Omit<RevenueChartProps, "summary">) {
  const hydrated = useHydrated();
  const summary = chartSummary(props.label, props.labels, props.amounts);
  const skeleton = <div className="chart-skeleton" aria-hidden="true" />;
  return (
    <div className="revenue-chart">
      <div className="chart-frame">
        {hydrated ? (
          <Suspense fallback={skeleton}>
            <RevenueBarChart {...props} summary={summary} />
          </Suspense>
        ) : (
          skeleton
        )}
      </div>
      <table className="visually-hidden">
        <caption>{props.label}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Net income</th>
          </tr>
        </thead>
        <tbody>
          {props.labels.map((month, i) => (
            <tr key={`${month}-${i}`}>
              <th scope="row">{month}</th>
              <td>{formatCurrency(props.amounts[i] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
