// How the benchmarking screens write a report's figures: pure and isomorphic, so the server's HTML
// and the browser's hydration read the same and the unit tests pin every text.

import { formatDollars, formatNumber, formatPercent, formatPoints } from "~/lib/shared/numbers";
import { MONTH_ABBREVIATIONS } from "~/lib/shared/dates";
import { formatMeasureValue } from "./benchmarking-copy";
import type { BenchmarkMeasure, BenchmarkReportData, MeasureUnit } from "./report-types";

/** The engine's one writer of a figure ("$186,822.40", "37", "10.4", "12.3%"; "—" when missing). */
export { formatMeasureValue };

/**
 * A tick of a measure chart's value axis: a scale, not an amount anyone booked, so dollars read
 * whole like every chart's axis (ADR 052): "$200,000"; counts and percents as their figures. The
 * bars' figures, tooltips and text alternative use formatMeasureValue, with cents.
 */
export function formatMeasureTick(unit: MeasureUnit, value: number): string {
  return unit === "usd" ? formatDollars(value, { whole: true }) : formatMeasureValue(unit, value);
}

/**
 * The gap as read on screen, in the one format of each kind (ADR 052): "+12.4% (+$48,200.35)",
 * "-8.0% (-3.5 employees)", "+2.1 percentage points";
 * null when either side is missing.
 */
export function formatGap(measure: Pick<BenchmarkMeasure, "unit" | "gapPercent" | "gapAmount">): string | null {
  const { unit, gapPercent, gapAmount } = measure;
  if (gapAmount === null) return null;
  const magnitude = Math.abs(gapAmount);
  if (unit === "percent") return formatPoints(gapAmount, { signed: true });
  const count = formatNumber(gapAmount, 1);
  const amount =
    unit === "usd"
      ? formatDollars(gapAmount, { signed: true })
      : `${gapAmount > 0 && count !== "0" ? "+" : ""}${count} ${magnitude === 1 ? "employee" : "employees"}`;
  if (gapPercent === null) return amount;
  return `${formatPercent(gapPercent, { signed: true })} (${amount})`;
}

/** "2025-11" → "Nov 2025"; anything else as given. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return `${MONTH_ABBREVIATIONS[Number(match[2]) - 1] ?? ""} ${match[1]}`;
}

/** The data years the peer dollars were restated from, oldest first ("2017", or "2017 and 2022"). */
export function restatedYears(report: Pick<BenchmarkReportData, "measures" | "sources">): number[] {
  const dollarSources = new Set(
    report.measures.filter((m) => m.unit === "usd" && m.peer !== null).map((m) => m.source),
  );
  const years = report.sources.filter((s) => dollarSources.has(s.key)).map((s) => s.year);
  return [...new Set(years)].sort((a, b) => a - b);
}

/** The measures that can be drawn as two bars: both sides known. */
export function chartableMeasures(measures: readonly BenchmarkMeasure[]): BenchmarkMeasure[] {
  return measures.filter((m) => m.business !== null && m.peer !== null);
}

/** The text alternative of one measure's chart. */
export function chartSummary(measure: BenchmarkMeasure, you: string, peers: string): string {
  return `${measure.label}: ${you.toLowerCase()} ${formatMeasureValue(measure.unit, measure.business)}, ${peers.toLowerCase()} ${formatMeasureValue(measure.unit, measure.peer)}.`;
}
