/**
 * What the chart wrapper (revenue-chart.tsx) and the lazily loaded chart.js chart share. Kept apart
 * so the chart chunk does not import its own loader.
 */
import type { ChartBounds } from "~/lib/finance/finance";

export type RevenueChartProps = {
  /** Tick labels: "May", or ["Jan", "2026"] where the year starts or changes. */
  ticks: (string | [string, string])[];
  /** "May 2026" per month (tooltips, the table, the summary). */
  months: string[];
  revenue: number[];
  netIncome: number[];
  bounds: ChartBounds;
  /** What is drawn and when, e.g. "Revenue and net income, May to Oct 2026". */
  label: string;
  /** What the canvas says to assistive technology (every month and its amounts). */
  summary: string;
};

export const REVENUE_SERIES_LABEL = "Revenue";
export const NET_INCOME_SERIES_LABEL = "Net income";
