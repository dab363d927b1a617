import type { ProfitAndLossRow } from "~db/enums";
import { formatPercent as formatSharedPercent, formatPoints } from "~/lib/shared/numbers";

/**
 * An engagement's before/after from the business's books (issue #14 §6): the monthly
 * profit-and-loss rows of its finance report, split at the month the engagement started. Before:
 * up to RESULTS_MONTHS_BEFORE months ending the month before the start; since: the start month up
 * to the last complete month (the current month is still being booked, so it is left out). Each
 * side's average monthly revenue, net margin (net income over revenue) and monthly revenue per
 * employee. Pure and isomorphic.
 */

/** How many months before the start are compared at most (a year: one of each season). */
export const RESULTS_MONTHS_BEFORE = 12;
/** The fewest months each side needs before a comparison means anything. */
export const RESULTS_MIN_MONTHS = 2;

export type ResultsPeriod = {
  /** Months averaged. */
  months: number;
  /** 'YYYY-MM' of the first and last month. */
  from: string;
  to: string;
  /** Average monthly revenue, dollars. */
  revenue: number;
  /** Net income over revenue, as a fraction (0.12 = 12%); null when there was no revenue. */
  netMargin: number | null;
  /** Average monthly revenue per employee, dollars; null without an employee count. */
  revenuePerEmployee: number | null;
};

export type EngagementResults = {
  /** Both sides have RESULTS_MIN_MONTHS months or more. */
  enough: boolean;
  monthsBefore: number;
  monthsSince: number;
  before: ResultsPeriod | null;
  since: ResultsPeriod | null;
  employees: number;
  /** 'YYYY-MM' of the start and (once complete) of the completion. */
  startMonth: string;
  completedMonth: string | null;
};

/** 'YYYY-MM' (UTC) of a date. */
export function monthOf(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  return date.toISOString().slice(0, 7);
}

function period(rows: readonly ProfitAndLossRow[], employees: number): ResultsPeriod | null {
  if (rows.length === 0) return null;
  const income = rows.reduce((sum, row) => sum + row.Income, 0);
  const net = rows.reduce((sum, row) => sum + row.NetIncome, 0);
  const revenue = income / rows.length;
  return {
    months: rows.length,
    from: rows[0]!.date,
    to: rows[rows.length - 1]!.date,
    revenue,
    netMargin: income !== 0 ? net / income : null,
    revenuePerEmployee: employees > 0 ? revenue / employees : null,
  };
}

/**
 * The results, or null when there are no books (no report, or a report without rows).
 * `rows` need not be sorted; a month that appears twice counts once (the later row).
 */
export function engagementResults(
  rows: readonly ProfitAndLossRow[] | null,
  input: {
    startedAt: Date | string | number;
    completedAt: Date | string | number | null;
    employees: number;
    now: Date;
  },
): EngagementResults | null {
  if (!rows || rows.length === 0) return null;
  const byMonth = new Map<string, ProfitAndLossRow>();
  for (const row of rows) if (/^\d{4}-\d{2}$/.test(row.date)) byMonth.set(row.date, row);
  const ordered = [...byMonth.values()].sort((a, b) => a.date.localeCompare(b.date));
  if (ordered.length === 0) return null;
  const startMonth = monthOf(input.startedAt);
  const currentMonth = monthOf(input.now);
  const before = ordered.filter((row) => row.date < startMonth).slice(-RESULTS_MONTHS_BEFORE);
  const since = ordered.filter((row) => row.date >= startMonth && row.date < currentMonth);
  return {
    enough: before.length >= RESULTS_MIN_MONTHS && since.length >= RESULTS_MIN_MONTHS,
    monthsBefore: before.length,
    monthsSince: since.length,
    before: period(before, input.employees),
    since: period(since, input.employees),
    employees: input.employees,
    startMonth,
    completedMonth: input.completedAt === null ? null : monthOf(input.completedAt),
  };
}

/** The relative change from before to since (0.1 = +10%); null when before is 0 or either is missing. */
export function change(before: number | null, since: number | null): number | null {
  if (before === null || since === null || before === 0) return null;
  return (since - before) / Math.abs(before);
}

/** "12.5%" / "-3.0%" with one decimal; "—" for null. */
export function formatPercent(value: number | null): string {
  if (value === null) return "—";
  return formatSharedPercent(value * 100);
}

/** A change with its sign: "+33.3%", "-3.0%", "0.0%"; "—" for null. */
export function formatChange(value: number | null): string {
  if (value === null) return "—";
  return formatSharedPercent(value * 100, { signed: true });
}

/** A change of net margin in percentage points: "+7.5 percentage points"; "—" when either side is missing. */
export function formatPointsChange(before: number | null, since: number | null): string {
  if (before === null || since === null) return "—";
  return formatPoints((since - before) * 100, { signed: true });
}
