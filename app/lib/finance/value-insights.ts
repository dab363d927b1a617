/**
 * Value insights: short findings Partwise derives from a business's own finance report, without a
 * request or a payment (spec §3 "Value insight"). The finance-report job stores them
 * (app/server/finance/report-build.server.ts); the draft of an insight report reuses the same figures
 * (app/lib/insights/insight-draft.ts). Pure and deterministic: the same rows, headcount and date always give
 * the same insights, word for word. Rules (also in docs/decisions/011):
 *
 * - Every window ends with the last COMPLETE month before `now` (lastCompleteMonth), like the
 *   dashboard charts: the current month is still being booked.
 * - A month counts only when the report has a row for it. An insight is produced only when every
 *   month its rule needs is there and its divisor is positive; otherwise it is left out (never
 *   estimated).
 * - Revenue trend: the Income of the last 3 complete months against the same 3 months a year
 *   before (all 6 needed; the earlier total must be > 0). Change in percent, one decimal.
 * - Net income trend: the NetIncome total and net margin (NetIncome / Income) of the last 12
 *   complete months (all 12 needed, Income total > 0). The comparison is like for like: each of
 *   those months whose month a year earlier is in the report is paired with it (at least 6 pairs,
 *   earlier Income > 0), and the margins of the paired months are compared in percentage points.
 *   A standard report (24 months up to the current one) pairs 11 months.
 * - Revenue per employee: THE figure of app/lib/finance/finance.ts (revenuePerEmployee, the one the
 *   dashboard card and the console show: the Income of the year's complete months divided by
 *   numberOfEmployees), against the same months a year before (all needed) divided by the same
 *   headcount, since the report has no past headcount. In January the window is the whole
 *   previous year, which a 24-month report cannot compare, so none is produced.
 * - Direction words: a change under 1 % (percent changes) or under 0.5 points (margin) is
 *   "steady"; otherwise up or down with the absolute figure. Money with formatDollars.
 */
import {
  addMonths,
  lastCompleteMonth,
  monthSpan,
  monthsEndingAt,
  monthYearLabel,
  revenuePerEmployee,
  revenuePerEmployeeOver,
  type FinanceRow,
} from "./finance";
import { formatDollars, formatPercent, formatPoints } from "~/lib/shared/numbers";

export type ValueInsightKind = "revenue_trend" | "net_income_trend" | "revenue_per_employee";

export type DerivedValueInsight = {
  kind: ValueInsightKind;
  category: "finance";
  title: string;
  summary: string;
};

/** Months in the revenue trend window. */
export const REVENUE_TREND_MONTHS = 3;
/** Months in the net income window. */
export const NET_INCOME_MONTHS = 12;
/** Fewest paired months for the like-for-like margin comparison. */
export const MIN_MARGIN_PAIRS = 6;
/** Percent changes below this (in absolute value) are "steady". */
export const STEADY_PERCENT = 1;
/** Margin changes below this many percentage points are "steady". */
export const STEADY_POINTS = 0.5;

const finite = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

function byMonth(rows: readonly FinanceRow[]): Map<string, FinanceRow> {
  const map = new Map<string, FinanceRow>();
  for (const row of rows) if (/^\d{4}-(0[1-9]|1[0-2])$/.test(row.date)) map.set(row.date, row);
  return map;
}

/** The rows of `months`, or null when any is missing. */
function allOf(map: Map<string, FinanceRow>, months: readonly string[]): FinanceRow[] | null {
  const found = months.map((month) => map.get(month));
  return found.every((row): row is FinanceRow => row !== undefined) ? found : null;
}

const sumIncome = (rows: readonly FinanceRow[]) => round2(rows.reduce((sum, row) => sum + finite(row.Income), 0));
const sumNet = (rows: readonly FinanceRow[]) => round2(rows.reduce((sum, row) => sum + finite(row.NetIncome), 0));

export type RevenueTrend = {
  months: string[];
  recent: number;
  earlier: number;
  /** Percent, one decimal. */
  changePercent: number;
};

