import type { ChartData, ChartOptions } from "chart.js";
import { Chart as ChartComponent } from "react-chartjs-2";
import { formatDollars } from "~/lib/shared/numbers";
import { setupCharts } from "./chart-setup.client";
import { NET_INCOME_SERIES_LABEL, REVENUE_SERIES_LABEL, type RevenueChartProps } from "./revenue-chart-data";

setupCharts();

// The same colours as the legend swatches in app/styles/app.css.
const REVENUE = "#93c5fd";
const NET_INCOME = "#1d4ed8";
const NET_LOSS = "#b42318";

/** The bar chart itself (chart.js); loaded lazily by RevenueChart, in the browser only. */
export default function RevenueBarChart({ ticks, months, revenue, netIncome, bounds, summary }: RevenueChartProps) {
  const reducedMotion =
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
  const data: ChartData<"bar"> = {
    labels: ticks,
    datasets: [
      {
        label: REVENUE_SERIES_LABEL,
        data: revenue,
        backgroundColor: REVENUE,
        borderRadius: 4,
        maxBarThickness: 28,
      },
      {
        label: NET_INCOME_SERIES_LABEL,
        data: netIncome,
        backgroundColor: netIncome.map((amount) => (amount < 0 ? NET_LOSS : NET_INCOME)),
        borderRadius: 4,
        maxBarThickness: 28,
      },
    ],
  };
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion ? false : undefined,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: (items) => months[items[0]?.dataIndex ?? 0] ?? "",
          label: (item) => `${item.dataset.label ?? ""}: ${formatDollars(Number(item.raw))}`,
        },
      },
    },
    scales: {
      x: { grid: { display: false } },
      y: {
        min: bounds.min,
        max: bounds.max,
        ticks: { stepSize: bounds.step, callback: (value) => formatDollars(Number(value), { whole: true }) },
      },
    },
  };
  return <ChartComponent type="bar" data={data} options={options} role="img" aria-label={summary} />;
}
