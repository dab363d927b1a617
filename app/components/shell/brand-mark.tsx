/** The Partwise word mark: an inline SVG monogram plus the name, no external assets. */
export function BrandMark({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  return (
    <span className={`brand${inverted ? " brand-inverted" : ""}${compact ? " brand-compact" : ""}`}>
      <svg className="brand-logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M10 23V9h7a5 5 0 0 1 0 10h-7"
          className="brand-logo-ink"
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand-name">Partwise</span>
    </span>
  );
}
