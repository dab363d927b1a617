import { WizardStepBar, type StepImageState } from "~/components/ui/wizard-step-bar";
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

const IMAGE_STATE: Record<StepImage, StepImageState> = {
  step1: { done: 0, current: 0 },
  step2: { done: 1, current: 1 },
  step3: { done: 2, current: 2 },
  complete: { done: 3, current: null },
};

/** The step bar of spec §2: the image for the page and the three progress labels. */
export function StepBar({ page }: { page: WizardPage }) {
  const image = stepImageFor(page);
  return (
    <WizardStepBar
      labels={INSIGHT_STEP_LABELS}
      image={image}
      imageText={IMAGE_TEXT[image]}
      imageState={IMAGE_STATE[image]}
      currentLabel={page <= 3 ? page - 1 : null}
    />
  );
}
