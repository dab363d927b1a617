/** One bar: its label, its value (null: not published, no bar) and the value as written. */
export type Bar = { label: string; value: number | null; text: string };

/**
 * A horizontal bar chart built on the server, so it reads without JavaScript (the public pages
 * load none, ADR 089): each bar an SVG rectangle as wide as its share of the largest value, the
 * labels and values HTML text that stays readable at 375 px. The table after it holds the same
 * numbers, so the chart is hidden from screen readers.
 */
export function SizeBarChart({ caption, bars }: { caption: string; bars: readonly Bar[] }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value ?? 0));
  return (
    <figure className="public-chart" aria-hidden="true">
      <figcaption>{caption}</figcaption>
      <ul>
        {bars.map((bar) => {
          const percent = bar.value !== null && max > 0 ? Math.max(0.5, (bar.value / max) * 100) : 0;
          return (
            <li key={bar.label}>
              <span className="chart-label">{bar.label}</span>
              <svg className="chart-track" width="100%" height="18" focusable="false">
                {percent > 0 ? <rect className="chart-bar" width={`${percent.toFixed(1)}%`} height="18" rx="4" /> : null}
              </svg>
              <span className="chart-value">{bar.value === null ? "Not published" : bar.text}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
