// Every user-facing text of benchmarking, in one place (screens, API messages, emails,
// notifications). Spec §4 "Benchmarking" and the error catalogue give the fixed ones.

/** Spec §4: shown while the report is being built. */
export const BENCHMARKING_BUILDING_MESSAGE = "Building your benchmarking data... This might take a while";
/** Spec §6 error catalogue: benchmarking creation error. */
export const BENCHMARKING_ERROR_MESSAGE = "An error has occurred... Please try again later";
// The congratulations card and the cancel message live with the other payment texts
// (app/lib/payments/payment-copy.ts).

// ===== engine (H1) =====
import type { RevenueBand } from "~db/enums";
import { revenueBandLabel } from "~/lib/shared/format";
import { formatDollars, formatNumber, formatPercent, formatPoints } from "~/lib/shared/numbers";
import type { BenchmarkMeasure, MeasureKey, MeasureUnit } from "./report-types";

// The report's texts (app/lib/benchmarking/report.ts, business-figures.ts, peer-group.ts) and the
// benchmark_gap value insight (gap-insights.ts). Money with formatDollars, with cents, the business's
// own figures and the Census peer averages alike (ADR 052). A text with an amount in it is written
// from the report's numbers when the report is built AND each time it is read (report.ts
// reportAsRead, ADR 060): the readings, the notes below and the gaps.

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
  return `larger than ${position.atLeast ? "at least" : "about"} ${formatPercent(position.percent, { decimals: 0 })} of ${sectorWords} firms by ${by}`;
}

/** Money, the one format (ADR 052): "$186,822.40", the Census averages too ("$182,400.00"). */
const money = (n: number) => formatDollars(n);
/** A count with at most one decimal: "24.7", "37". */
const oneDecimal = (n: number) => formatNumber(n, 1);

/** A measure's figure as on screen: "$186,822.40", "24.7" employees, "12.3%", "12.0%"; "—" when absent. */
export function formatMeasureValue(unit: MeasureUnit, value: number | null): string {
  if (value === null) return "—";
  if (unit === "usd") return money(value);
  if (unit === "percent") return formatPercent(value);
  return oneDecimal(value);
}

/** "1 employee", "37 employees". */
export const people = (n: number) => (n === 1 ? "1 employee" : `${n} employees`);

/** Figures from the bands you gave at sign-up (the intro of every stated note). */
export const STATED_BASIS_TEXT = "From the bands you gave at sign-up";

/** The band in its one format (ADR 052: "5-10 Million") and how its figure was taken. */
const bandWords = (band: RevenueBand) =>
  `revenue band "${revenueBandLabel(band)}", taken as its ${band === "> 20 million" ? "floor" : "midpoint"}`;

/**
 * Payroll per employee's note from the books: "Wages and salaries for Nov 2025 to Oct 2026
 * ($850,950.36) divided by 37 employees."; without the total when a report stored before it kept
 * the total cannot have it back (ADR 060).
 */
export function payrollPerEmployeeNote(span: string, payroll: number | null, employees: number): string {
  return `Wages and salaries for ${span}${payroll === null ? "" : ` (${money(payroll)})`} divided by ${people(employees)}.`;
}

/**
 * Revenue's note from the stated bands, after why the bands were used when books were short
 * (`basisNote`): "From the bands you gave at sign-up: revenue band "5-10 Million", taken as its
 * midpoint, $7,500,000.00."
 */
export function statedRevenueNote(basisNote: string | null, band: RevenueBand, revenue: number): string {
  return `${basisNote ? `${basisNote} ` : ""}${STATED_BASIS_TEXT}: ${bandWords(band)}, ${money(revenue)}.`;
}

/** Revenue per employee's note from the stated bands: "From the bands … : $7,500,000.00 divided by 37 employees." */
export function statedRevenuePerEmployeeNote(revenue: number, employees: number): string {
  return `${STATED_BASIS_TEXT}: ${money(revenue)} divided by ${people(employees)}.`;
}

/** Gaps under this many percent read as "about the same". */
export const SAME_PERCENT = 1;

/** Gaps of at least this many percent above read as "N times". */
export const TIMES_PERCENT = 100;

/** "2.5 times" for a business figure 150% above its peers. */
function times(business: number, peer: number): string {
  return `${(Math.round((business / peer) * 10) / 10).toFixed(1)} times`;
}

