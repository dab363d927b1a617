import { Link } from "@remix-run/react";
import type { BusinessMemberRole } from "~db/enums";
import { can, type BusinessAction } from "~/lib/business/permissions";
import { waitsForText } from "~/lib/business/role-notice";
import type { ProfileProgress } from "~/server/business/profile-progress.server";

type Step = ProfileProgress["steps"][number];

/**
 * Where a step's block leads, and what it says; steps without a target are plain blocks.
 * `document`: the target is not a page of the app (a redirect to the accounting service), so the
 * browser navigates there itself.
 */
const STEP_DETAILS: Record<
  Step["key"],
  { to?: string; document?: boolean; action?: BusinessAction; todo: string; done: string }
> = {
  personal: { todo: "Add your name, email and phone in Settings.", done: "Your name, email and phone are on file." },
  business: { todo: "Tell us about your business.", done: "Your company details are saved." },
  companyData: {
    to: "/api/quickbooks/createAuthPortal?returnPage=PROFILE_PROGRESS",
    document: true,
    action: "changeSettings",
    todo: "Connect your accounting data",
    done: "Your accounting data is connected.",
  },
  plan: {
    to: "/plan-select",
    action: "changePlan",
    todo: "Choose the plan that fits your business.",
    done: "You have chosen a plan.",
  },
  preferences: {
    to: "/company-profile?tab=preferences",
    action: "changeSettings",
    todo: "Choose the areas you want insights about.",
    done: "Your insight preferences are saved.",
  },
};

/**
 * The five completion steps as blocks with a check mark for the ones that are done. A step the
 * member's role may not take is not a link, and its open step says whom it waits for
 * (docs/decisions/071).
 */
export function ProgressBlocks({ steps, role }: { steps: Step[]; role: BusinessMemberRole }) {
  return (
    <ul className="progress-blocks">
      {steps.map((step) => {
        const { action, ...shown } = STEP_DETAILS[step.key];
        const mayTake = !action || can(role, action);
        const details = mayTake ? shown : { ...shown, to: undefined, todo: waitsForText(action) };
        const body = (
          <>
            <span className={`progress-mark${step.done ? " progress-mark-done" : ""}`} aria-hidden="true">
              {step.done ? (
                <svg width="16" height="16" viewBox="0 0 20 20" focusable="false">
                  <path
                    d="M4 10.5l4 4 8-9"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              ) : null}
            </span>
            <span className="progress-block-text">
              <span className="progress-block-title">{step.label}</span>
              <span className="progress-block-detail">{step.done ? details.done : details.todo}</span>
            </span>
            <span className={`progress-status${step.done ? " progress-status-done" : ""}`}>
              {step.done ? "Done" : "To do"}
            </span>
          </>
        );
        const className = `progress-block${step.done ? " progress-block-done" : ""}`;
        return (
          <li key={step.key} data-step={step.key}>
            {details.to && details.document ? (
              <a href={details.to} className={`${className} progress-block-link`}>
                {body}
              </a>
            ) : details.to ? (
              <Link to={details.to} className={`${className} progress-block-link`}>
                {body}
              </Link>
            ) : (
              <div className={className}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