/** Income of the last 3 complete months against the same months a year before; null without the data. */
export function revenueTrend(rows: readonly FinanceRow[], now: Date): RevenueTrend | null {
  const map = byMonth(rows);
  const months = monthsEndingAt(lastCompleteMonth(now), REVENUE_TREND_MONTHS);
  const recentRows = allOf(map, months);
  const earlierRows = allOf(
    map,
    months.map((month) => addMonths(month, -12)),
  );
  if (!recentRows || !earlierRows) return null;
  const recent = sumIncome(recentRows);
  const earlier = sumIncome(earlierRows);
  if (earlier <= 0) return null;
  return { months, recent, earlier, changePercent: round1(((recent - earlier) / earlier) * 100) };
}

export type NetIncomeTrend = {
  months: string[];
  income: number;
  netIncome: number;
  /** Net margin in percent, one decimal. */
  marginPercent: number;
  /** The like-for-like comparison, when at least MIN_MARGIN_PAIRS months pair up. */
  comparison: {
    pairedMonths: number;
    marginPercent: number;
    earlierMarginPercent: number;
    changePoints: number;
  } | null;
};

/** NetIncome total and margin of the last 12 complete months, with the like-for-like margin change. */
export function netIncomeTrend(rows: readonly FinanceRow[], now: Date): NetIncomeTrend | null {
  const map = byMonth(rows);
  const months = monthsEndingAt(lastCompleteMonth(now), NET_INCOME_MONTHS);
  const recentRows = allOf(map, months);
  if (!recentRows) return null;
  const income = sumIncome(recentRows);
  if (income <= 0) return null;
  const netIncome = sumNet(recentRows);
  const paired = recentRows.filter((row) => map.has(addMonths(row.date, -12)));
  const earlierRows = paired.map((row) => map.get(addMonths(row.date, -12))!);
  let comparison: NetIncomeTrend["comparison"] = null;
  const pairedIncome = sumIncome(paired);
  const earlierIncome = sumIncome(earlierRows);
  if (paired.length >= MIN_MARGIN_PAIRS && pairedIncome > 0 && earlierIncome > 0) {
    const recentMargin = (sumNet(paired) / pairedIncome) * 100;
    const earlierMargin = (sumNet(earlierRows) / earlierIncome) * 100;
    comparison = {
      pairedMonths: paired.length,
      marginPercent: round1(recentMargin),
      earlierMarginPercent: round1(earlierMargin),
      changePoints: round1(round1(recentMargin) - round1(earlierMargin)),
    };
  }
  return { months, income, netIncome, marginPercent: round1((netIncome / income) * 100), comparison };
}

export type RevenuePerEmployeeTrend = {
  months: string[];
  employees: number;
  perEmployee: number;
  earlierPerEmployee: number;
  changePercent: number;
};

/** Revenue per employee (finance.ts's one definition) against the same months a year before. */
export function revenuePerEmployeeTrend(
  rows: readonly FinanceRow[],
  numberOfEmployees: number,
  now: Date,
): RevenuePerEmployeeTrend | null {
  const recent = revenuePerEmployee(rows, numberOfEmployees, now);
  if (!recent) return null;
  const earlier = revenuePerEmployeeOver(
    rows,
    numberOfEmployees,
    recent.months.map((month) => addMonths(month, -12)),
  );
  if (!earlier || earlier.amount <= 0) return null;
  return {
    months: recent.months,
    employees: recent.employees,
    perEmployee: recent.amount,
    earlierPerEmployee: earlier.amount,
    changePercent: round1(((recent.amount - earlier.amount) / earlier.amount) * 100),
  };
}

type Direction = "up" | "down" | "steady";
const direction = (change: number, steady: number): Direction =>
  Math.abs(change) < steady ? "steady" : change > 0 ? "up" : "down";

const yearOf = (month: string) => month.slice(0, 4);

