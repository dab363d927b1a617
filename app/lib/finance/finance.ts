/**
 * Finance figures of the dashboard (spec §3 "Quick income data", §9 revenue chart and revenue per
 * employee), computed from a finance report's monthly rows. Pure and isomorphic: loaders return
 * the rows, the server and the browser compute the same series from them.
 *
 * Decisions (docs/decisions/015-dates-and-finance-figures.md):
 * - Months are calendar months in UTC, keyed 'YYYY-MM' like the report's rows. "Revenue" is the
 *   report's Income, "net income" its NetIncome.
 * - Every figure is as of a reference date: the dashboard, the console and the value insights all
 *   pass the first day of the report's last month (reportAsOf), so they describe the same months.
 * - The chart windows (6 months quick view, 12 months trends) end with the last COMPLETE month,
 *   the one before the reference month: that month is still being booked (a report pulled on the
 *   1st would show it near zero and the change would be a false drop).
 * - A month of the window the report has no row for is shown as 0 and listed in `missingMonths`,
 *   so the UI can say "No data for …" instead of hiding the gap.
 * - The net income change is the last complete month's net income minus the month before's.
 * - Revenue per employee has ONE definition, revenuePerEmployee below, used by the dashboard card,
 *   the console and the revenue-per-employee value insight: the income of the year's complete
 *   months (January to the last complete month) divided by numberOfEmployees.
 */

/** A monthly profit-and-loss row, as stored (db/schema ProfitAndLossRow). */
export type FinanceRow = { date: string; Income: number; NetIncome: number };

import { MONTH_ABBREVIATIONS } from "~/lib/shared/dates";
import { formatDollars } from "~/lib/shared/numbers";

export { MONTH_ABBREVIATIONS };

/** Months in the quick view and in the trends chart (spec §9). */
export const QUICK_INCOME_MONTHS = 6;
export const TRENDS_MONTHS = 12;
/** Months pulled from the accounting system for a report (the current one included). */
export const REPORT_MONTHS = 24;

/** Spec §9: the revenue chart's default bounds. */
export const DEFAULT_CHART_BOUNDS = { min: 0, max: 1500, step: 100 } as const;

/** Spec §4 accounting report failure text; also the job's lastError after its last retry. */
export const FINANCE_REPORT_FAILED_MESSAGE = "Could not build Finance Profile at this time.";
export const NOT_CONNECTED_MESSAGE = "Company data is not connected.";
export const NO_FINANCE_DATA_MESSAGE = "No Finance Data";

const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' of a date, in UTC. */
export function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