/**
 * A plain-English reading of one measure's gap (business, peer and both gaps present). `period`
 * names the months of books behind a dollar figure ("Dec 2025 to Nov 2026"), so a revenue per
 * employee always says which months it divides (issue #36).
 */
export function readingText(
  m: Pick<BenchmarkMeasure, "key" | "business" | "peer" | "gapPercent" | "gapAmount"> &
    Partial<Pick<BenchmarkMeasure, "businessBasis">>,
  period: string | null = null,
): string {
  const business = m.business ?? 0;
  const peer = m.peer ?? 0;
  const gap = m.gapPercent ?? 0;
  const pct = formatPercent(Math.abs(gap));
  const up = gap > 0;
  const same = Math.abs(gap) < SAME_PERCENT;
  const multiple = gap >= TIMES_PERCENT && peer > 0;
  switch (m.key) {
    case "employees": {
      const you = `You have ${oneDecimal(business)} ${business === 1 ? "employee" : "employees"}`;
      const avg = `the average peer firm (${oneDecimal(peer)})`;
      if (same) return `${you}, about as many as ${avg}.`;
      if (multiple) return `${you}, ${times(business, peer)} as many as ${avg}.`;
      return `${you}, ${pct} ${up ? "more" : "fewer"} than ${avg}.`;
    }
    case "payrollShare":
      return same
        ? `Wages and salaries take ${formatPercent(business)} of your revenue, about the same as at peer firms (${formatPercent(peer)}).`
        : `Wages and salaries take ${formatPercent(business)} of your revenue, ${formatPoints(Math.abs(m.gapAmount ?? 0))} ${up ? "more" : "less"} than at peer firms (${formatPercent(peer)}).`;
    case "netMargin":
      return `Your net margin is ${formatPercent(business)}.`;
    default: {
      const stated = m.businessBasis === "stated" ? ", from the bands you gave at sign-up" : "";
      const months = m.businessBasis === "books" && period ? ` for ${period}` : "";
      const your = `Your ${MEASURE_LABELS[m.key].toLowerCase()}${months} (${money(business)}${stated})`;
      const avg = `${PEER_FIGURE_TEXT} (${money(peer)})`;
      const per = m.key === "revenue" ? "" : " per employee";
      if (same) return `${your} is about the same as ${avg}.`;
      if (multiple)
        return `${your} is ${times(business, peer)} ${avg}, ${money(Math.abs(m.gapAmount ?? 0))} more${per}.`;
      return `${your} is ${pct} ${up ? "higher" : "lower"} than ${avg}, ${money(Math.abs(m.gapAmount ?? 0))} ${up ? "more" : "less"}${per}.`;
    }
  }
}

