import type { ChartData, ChartOptions } from "chart.js";
import { Chart as ChartComponent } from "react-chartjs-2";
import { formatCurrency } from "../../lib/finance";
import { setupCharts } from "./chart-setup.client";
import type { RevenueChartProps } from "./revenue-chart";

setupCharts();

const POSITIVE = "#1d4ed8";
const NEGATIVE = "#b42318";

/** The bar chart itself (chart.js); loaded lazily by RevenueChart, in the browser only. */
export default function RevenueBarChart({ labels, amounts, bounds, label, summary }: RevenueChartProps) {
  const reducedMotion =
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
  const data: ChartData<"bar"> = {
    labels,
    datasets: [
      {
        label,
        data: amounts,
        backgroundColor: amounts.map((amount) => (amount < 0 ? NEGATIVE : POSITIVE)),
        borderRadius: 4,
        maxBarThickness: 40,
      },
    ],
  };
  const options: ChartOptions<"bar"> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion ? false : undefined,
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => formatCurrency(Number(item.raw)) } },
    },
    scales: {
      x: { grid: { display: false } },
      y: {
        min: bounds.min,
        max: bounds.max,
        ticks: { stepSize: bounds.step, callback: (value) => formatCurrency(Number(value), { cents: false }) },
      },
    },
  };
  return <ChartComponent type="bar" data={data} options={options} role="img" aria-label={summary} />;
}
