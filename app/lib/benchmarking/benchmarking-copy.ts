// Every user-facing text of benchmarking, in one place (screens, API messages, emails,
// notifications). Spec §4 "Benchmarking" and the error catalogue give the fixed ones.

/** Spec §4: shown while the report is being built. */
export const BENCHMARKING_BUILDING_MESSAGE = "Building your benchmarking data... This might take a while";
/** Spec §6 error catalogue: benchmarking creation error. */
export const BENCHMARKING_ERROR_MESSAGE = "An error has occurred... Please try again later";
// The congratulations card and the cancel message live with the other payment texts
// (app/lib/payments/payment-copy.ts).

// ===== engine (H1) =====
import { formatCurrency } from "~/lib/finance/finance";
import type { BenchmarkMeasure, MeasureKey } from "./report-types";

// The report's texts (app/lib/benchmarking/report.ts, business-figures.ts, peer-group.ts) and the
// benchmark_gap value insight (gap-insights.ts). Money with formatCurrency (whole dollars).

/** The measure names, as on screen. */
export const MEASURE_LABELS: Record<MeasureKey, string> = {
  revenue: "Revenue",
  employees: "Employees",
  revenuePerEmployee: "Revenue per employee",
  payrollPerEmployee: "Payroll per employee",
  payrollShare: "Payroll as a share of revenue",
  netMargin: "Net margin",
};

/** Census publishes totals, not medians: what a peer figure is, on screen. */
export const PEER_FIGURE_TEXT = "the average of peer firms";

/** The net margin row's peer side (Census has no profit data). */
export const NET_MARGIN_NO_PEER_TEXT = "Census publishes no profit figures, so there is no peer figure for net margin.";

/** The dollars note: "in 2024 dollars, restated from 2017 with the CPI-U". */
export function dollarsNote(dollarsOf: number, dataYear: number): string {
  return dataYear === dollarsOf
    ? `in ${dollarsOf} dollars`
    : `in ${dollarsOf} dollars, restated from ${dataYear} with the CPI-U`;
}

/** "larger than about 96% of retail trade firms by employees" (ABS 2017 size tables). */
export function positionText(
  by: "employees" | "revenue",
  position: { percent: number; atLeast: boolean },
  sectorWords: string,
): string {
  if (position.percent === 0 && !position.atLeast) return `among the smallest ${sectorWords} firms by ${by}`;
  return `larger than ${position.atLeast ? "at least" : "about"} ${position.percent}% of ${sectorWords} firms by ${by}`;
}

const whole = (n: number) => formatCurrency(n, { cents: false });
const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 });

/** Gaps under this many percent read as "about the same". */
export const SAME_PERCENT = 1;

/** A plain-English reading of one measure's gap (business, peer and both gaps present). */
export function readingText(
  m: Pick<BenchmarkMeasure, "key" | "unit" | "business" | "peer" | "gapPercent" | "gapAmount">,
): string {
  const business = m.business ?? 0;
  const peer = m.peer ?? 0;
  const pct = Math.abs(m.gapPercent ?? 0);
  const up = (m.gapPercent ?? 0) > 0;
  const same = pct < SAME_PERCENT;
  switch (m.key) {
    case "employees":
      return same
        ? `You have ${oneDecimal(business)} employees, about as many as the average peer firm (${oneDecimal(peer)}).`
        : `You have ${oneDecimal(business)} employees, ${oneDecimal(pct)}% ${up ? "more" : "fewer"} than the average peer firm (${oneDecimal(peer)}).`;
    case "payrollShare":
      return same
        ? `Wages and salaries take ${oneDecimal(business)}% of your revenue, about the same as at peer firms (${oneDecimal(peer)}%).`
        : `Wages and salaries take ${oneDecimal(business)}% of your revenue, ${oneDecimal(Math.abs(m.gapAmount ?? 0))} percentage points ${up ? "more" : "less"} than at peer firms (${oneDecimal(peer)}%).`;
    case "netMargin":
      return `Your net margin is ${oneDecimal(business)}%.`;
    default: {
      const noun = MEASURE_LABELS[m.key].toLowerCase();
      const per = m.key === "revenue" ? "" : " per employee";
      return same
        ? `Your ${noun} (${whole(business)}) is about the same as ${PEER_FIGURE_TEXT} (${whole(peer)}).`
        : `Your ${noun} (${whole(business)}) is ${oneDecimal(pct)}% ${up ? "higher" : "lower"} than ${PEER_FIGURE_TEXT} (${whole(peer)}), ${whole(Math.abs(m.gapAmount ?? 0))} ${up ? "more" : "less"}${per}.`;
    }
  }
}

/** The benchmark_gap value insight's title, from the largest gap. */
export function benchmarkGapTitle(m: Pick<BenchmarkMeasure, "label" | "gapPercent">): string {
  const pct = Math.abs(m.gapPercent ?? 0);
  if (pct < SAME_PERCENT) return `${m.label} in line with peer firms`;
  return `${m.label} ${oneDecimal(pct)}% ${(m.gapPercent ?? 0) > 0 ? "above" : "below"} peer firms`;
}

/** The benchmark_gap value insight's summary: the readings, then who the peers are. */
export function benchmarkGapSummary(readings: readonly string[], peerGroupName: string, dollarsOf: number): string {
  return `${readings.join(" ")} Peers: ${peerGroupName}; dollar figures in ${dollarsOf} dollars.`;
}
// ===== end engine (H1) =====

// ===== books (H2) =====
// ===== end books (H2) =====

// ===== server (H3) =====
/** POST /api/benchmarking/create without a bought year or a plan that includes benchmarking. */
export const BENCHMARKING_NOT_UNLOCKED_MESSAGE =
  "Benchmarking for this year is not unlocked. Buy it, or choose a plan that includes it.";
/** A job's lastError when its message could not be queued (the next start retries). */
export const BENCHMARKING_START_FAILED_MESSAGE = "The benchmarking build could not be queued.";
/** The job's lastError when the business has no access to the job's year any more. */
export const BENCHMARKING_NO_ACCESS_ERROR = "The business has no benchmarking for this year.";
/** The owner's notification and email once the year's report is built. */
export const benchmarkingReadyNotice = (year: number, peerGroup: string) => ({
  title: `Your ${year} benchmarking is ready`,
  body: `See how your business compares with ${peerGroup}.`,
  action: "View benchmarking",
});
/** The owner's notification and email when the year's report was rebuilt from changed books. */
export const benchmarkingUpdatedNotice = (year: number, peerGroup: string) => ({
  title: `Your ${year} benchmarking is updated`,
  body: `Your benchmarking was rebuilt from your latest books. See how your business compares with ${peerGroup}.`,
  action: "View benchmarking",
});
export const BENCHMARKING_NOTICE_FOOTER = "You receive this email because benchmarking is on for your business.";
// ===== end server (H3) =====

// ===== screens (H4) =====
// ===== end screens (H4) =====
