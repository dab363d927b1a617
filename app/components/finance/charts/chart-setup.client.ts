import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";

/**
 * The one place chart.js is configured: only the parts the revenue charts use are registered
 * (bar chart, category x axis, linear y axis, tooltips), so the bundle carries nothing else.
 * Imported only by lazily loaded chart components, so chart.js loads only where a chart is drawn.
 */
let registered = false;

/**
 * Registers the parts once. A function, not a top-level side effect: the app's package.json says
 * "sideEffects": false, so a bare `import "./chart-setup.client"` would be dropped by the bundler.
 */
export function setupCharts(): typeof Chart {
  if (!registered) {
    Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
    Chart.defaults.font.family =
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
    Chart.defaults.color = "#556070";
    registered = true;
  }
  return Chart;
}
