import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  BENCHMARKING_CHART_LABELS,
  BENCHMARKING_CONNECT_BUTTON,
  BENCHMARKING_CONNECT_FOR_BOOKS,
  BENCHMARKING_MEASURES_HEADING,
  BENCHMARKING_NO_PEER,
  BENCHMARKING_PEER_GROUP_HEADING,
  BENCHMARKING_PEERS,
  BENCHMARKING_READINGS_HEADING,
  BENCHMARKING_SOURCES_HEADING,
  BENCHMARKING_YOU,
  benchmarkingBasisNote,
  benchmarkingBuiltNote,
  benchmarkingDollarsNote,
} from "~/lib/benchmarking/benchmarking-copy";
import {
  chartSummary,
  formatGap,
  formatMeasureValue,
  formatMonth,
  restatedYears,
} from "~/lib/benchmarking/report-display";
import type { BenchmarkMeasure, BenchmarkReportData } from "~/lib/benchmarking/report-types";
import { formatDate } from "~/lib/shared/dates";
import { Link } from "@remix-run/react";
import { REVENUE_BAND_CONFIRM_PATH, REVENUE_BAND_COPY, type BandDisagreement } from "~/lib/business/revenue-band";

/** chart.js loads only when a report is drawn: a separate chunk, in the browser only. */
const BenchmarkBarChart = lazy(() => import("./benchmark-chart.client"));

/**
 * The activated screen's report (issue #15 §5): the peer group named (with the note when it is
 * less specific than the business's code), where each side's figures come from, the readings of
 * the largest gaps, one card per measure (two bars drawn by chart.js once hydrated, and the same
 * figures as text, which is what the server renders and assistive technology reads), and the
 * sources with their year.
 */
