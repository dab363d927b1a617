import type { ChartData, ChartOptions } from "chart.js";
import { Chart as ChartComponent } from "react-chartjs-2";
import { setupCharts } from "~/components/finance/charts/chart-setup.client";
import { formatMeasureTick, formatMeasureValue } from "~/lib/benchmarking/report-display";
import type { MeasureUnit } from "~/lib/benchmarking/report-types";

setupCharts();

// The same colours as the legend swatches (app/styles/app.css, benchmarking H4 section).
const YOU = "#1d4ed8";
const PEERS = "#94a3b8";

export type BenchmarkBarChartProps = {
  /** The axis labels: "You" and "Peers". */
  labels: [string, string];
  values: [number, number];
  unit: MeasureUnit;
  /** The chart's text alternative (role img). */
  summary: string;
};

/** Two bars, the business against its peers (chart.js); loaded lazily, in the browser only. */
export default function BenchmarkBarChart({ labels, values, unit, summary }: BenchmarkBarChartProps) {
  const reducedMotion =
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
  const data: ChartData<"bar"> = {
    labels,
    datasets: [{ data: values, backgroundColor: [YOU, PEERS], borderRadius: 4, maxBarThickness: 56 }],
  };
  const options: ChartOptions<"bar"> = {
    indexAxis: "y",
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion ? false : undefined,
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => formatMeasureValue(unit, Number(item.raw)) } },
    },
    scales: {
      y: { grid: { display: false } },
      x: {
        beginAtZero: true,
        ticks: { maxTicksLimit: 4, callback: (value) => formatMeasureTick(unit, Number(value)) },
      },
    },
  };
  return <ChartComponent type="bar" data={data} options={options} role="img" aria-label={summary} />;
}
