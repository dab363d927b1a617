import { WizardStepBar, type StepImageState } from "~/components/ui/wizard-step-bar";
import { MATCH_PROGRESS_LABELS } from "~/lib/matching/match-copy";
import { currentLabelIndex, matchStepImageFor, type MatchStepImage, type MatchWizardPage } from "./wizard-data";

const IMAGE_TEXT: Record<MatchStepImage, string> = {
  step1: `Step 1 of 3: ${MATCH_PROGRESS_LABELS[0]}`,
  step3: `Step 3 of 3: ${MATCH_PROGRESS_LABELS[2]}`,
  complete: "All steps complete",
};

const IMAGE_STATE: Record<MatchStepImage, StepImageState> = {
  step1: { done: 0, current: 0 },
  step3: { done: 2, current: 2 },
  complete: { done: 3, current: null },
};

/**
 * The match wizard's step bar (spec §2): the image the spec gives the page and the three progress
 * labels (Area of Need, Type of Engagement, Match Request), the page's own marked current.
 */
export function MatchStepBar({ page }: { page: MatchWizardPage }) {
  const image = matchStepImageFor(page);
  return (
    <WizardStepBar
      labels={MATCH_PROGRESS_LABELS}
      image={image}
      imageText={IMAGE_TEXT[image]}
      imageState={IMAGE_STATE[image]}
      currentLabel={currentLabelIndex(page)}
    />
  );
}