function revenueTrendInsight(trend: RevenueTrend): DerivedValueInsight {
  const first = trend.months[0];
  const last = trend.months[trend.months.length - 1];
  const span = monthSpan(first, last);
  const earlierSpan = monthSpan(addMonths(first, -12), addMonths(last, -12));
  const dir = direction(trend.changePercent, STEADY_PERCENT);
  const pct = formatPercent(Math.abs(trend.changePercent));
  const title = dir === "steady" ? "Revenue is steady on last year" : `Revenue ${dir} ${pct} on last year`;
  const move =
    dir === "steady"
      ? `level with the ${formatDollars(trend.earlier)} of ${earlierSpan}`
      : `${dir} ${pct} from ${formatDollars(trend.earlier)} in ${earlierSpan}`;
  return {
    kind: "revenue_trend",
    category: "finance",
    title,
    summary: `Income for ${span} was ${formatDollars(trend.recent)}, ${move}. Comparing the same months a year apart takes the season out of the picture.`,
  };
}

function netIncomeInsight(trend: NetIncomeTrend): DerivedValueInsight {
  const last = trend.months[trend.months.length - 1];
  const margin = formatPercent(trend.marginPercent);
  const base = `Net income for the 12 months to ${monthYearLabel(last)} was ${formatDollars(trend.netIncome)} on income of ${formatDollars(trend.income)}, a net margin of ${margin}.`;
  const c = trend.comparison;
  if (!c) {
    return {
      kind: "net_income_trend",
      category: "finance",
      title: `Net margin of ${margin} over 12 months`,
      summary: `${base} The report does not reach far enough back to compare it with a year earlier.`,
    };
  }
  const dir = direction(c.changePoints, STEADY_POINTS);
  const points = formatPoints(Math.abs(c.changePoints));
  const title =
    dir === "steady" ? `Net margin steady at ${margin}` : `Net margin ${margin}, ${dir} ${points} on a year earlier`;
  const which = c.pairedMonths === NET_INCOME_MONTHS ? "all 12 months" : `the ${c.pairedMonths} of those months`;
  const move =
    dir === "steady"
      ? `about the same as the ${formatPercent(c.earlierMarginPercent)} of the same months a year before`
      : `${dir} ${points} from ${formatPercent(c.earlierMarginPercent)} in the same months a year before`;
  return {
    kind: "net_income_trend",
    category: "finance",
    title,
    summary: `${base} Over ${which} that the report also has for a year earlier, the margin was ${formatPercent(c.marginPercent)}, ${move}.`,
  };
}

function revenuePerEmployeeInsight(trend: RevenuePerEmployeeTrend): DerivedValueInsight {
  const first = trend.months[0];
  const last = trend.months[trend.months.length - 1];
  const dir = direction(trend.changePercent, STEADY_PERCENT);
  const pct = formatPercent(Math.abs(trend.changePercent));
  const earlierYear = yearOf(addMonths(first, -12));
  const move =
    dir === "steady"
      ? `level with ${formatDollars(trend.earlierPerEmployee)} for the same months of ${earlierYear}`
      : `${dir} ${pct} from ${formatDollars(trend.earlierPerEmployee)} for the same months of ${earlierYear}`;
  const people = trend.employees === 1 ? "1 employee" : `${trend.employees} employees`;
  return {
    kind: "revenue_per_employee",
    category: "finance",
    title: `Revenue per employee ${formatDollars(trend.perEmployee)} for ${monthSpan(first, last)}`,
    summary: `Income for ${monthSpan(first, last)} comes to ${formatDollars(trend.perEmployee)} for each of your ${people}, ${move}. Both years use today's headcount.`,
  };
}

/**
 * The value insights the rows support, in a fixed order (revenue trend, net income trend,
 * revenue per employee); an insight whose data is missing is left out.
 */
export function deriveValueInsights(
  rows: readonly FinanceRow[],
  numberOfEmployees: number,
  now: Date,
): DerivedValueInsight[] {
  const insights: DerivedValueInsight[] = [];
  const revenue = revenueTrend(rows, now);
  if (revenue) insights.push(revenueTrendInsight(revenue));
  const net = netIncomeTrend(rows, now);
  if (net) insights.push(netIncomeInsight(net));
  const perEmployee = revenuePerEmployeeTrend(rows, numberOfEmployees, now);
  if (perEmployee) insights.push(revenuePerEmployeeInsight(perEmployee));
  return insights;
}

/** The stored id of a business's value insight of `kind` for the report ending `periodEnd`. */
export function valueInsightId(businessId: string, kind: ValueInsightKind, periodEnd: string): string {
  return `vi-${businessId}-${kind}-${periodEnd}`;
}
