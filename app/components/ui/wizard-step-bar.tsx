/** Which of the three steps a step image shows as done (the first `done`), and which one is current. */
export type StepImageState = { done: number; current: number | null };

const CENTERS = [30, 150, 270];

/**
 * A wizard's step bar (spec §2): the step image, drawn inline because the CSP allows no external
 * images, and the progress labels with the current one marked. Each wizard keeps its own rules for
 * which image a page shows; `image` names it for the tests (`data-step-image`).
 */
export function WizardStepBar({
  labels,
  image,
  imageText,
  imageState,
  currentLabel,
}: {
  labels: readonly string[];
  image: string;
  imageText: string;
  imageState: StepImageState;
  /** Index in `labels` of the current step, or null when none is. */
  currentLabel: number | null;
}) {
  const { done, current } = imageState;
  return (
    <nav className="insight-steps" aria-label="Progress">
      <svg
        className="insight-steps-image"
        viewBox="0 0 300 40"
        role="img"
        aria-label={imageText}
        preserveAspectRatio="xMidYMid meet"
        data-step-image={image}
      >
        <line x1="30" y1="20" x2="270" y2="20" className="insight-steps-track" />
        <line x1="30" y1="20" x2={CENTERS[Math.min(done, 2)]} y2="20" className="insight-steps-track-done" />
        {CENTERS.map((cx, index) => {
          const state = index < done ? "done" : index === current ? "current" : "todo";
          return (
            <g key={cx} className={`insight-steps-dot insight-steps-dot-${state}`}>
              <circle cx={cx} cy="20" r="14" />
              {state === "done" ? (
                <path d={`M${cx - 6} 20l4 4 8-9`} className="insight-steps-check" />
              ) : (
                <text x={cx} y="25" textAnchor="middle">
                  {index + 1}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ol className="insight-steps-labels">
        {labels.map((label, index) => (
          <li
            key={label}
            className={
              index === currentLabel ? "insight-steps-label insight-steps-label-current" : "insight-steps-label"
            }
            aria-current={index === currentLabel ? "step" : undefined}
          >
            {label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