export function BenchmarkReport({
  report,
  bands = null,
  connectHref = null,
}: {
  report: BenchmarkReportData;
  /** The books put the business in another revenue band than it chose: said first (ADR 050). */
  bands?: BandDisagreement | null;
  /** Connect Company Data, offered under the stated-bands note when no books are connected. */
  connectHref?: string | null;
}) {
  const years = restatedYears(report);
  const employees = report.measures.find((measure) => measure.key === "employees")?.business ?? null;
  return (
    <div className="bench-report stack">
      {bands ? (
        <section className="card bench-bands" aria-labelledby="bench-bands-title">
          <h2 id="bench-bands-title" className="card-title">
            {REVENUE_BAND_COPY.title}
          </h2>
          <p>{REVENUE_BAND_COPY.statement(bands)}</p>
          {employees !== null ? <p>{REVENUE_BAND_COPY.benchmarkingCaveat(employees)}</p> : null}
          <p>
            <Link to={REVENUE_BAND_CONFIRM_PATH} className="button button-secondary">
              {REVENUE_BAND_COPY.offer}
            </Link>
          </p>
        </section>
      ) : null}
      <section className="card bench-peer" aria-labelledby="bench-peer-title">
        <h2 id="bench-peer-title" className="card-title">
          {BENCHMARKING_PEER_GROUP_HEADING}
        </h2>
        <p className="bench-peer-name">{report.peerGroup.name}</p>
        {report.peerGroup.note ? <p className="bench-peer-note">{report.peerGroup.note}</p> : null}
        <ul className="bench-notes">
          <li>{benchmarkingBasisNote(report.basis, report.booksThrough ? formatMonth(report.booksThrough) : null)}</li>
          {years.length > 0 ? <li>{benchmarkingDollarsNote(report.dollarsOf, years)}</li> : null}
          <li>{benchmarkingBuiltNote(formatDate(report.builtAt))}</li>
        </ul>
        {report.basis === "stated" && connectHref ? (
          <p className="bench-connect-books">
            {BENCHMARKING_CONNECT_FOR_BOOKS}{" "}
            <a href={connectHref} className="button button-secondary">
              {BENCHMARKING_CONNECT_BUTTON}
            </a>
          </p>
        ) : null}
      </section>

      {report.readings.length > 0 ? (
        <section className="card bench-readings" aria-labelledby="bench-readings-title">
          <h2 id="bench-readings-title" className="card-title">
            {BENCHMARKING_READINGS_HEADING}
          </h2>
          <ul>
            {report.readings.map((reading) => (
              <li key={reading}>{reading}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="bench-measures" aria-labelledby="bench-measures-title">
        <div className="bench-measures-head">
          <h2 id="bench-measures-title">{BENCHMARKING_MEASURES_HEADING}</h2>
          <p className="bench-legend" aria-hidden="true">
            <span className="bench-swatch bench-swatch-you" /> {BENCHMARKING_YOU}
            <span className="bench-swatch bench-swatch-peers" /> {BENCHMARKING_PEERS}
          </p>
        </div>
        <ul className="bench-measure-list">
          {report.measures.map((measure) => (
            <li key={measure.key}>
              <MeasureCard measure={measure} />
            </li>
          ))}
        </ul>
      </section>

      <section className="card bench-sources" aria-labelledby="bench-sources-title">
        <h2 id="bench-sources-title" className="card-title">
          {BENCHMARKING_SOURCES_HEADING}
        </h2>
        <ul>
          {report.sources.map((source) => (
            <li key={source.key}>{`${source.name} (${source.year})`}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function MeasureCard({ measure }: { measure: BenchmarkMeasure }) {
  const hydrated = useHydrated();
  const titleId = `bench-measure-${measure.key}`;
  const gap = formatGap(measure);
  const drawable = hydrated && measure.business !== null && measure.peer !== null;
  // Net margin: the engine's peerLabel is the sentence that Census publishes no profit figures.
  const peerMissing = measure.key === "netMargin" ? measure.peerLabel : `${BENCHMARKING_NO_PEER} ${measure.peerLabel}`;
  const showPublished =
    measure.unit === "usd" &&
    measure.peer !== null &&
    measure.peerAsPublished !== null &&
    Math.round(measure.peer) !== Math.round(measure.peerAsPublished);
  return (
    <article className="card bench-measure" aria-labelledby={titleId}>
      <h3 id={titleId} className="bench-measure-title">
        {measure.label}
      </h3>
      {drawable ? (
        <div className="chart-frame bench-chart-frame">
          <Suspense fallback={<div className="chart-skeleton" aria-hidden="true" />}>
            <BenchmarkBarChart
              labels={BENCHMARKING_CHART_LABELS}
              values={[measure.business as number, measure.peer as number]}
              unit={measure.unit}
              summary={chartSummary(measure, BENCHMARKING_YOU, BENCHMARKING_PEERS)}
            />
          </Suspense>
        </div>
      ) : null}
      <dl className="bench-figures">
        <div>
          <dt>{BENCHMARKING_YOU}</dt>
          <dd>
            <span className="bench-value">{formatMeasureValue(measure.unit, measure.business)}</span>
            <span className="bench-source">{measure.businessNote}</span>
          </dd>
        </div>
        <div>
          <dt>{BENCHMARKING_PEERS}</dt>
          <dd>
            <span className="bench-value">{formatMeasureValue(measure.unit, measure.peer)}</span>
            <span className="bench-source">
              {measure.peer === null ? peerMissing : measure.peerLabel}
              {showPublished ? ` (published: ${formatMeasureValue(measure.unit, measure.peerAsPublished)})` : null}
            </span>
          </dd>
        </div>
        {gap ? (
          <div>
            <dt>Difference</dt>
            <dd>
              <span className="bench-value">{gap}</span>
            </dd>
          </div>
        ) : null}
        {measure.position ? (
          <div>
            <dt>Position</dt>
            <dd>
              <span className="bench-position">{capitalise(measure.position)}</span>
            </dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