function parseMonthKey(key: string): { year: number; month: number } {
  const match = MONTH_KEY.exec(key);
  if (!match) throw new RangeError(`Not a YYYY-MM month: "${key}"`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

/** The month `offset` months after `key` (negative: before). */
export function addMonths(key: string, offset: number): string {
  const { year, month } = parseMonthKey(key);
  const index = year * 12 + (month - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** `count` consecutive months ending with `end`, oldest first. */
export function monthsEndingAt(end: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(end, i - (count - 1)));
}

/** The report range for a build in period `end`: REPORT_MONTHS months up to and including it. */
export function reportRange(end: string, months: number = REPORT_MONTHS): { start: string; end: string } {
  return { start: addMonths(end, -(months - 1)), end };
}

/** "Sept" for '2025-09'. */
export function monthLabel(key: string): string {
  return MONTH_ABBREVIATIONS[parseMonthKey(key).month - 1];
}

/** "Sept 2025" for '2025-09' (e.g. memberSince, the monthly banner). */
export function monthYearLabel(key: string): string {
  const { year, month } = parseMonthKey(key);
  return `${MONTH_ABBREVIATIONS[month - 1]} ${year}`;
}

/** "Aug 2026" alone, or "Aug to Oct 2026", or "Nov 2025 to Jan 2026". */
export function monthSpan(first: string, last: string): string {
  if (first === last) return monthYearLabel(first);
  const firstMonth = monthLabel(first);
  if (first.slice(0, 4) === last.slice(0, 4)) return `${firstMonth} to ${monthYearLabel(last)}`;
  return `${monthYearLabel(first)} to ${monthYearLabel(last)}`;
}

/** The first instant (UTC) of a 'YYYY-MM' month. */
export function monthStart(key: string): Date {
  const { year, month } = parseMonthKey(key);
  return new Date(Date.UTC(year, month - 1, 1));
}

/**
 * The reference date of a report's figures: the first day of its last month (periodEnd, the month
 * it was pulled in). Every window then ends with the month before, complete when it was pulled.
 */
export function reportAsOf(periodEnd: string): Date {
  return monthStart(periodEnd);
}

/** The last complete month before `now`: where the chart windows end. */
export function lastCompleteMonth(now: Date): string {
  return addMonths(monthKey(now), -1);
}

function rowsByMonth(rows: readonly FinanceRow[]): Map<string, FinanceRow> {
  const map = new Map<string, FinanceRow>();
  for (const row of rows) {
    if (MONTH_KEY.test(row.date)) map.set(row.date, row);
  }
  return map;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;
const finite = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export type MonthlySeries = {
  /** 'YYYY-MM' keys of the window, oldest first. */
  months: string[];
  /** Chart ticks: "Jan" (the year is in `months`, the titles and the table). */
  monthLabels: string[];
  /** Net income per month; 0 where the report has no row. */
  monthAmounts: number[];
  /** Revenue (Income) per month; 0 where the report has no row. */
  revenueAmounts: number[];
  /** "Jan 2026" of the months shown as 0 because the report has no row for them. */
  missingMonths: string[];
};

/** Revenue and net income of the `count` complete months before `now`. */
export function netIncomeSeries(rows: readonly FinanceRow[], now: Date, count: number): MonthlySeries {
  const byMonth = rowsByMonth(rows);
  const months = monthsEndingAt(lastCompleteMonth(now), count);
  return {
    months,
    monthLabels: months.map(monthLabel),
    monthAmounts: months.map((month) => cents(finite(byMonth.get(month)?.NetIncome))),
    revenueAmounts: months.map((month) => cents(finite(byMonth.get(month)?.Income))),
    missingMonths: months.filter((month) => !byMonth.has(month)).map(monthYearLabel),
  };
}

export type QuickIncome = MonthlySeries & {
  /** Sum of the window's revenue. */
  revenueAmount: number;
  /** Sum of the window's net income. */
  netIncomeAmount: number;
  /** Net income of the window's last month minus the month before's (signed). */
  incomeChange: number;
};

function withTotals(series: MonthlySeries): QuickIncome {
  const amounts = series.monthAmounts;
  const total = (values: number[]) => cents(values.reduce((sum, amount) => sum + amount, 0));
  return {
    ...series,
    revenueAmount: total(series.revenueAmounts),
    netIncomeAmount: total(amounts),
    incomeChange: cents(amounts[amounts.length - 1] - amounts[amounts.length - 2]),
  };
}

/** Spec §3 quick income data: the last six complete months, with totals and the change. */
export function quickIncome(rows: readonly FinanceRow[], now: Date): QuickIncome {
  return withTotals(netIncomeSeries(rows, now, QUICK_INCOME_MONTHS));
}

/** The trends chart: the last twelve complete months, with totals and the same change. */
export function trends(rows: readonly FinanceRow[], now: Date): QuickIncome {
  return withTotals(netIncomeSeries(rows, now, TRENDS_MONTHS));
}

/**
 * "Net income in Oct 2026 was $290.00 more than in Sept 2026.": what the signed change means,
 * for the window whose last two months are `months`' last two.
 */
export function incomeChangeExplanation(incomeChange: number, months: readonly string[]): string {
  const last = monthYearLabel(months[months.length - 1]);
  const before = monthYearLabel(months[months.length - 2]);
  if (incomeChange === 0) return `Net income in ${last} was the same as in ${before}.`;
  const more = incomeChange > 0 ? "more" : "less";
  return `Net income in ${last} was ${formatDollars(Math.abs(incomeChange))} ${more} than in ${before}.`;
}

/** The months revenue per employee covers: January to the last complete month, of that month's year. */
export function revenuePerEmployeeMonths(now: Date): string[] {
  const end = lastCompleteMonth(now);
  return monthsEndingAt(end, parseMonthKey(end).month);
}

export type RevenuePerEmployee = {
  /** The months whose income is counted, oldest first. */
  months: string[];
  /** Their income (revenue), in dollars and cents. */
  income: number;
  /** The divisor: the business's numberOfEmployees. */
  employees: number;
  /** income / employees, in dollars and cents. */
  amount: number;
};

/** Income of exactly `months` over `employees`; null when a month has no row or nobody to divide by. */
export function revenuePerEmployeeOver(
  rows: readonly FinanceRow[],
  numberOfEmployees: number,
  months: readonly string[],
): RevenuePerEmployee | null {
  if (!Number.isFinite(numberOfEmployees) || numberOfEmployees <= 0 || months.length === 0) return null;
  const byMonth = rowsByMonth(rows);
  if (!months.every((month) => byMonth.has(month))) return null;
  const income = cents(months.reduce((sum, month) => sum + finite(byMonth.get(month)?.Income), 0));
  return { months: [...months], income, employees: numberOfEmployees, amount: cents(income / numberOfEmployees) };
}

/**
 * THE revenue per employee: the income of the year's complete months before `now` (January to the
 * last complete month) divided by numberOfEmployees. Complete months only, like the charts, so a
 * half-booked current month never inflates or deflates it; in January it covers the whole previous
 * year. Null when a month of the window is missing from the report (never estimated) or there are
 * no employees to divide by.
 */
export function revenuePerEmployee(
  rows: readonly FinanceRow[],
  numberOfEmployees: number,
  now: Date,
): RevenuePerEmployee | null {
  return revenuePerEmployeeOver(rows, numberOfEmployees, revenuePerEmployeeMonths(now));
}

/** Months in a year of books: the twelve complete months before a report's reference date. */
export const BOOKS_YEAR_MONTHS = 12;

/**
 * The income of the last twelve complete months of a report (the same months benchmarking
 * compares, ADR 032): null when a month is missing (never estimated).
 */
export function booksYearIncome(
  rows: readonly FinanceRow[],
  periodEnd: string,
): { months: string[]; income: number } | null {
  const months = monthsEndingAt(lastCompleteMonth(reportAsOf(periodEnd)), BOOKS_YEAR_MONTHS);
  const byMonth = rowsByMonth(rows);
  if (!months.every((month) => byMonth.has(month))) return null;
  return { months, income: cents(months.reduce((sum, month) => sum + finite(byMonth.get(month)?.Income), 0)) };
}

/** "Income for Jan to Oct 2026 divided by 37 employees." */
export function revenuePerEmployeeExplanation(figure: Pick<RevenuePerEmployee, "months" | "employees">): string {
  const span = monthSpan(figure.months[0], figure.months[figure.months.length - 1]);
  const people = figure.employees === 1 ? "1 employee" : `${figure.employees} employees`;
  return `Income for ${span} divided by ${people}.`;
}

/** Under the dashboard's figure: where the headcount comes from and how to change it. */
export const REVENUE_PER_EMPLOYEE_HEADCOUNT_NOTE = "The number of employees comes from Settings → Business.";

export type ChartBounds = { min: number; max: number; step: number };

/** Ticks the chart aims for; the default 0–1500 by 100 has fifteen. */
const TARGET_TICKS = 15;

function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    if (factor * magnitude >= raw) return factor * magnitude;
  }
  return 10 * magnitude;
}

/**
 * The y-axis bounds: 0 to 1500 by 100 (spec §9) while the data fits, otherwise grown to include
 * every amount (negative months included) with a round step (1, 2, 2.5 or 5 × 10ⁿ, at least 100)
 * giving at most fifteen intervals; min and max are multiples of the step.
 */
export function chartBounds(amounts: readonly number[]): ChartBounds {
  const values = amounts.filter((value) => Number.isFinite(value));
  const low = Math.min(DEFAULT_CHART_BOUNDS.min, ...values);
  const high = Math.max(DEFAULT_CHART_BOUNDS.max, ...values);
  if (low >= DEFAULT_CHART_BOUNDS.min && high <= DEFAULT_CHART_BOUNDS.max) return { ...DEFAULT_CHART_BOUNDS };
  let step = Math.max(DEFAULT_CHART_BOUNDS.step, niceStep((high - low) / TARGET_TICKS));
  // Rounding the ends outwards can add an interval; take the next round step when it does.
  while (Math.ceil(high / step) - Math.floor(low / step) > TARGET_TICKS) step = niceStep(step * 1.01);
  return { min: Math.floor(low / step) * step, max: Math.ceil(high / step) * step, step };
}

/** Spec §4: a report whose lastUpdate is in another (UTC) month than now is refreshed. */
export function isStale(lastUpdate: Date | string | number, now: Date): boolean {
  const updated = new Date(lastUpdate);
  if (Number.isNaN(updated.getTime())) return true;
  return monthKey(updated) !== monthKey(now);
}

/**
 * Placeholder values shown blurred (and hidden from assistive technology) behind the 'Connect
 * Company Data' prompt while a business has no finance data (spec §3). Within the default bounds.
 */
export const SAMPLE_QUICK_INCOME = {
  monthAmounts: [640, 910, 780, 1120, 1050, 1340],
  revenueAmounts: [1100, 1380, 1240, 1460, 1400, 1500],
  revenueAmount: 8080,
  netIncomeAmount: 5840,
  incomeChange: 290,
} as const;

/** Spec §9 placeholder revenue per employee. */
export const SAMPLE_REVENUE_PER_EMPLOYEE = 1327.07;

/** The sample values with the labels of the six months before `now`. */
export function sampleQuickIncome(now: Date): QuickIncome {
  const months = monthsEndingAt(lastCompleteMonth(now), QUICK_INCOME_MONTHS);
  return {
    months,
    monthLabels: months.map(monthLabel),
    monthAmounts: [...SAMPLE_QUICK_INCOME.monthAmounts],
    revenueAmounts: [...SAMPLE_QUICK_INCOME.revenueAmounts],
    missingMonths: [],
    revenueAmount: SAMPLE_QUICK_INCOME.revenueAmount,
    netIncomeAmount: SAMPLE_QUICK_INCOME.netIncomeAmount,
    incomeChange: SAMPLE_QUICK_INCOME.incomeChange,
  };
}
