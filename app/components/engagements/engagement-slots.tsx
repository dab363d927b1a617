import { useShellData } from "~/components/shell/shell-data";
import type { DeliverablesActionData } from "~/lib/engagements/deliverable-forms";
import { isDeliverableIntent } from "~/lib/engagements/deliverable-forms";
import type { BusinessEngagement } from "~/lib/engagements/engagement-display";
import { DeliverableActions } from "./deliverable-actions";
import type { DeliverableSlots } from "./engagement-panel";
import { EngagementResultsCard } from "./engagement-results";
import { PlanReviewDialog } from "./plan-review-dialog";
import { ExtraHoursApprovals } from "./extra-hours";
import { RetainerCard } from "./retainer-card";
import { CoachingSessionsCard } from "./coaching-sessions";
import { SignedStatements } from "./signed-statements";

/** The page's action answer when it is the deliverables' (intents review-item, prepay, rate). */
export function deliverablesReply(actionData: unknown): DeliverablesActionData | null {
  if (typeof actionData !== "object" || actionData === null) return null;
  const intent = (actionData as { intent?: unknown }).intent;
  return isDeliverableIntent(intent) ? (actionData as DeliverablesActionData) : null;
}

/**
 * What the plan's review and the deliverables add to the Deliverables section, in one place for
 * the /features panel and /engagement-portal: the review dialog (Reject / Accept only while
 * canBusinessReviewPlan), the signed statements of work, the deliverables' actions (the item in
 * progress and its review, prepay the next item, completion and the rating) and the before/after
 * results once the engagement has started. Every form posts to `action`: the /features page, whose
 * action dispatches intent review-plan to reviewPlanFromForm and review-item / prepay / rate to
 * DELIVERABLE_ACTIONS.
 */
export function useDeliverableSlots(
  engagement: BusinessEngagement | null,
  { actionData, action }: { actionData?: unknown; action?: string } = {},
): DeliverableSlots {
  const { user } = useShellData();
  if (!engagement) return {};
  const { outline } = engagement;
  return {
    planReview: engagement.planVisible ? (
      <PlanReviewDialog
        key={`${outline._id}-${outline.version}`}
        outlineId={outline._id}
        version={outline.version}
        defaultFirstName={user.firstName}
        defaultLastName={user.lastName}
        canReview={engagement.canReviewPlan}
        action={action}
      />
    ) : null,
    signedStatements:
      engagement.signedStatements.length > 0 ? (
        <SignedStatements statements={engagement.signedStatements} headingLevel={4} />
      ) : null,
    deliverableActions: (
      <>
        {engagement.retainer ? (
          <>
            <RetainerCard
              outlineId={outline._id}
              retainer={engagement.retainer}
              actionData={deliverablesReply(actionData)}
              action={action}
            />
            {engagement.retainer.kind === "coaching" ? (
              <CoachingSessionsCard
                outlineId={outline._id}
                months={engagement.retainer.sessions}
                conversationPath={engagement.retainer.conversationPath}
                actionData={deliverablesReply(actionData)}
                action={action}
              />
            ) : (
              <ExtraHoursApprovals
                outlineId={outline._id}
                retainer={engagement.retainer}
                card={engagement.billing.card}
                actionData={deliverablesReply(actionData)}
                action={action}
              />
            )}
          </>
        ) : null}
        <DeliverableActions
          outline={outline}
          rating={engagement.rating}
          billing={engagement.billing}
          actionData={deliverablesReply(actionData)}
          action={action}
        />
      </>
    ),
    results: outline.startedAt ? <EngagementResultsCard results={engagement.results} /> : null,
  };
}
