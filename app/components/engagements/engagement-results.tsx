import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatDollars } from "~/lib/shared/numbers";
import {
  RESULTS_BEFORE,
  RESULTS_METRICS,
  RESULTS_NO_BOOKS,
  RESULTS_NOT_ENOUGH_MONTHS,
  RESULTS_SINCE,
  RESULTS_TITLE,
} from "~/lib/engagements/engagement-copy";
import {
  change,
  formatChange,
  formatPercent,
  formatPointsChange,
  type EngagementResults,
} from "~/lib/engagements/engagement-results";
import { MONTH_ABBREVIATIONS } from "~/lib/shared/dates";

/** chart.js loads only when a results chart is drawn: a separate chunk, in the browser only. */
const ResultsBarChart = lazy(() => import("./engagement-results-chart.client"));

type Metric = keyof typeof RESULTS_METRICS;

/** "2026-03" → "Mar 2026". */
function monthLabel(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTH_ABBREVIATIONS[Number(m) - 1] ?? ""} ${year}`;
}

function span(period: { from: string; to: string; months: number }): string {
  const months = period.months === 1 ? "1 month" : `${period.months} months`;
  return `${monthLabel(period.from)} – ${monthLabel(period.to)} (${months})`;
}

function value(metric: Metric, amount: number | null): string {
  if (amount === null) return "—";
  return metric === "netMargin" ? formatPercent(amount) : formatDollars(amount);
}

/**
 * An engagement's before/after from the books (issue #14 §6): average monthly revenue, net margin
 * and monthly revenue per employee for the months before the start against the months since, as
 * three small bar charts (chart.js, loaded lazily once hydrated) and a table, which is what the
 * server renders and what assistive technology reads (visually hidden beside the charts).
 * `results` is loadEngagementResults' answer: null without books.
 */
export function EngagementResultsCard({ results }: { results: EngagementResults | null }) {
  const hydrated = useHydrated();
  let body;
  if (results === null) {
    body = <p className="console-muted">{RESULTS_NO_BOOKS}</p>;
  } else if (!results.enough || !results.before || !results.since) {
    body = <p className="console-muted">{RESULTS_NOT_ENOUGH_MONTHS}</p>;
  } else {
    const { before, since } = results;
    const metrics: Metric[] = ["revenue", "netMargin", "revenuePerEmployee"];
    const table = (
      <table className="chart-table results-table">
        <caption>
          {RESULTS_TITLE}: {RESULTS_BEFORE.toLowerCase()} {span(before)}, {RESULTS_SINCE.toLowerCase()} {span(since)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Measure</th>
            <th scope="col">{RESULTS_BEFORE}</th>
            <th scope="col">{RESULTS_SINCE}</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {metrics.map((metric) => (
            <tr key={metric}>
              <th scope="row">{RESULTS_METRICS[metric]}</th>
              <td>{value(metric, before[metric])}</td>
              <td>{value(metric, since[metric])}</td>
              <td>
                {metric === "netMargin"
                  ? formatPointsChange(before.netMargin, since.netMargin)
                  : formatChange(change(before[metric], since[metric]))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
    body = hydrated ? (
      <>
        <div className="results-charts">
          {metrics.map((metric) => {
            const a = before[metric];
            const b = since[metric];
            if (a === null || b === null) return null;
            const summary = `${RESULTS_METRICS[metric]}: ${RESULTS_BEFORE.toLowerCase()} ${value(metric, a)}, ${RESULTS_SINCE.toLowerCase()} ${value(metric, b)}.`;
            return (
              <figure key={metric} className="results-chart">
                <figcaption>{RESULTS_METRICS[metric]}</figcaption>
                <div className="chart-frame results-chart-frame">
                  <Suspense fallback={<div className="chart-skeleton" aria-hidden="true" />}>
                    <ResultsBarChart
                      labels={[RESULTS_BEFORE, RESULTS_SINCE]}
                      values={[a, b]}
                      format={metric === "netMargin" ? "percent" : "currency"}
                      summary={summary}
                    />
                  </Suspense>
                </div>
              </figure>
            );
          })}
        </div>
        <div className="visually-hidden">{table}</div>
      </>
    ) : (
      <div className="chart-frame-table">{table}</div>
    );
  }
  return (
    <section className="card engagement-results" aria-labelledby="engagement-results-title">
      <h3 id="engagement-results-title" className="card-title">
        {RESULTS_TITLE}
      </h3>
      {body}
    </section>
  );
}
