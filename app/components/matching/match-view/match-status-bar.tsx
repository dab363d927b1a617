import { statusBarSteps, stepStateLabel } from "~/lib/matching/match-view";

/**
 * The five-step match status bar (spec §2, §4): steps before the request's current step are done,
 * the current one is complete or asks the business to act ("action required"). An ordered list
 * with aria-current="step"; on narrow screens the labels stack under their numbers.
 */
export function MatchStatusBar({ value }: { value: string }) {
  const steps = statusBarSteps(value);
  return (
    <ol className="match-steps" aria-label="Match status">
      {steps.map((step) => (
        <li
          key={step.label}
          className={`match-step match-step-${step.position} match-step-state-${step.state}`}
          aria-current={step.position === "current" ? "step" : undefined}
        >
          <span className="match-step-marker" aria-hidden="true">
            {step.position === "done" || (step.position === "current" && step.state === "complete")
              ? "✓"
              : step.position === "current" && step.state === "review"
                ? "!"
                : step.number}
          </span>
          <span className="match-step-label">{step.label}</span>
          <span className="visually-hidden">, {stepStateLabel(step)}</span>
          {step.position === "current" && step.state === "review" ? (
            <span className="match-step-flag" aria-hidden="true">
              Action required
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
