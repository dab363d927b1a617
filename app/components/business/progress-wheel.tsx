import { formatPercent } from "~/lib/shared/numbers";
/** Accessible completion ring: a progressbar (0–100) drawn as an SVG circle with "{n}%" inside. */
export function ProgressWheel({ percent, size = 168 }: { percent: number; size?: number }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const stroke = 14;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const offset = circumference * (1 - value / 100);
  return (
    <div
      className="progress-wheel"
      role="progressbar"
      aria-label="Profile completion"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
        <circle
          className="progress-wheel-track"
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
        />
        <circle
          className="progress-wheel-value"
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap={value > 0 ? "round" : "butt"}
          strokeDasharray={circumference}
          strokeDashoffset={offset}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      </svg>
      <span className="progress-wheel-text">{formatPercent(value, { decimals: 0 })}</span>
    </div>
  );
}
