import { INSIGHT_STEP_LABELS } from "~/lib/insights/insight-schemas";

/** The wizard's pages: 1 Department, 2 Insight Overview, 3 Insight Confirmation, 4 payment/complete. */
export type WizardPage = 1 | 2 | 3 | 4;

/** spec §2: four step images (step 1, step 2, step 3, complete); page n > 3 shows complete. */
export type StepImage = "step1" | "step2" | "step3" | "complete";

export function stepImageFor(page: WizardPage): StepImage {
  if (page > 3) return "complete";
  if (page > 2) return "step3";
  if (page > 1) return "step2";
  return "step1";
}

const IMAGE_TEXT: Record<StepImage, string> = {
  step1: "Step 1 of 3: Department",
  step2: "Step 2 of 3: Insight Overview",
  step3: "Step 3 of 3: Insight Confirmation",
  complete: "All steps complete",
};

/** How many of the three steps each image shows as done, and which one is current. */
const IMAGE_STATE: Record<StepImage, { done: number; current: number | null }> = {
  step1: { done: 0, current: 0 },
  step2: { done: 1, current: 1 },
  step3: { done: 2, current: 2 },
  complete: { done: 3, current: null },
};

/** One of the four step images, drawn inline (the CSP allows no external images). */
export function StepImageSvg({ image }: { image: StepImage }) {
  const { done, current } = IMAGE_STATE[image];
  const centers = [30, 150, 270];
  return (
    <svg
      className="insight-steps-image"
      viewBox="0 0 300 40"
      role="img"
      aria-label={IMAGE_TEXT[image]}
      preserveAspectRatio="xMidYMid meet"
      data-step-image={image}
    >
      <line x1="30" y1="20" x2="270" y2="20" className="insight-steps-track" />
      <line x1="30" y1="20" x2={centers[Math.min(done, 2)]} y2="20" className="insight-steps-track-done" />
      {centers.map((cx, index) => {
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
  );
}

/** The step bar of spec §2: the image for the page and the three progress labels. */
export function StepBar({ page }: { page: WizardPage }) {
  const image = stepImageFor(page);
  return (
    <nav className="insight-steps" aria-label="Progress">
      <StepImageSvg image={image} />
      <ol className="insight-steps-labels">
        {INSIGHT_STEP_LABELS.map((label, index) => (
          <li
            key={label}
            className={index + 1 === page ? "insight-steps-label insight-steps-label-current" : "insight-steps-label"}
            aria-current={index + 1 === page ? "step" : undefined}
          >
            {label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
