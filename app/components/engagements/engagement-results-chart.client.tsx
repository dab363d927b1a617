import type { ChartData, ChartOptions } from "chart.js";
import { Chart as ChartComponent } from "react-chartjs-2";
import { setupCharts } from "~/components/finance/charts/chart-setup.client";
import { formatDollars, formatPercent } from "~/lib/shared/numbers";

setupCharts();

// The same colours as the legend swatches (app/styles/app.css, H4 section).
const BEFORE = "#93c5fd";
const SINCE = "#1d4ed8";

export type ResultsBarChartProps = {
  /** "Before" and "Since the start". */
  labels: [string, string];
  values: [number, number];
  /** How a value reads on the axis and in the tooltip. */
  format: "currency" | "percent";
  /** The chart's text alternative (role img). */
  summary: string;
};

/** The tooltip's exact figure and the axis's rounded tick (ADR 052: whole dollars only on an axis). */
const formatValue = (value: number, format: ResultsBarChartProps["format"], tick = false) =>
  format === "currency" ? formatDollars(value, { whole: tick }) : formatPercent(value * 100);

/** Two bars, before and since the engagement's start (chart.js); loaded lazily, in the browser only. */
export default function ResultsBarChart({ labels, values, format, summary }: ResultsBarChartProps) {
  const reducedMotion =
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
  const data: ChartData<"bar"> = {
    labels,
    datasets: [{ data: values, backgroundColor: [BEFORE, SINCE], borderRadius: 4, maxBarThickness: 48 }],
  };
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion ? false : undefined,
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => formatValue(Number(item.raw), format) } },
    },
    scales: {
      x: { grid: { display: false } },
      y: { beginAtZero: true, ticks: { callback: (value) => formatValue(Number(value), format, true) } },
    },
  };
  return <ChartComponent type="bar" data={data} options={options} role="img" aria-label={summary} />;
}