/** The benchmark_gap value insight's title, from the largest gap (a share's gap in percentage points). */
export function benchmarkGapTitle(
  m: Pick<BenchmarkMeasure, "label" | "unit" | "business" | "peer" | "gapPercent" | "gapAmount">,
): string {
  const gap = m.gapPercent ?? 0;
  if (Math.abs(gap) < SAME_PERCENT) return `${m.label} in line with peer firms`;
  const side = gap > 0 ? "above" : "below";
  if (m.unit === "percent") {
    return `${m.label} ${formatPoints(Math.abs(m.gapAmount ?? 0))} ${side} peer firms`;
  }
  if (gap >= TIMES_PERCENT && (m.peer ?? 0) > 0)
    return `${m.label} ${times(m.business ?? 0, m.peer!)} the peer average`;
  return `${m.label} ${formatPercent(Math.abs(gap))} ${side} peer firms`;
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
/** POST /api/benchmarking/create from a staff account (403). */
export const BENCHMARKING_CLIENTS_ONLY_MESSAGE = "Only business accounts have benchmarking.";
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
/** The page's title (h1) on every /benchmarking screen, the tab and the dashboard card. */
export const BENCHMARKING_TITLE = "Benchmarking";
/** Connect screen: what benchmarking shows, in one sentence, then the list. */
export const BENCHMARKING_INTRO =
  "See how your company compares with businesses like yours: the same industry and a similar number of employees.";
export const BENCHMARKING_SHOWS: readonly string[] = [
  "Revenue, employees, revenue per employee and payroll per employee beside the average of peer firms.",
  "The gap in percent and in dollars, and where your size puts you among the firms of your sector.",
  "A short reading of your three largest gaps, in plain English.",
  "Figures from the US Census Bureau, named with their year; peer dollars restated in today's dollars.",
];
export const BENCHMARKING_CONNECT_HEADING = "Connect your company data";
export const BENCHMARKING_CONNECT_TEXT =
  "Your side of the comparison comes from your books: the last twelve complete months of revenue, payroll and net income. Without them we use the revenue and employee bands you gave at sign-up.";
export const BENCHMARKING_CONNECTED_TEXT = "Your company data is connected.";
export const BENCHMARKING_CONNECT_BUTTON = "Connect Company Data";
/** On a report built from the bands: books give payroll and net margin too. */
export const BENCHMARKING_CONNECT_FOR_BOOKS =
  "Connect your books for payroll and net margin, and figures from your own last twelve months.";
export const BENCHMARKING_BUY_HEADING = "Unlock benchmarking";
export const benchmarkingBuyText = (price: string, year: number) =>
  `One payment of ${price} unlocks benchmarking for ${year}.`;
export const benchmarkingBuyButton = (price: string) => `Unlock for ${price}`;
export const BENCHMARKING_INCLUDED_HEADING = "Included in your plan";
export const benchmarkingIncludedText = (planName: string, year: number, trialEndsAt: string | null = null) =>
  trialEndsAt
    ? `Your free trial of ${planName} includes benchmarking for ${year} until ${trialEndsAt}, at no extra charge.`
    : `Your ${planName} plan includes benchmarking for ${year}, at no extra charge.`;
export const BENCHMARKING_START_BUTTON = "Start Benchmarking";
export const BENCHMARKING_CHECKOUT_FAILED = "The checkout could not start. Please try again in a moment.";
export const BENCHMARKING_START_FAILED = "Benchmarking could not start. Please try again in a moment.";
/** Shown with the building message: what happens next. */
export const BENCHMARKING_BUILDING_NOTE =
  "This page updates by itself; we will also email you when the report is ready.";
/** The building screen once the job stalled (its worker stopped, or its message was lost). */
export const BENCHMARKING_STALLED_MESSAGE = "This is taking longer than it should. Try again to build your report now.";
export const BENCHMARKING_HOME_BUTTON = "Home";
export const BENCHMARKING_TRY_AGAIN_BUTTON = "Try again";
export const BENCHMARKING_PEER_GROUP_HEADING = "Your peer group";
export const BENCHMARKING_MEASURES_HEADING = "You and your peers";
export const BENCHMARKING_READINGS_HEADING = "What stands out";
export const BENCHMARKING_SOURCES_HEADING = "Sources";
export const BENCHMARKING_YOU = "Your company";
export const BENCHMARKING_PEERS = "Average of peer firms";
/** The bars' axis labels (short, for 375 px); the legend and the figures use the long names. */
export const BENCHMARKING_CHART_LABELS: [string, string] = ["You", "Peers"];
/** Before the peer group's label when Census withheld or did not publish the figure. */
export const BENCHMARKING_NO_PEER = "Not published by Census for:";
export const benchmarkingDollarsNote = (dollarsOf: number, years: readonly number[]) =>
  `Peer dollars are in ${dollarsOf} dollars, restated from ${years.join(" and ")} with the CPI-U; the published figure is shown beside each.`;
export const benchmarkingBasisNote = (basis: "books" | "stated", booksThrough: string | null) =>
  basis === "books"
    ? `Your figures come from your books${booksThrough ? `, the twelve months through ${booksThrough}` : ""}.`
    : "Your figures come from the bands you gave at sign-up.";
export const benchmarkingBuiltNote = (date: string) => `Built on ${date}.`;
/** The features tab and the dashboard card, by status. */
export const BENCHMARKING_CARD_TEXT = {
  none: "Compare your company with businesses of your industry and size.",
  building: "Your benchmarking report is being built.",
  ready: "Your benchmarking report is ready.",
  failed: "Your benchmarking report could not be built.",
} as const;
export const BENCHMARKING_OPEN_BUTTON = "Open Benchmarking";
// ===== end screens (H4) =====
