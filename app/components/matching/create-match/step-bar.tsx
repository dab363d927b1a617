import { MATCH_PROGRESS_LABELS } from "~/lib/matching/match-copy";
import { currentLabelIndex, matchStepImageFor, type MatchStepImage, type MatchWizardPage } from "./wizard-data";

const IMAGE_TEXT: Record<MatchStepImage, string> = {
  step1: `Step 1 of 3: ${MATCH_PROGRESS_LABELS[0]}`,
  step3: `Step 3 of 3: ${MATCH_PROGRESS_LABELS[2]}`,
  complete: "All steps complete",
};

/** How many of the three steps each image shows as done, and which one is current. */
const IMAGE_STATE: Record<MatchStepImage, { done: number; current: number | null }> = {
  step1: { done: 0, current: 0 },
  step3: { done: 2, current: 2 },
  complete: { done: 3, current: null },
};

/** One of the three step images, drawn inline (the CSP allows no external images). */
function MatchStepImageSvg({ image }: { image: MatchStepImage }) {
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

/**
 * The match wizard's step bar (spec §2): the image the spec gives the page and the three progress
 * labels (Area of Need, Type of Engagement, Match Request), the page's own marked current.
 */
export function MatchStepBar({ page }: { page: MatchWizardPage }) {
  const current = currentLabelIndex(page);
  return (
    <nav className="insight-steps" aria-label="Progress">
      <MatchStepImageSvg image={matchStepImageFor(page)} />
      <ol className="insight-steps-labels">
        {MATCH_PROGRESS_LABELS.map((label, index) => (
          <li
            key={label}
            className={index === current ? "insight-steps-label insight-steps-label-current" : "insight-steps-label"}
            aria-current={index === current ? "step" : undefined}
          >
            {label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
