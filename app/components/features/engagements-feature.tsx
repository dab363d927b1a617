import type { ComponentProps } from "react";
import { EngagementToggleList } from "~/components/engagements/engagement-list";
import { EngagementPanel } from "~/components/engagements/engagement-panel";
import { useDeliverableSlots } from "~/components/engagements/engagement-slots";
import { ENGAGEMENT_NOT_FOUND } from "~/lib/engagements/engagement-copy";
import { parsePanelTab, type EngagementPanelTab } from "~/lib/engagements/engagement-display";
import { businessEngagementPath } from "~/lib/engagements/engagement-paths";

/**
 * The Engagements tab of /features: with `?engagementId=` of one of the business's engagements, its
 * panel; an unknown or another business's id shows the not-found notice above the lists. Its own
 * module, loaded with React.lazy, so the other tabs do not download the panel's code (the plan and
 * deliverable forms and their validation) up front.
 */
export default function EngagementsFeature({
  params,
  engagement,
  engagements,
  costs,
  actionData,
}: {
  params: URLSearchParams;
  engagement: Parameters<typeof useDeliverableSlots>[0];
  engagements: ComponentProps<typeof EngagementToggleList>["tiles"];
  costs: ComponentProps<typeof EngagementPanel>["costs"];
  actionData: unknown;
}) {
  const engagementId = params.get("engagementId");
  const slots = useDeliverableSlots(engagement, { actionData });
  if (engagementId && engagement) {
    const hrefFor = (tab: EngagementPanelTab) => `${businessEngagementPath(engagement.tile.id)}&tab=${tab}`;
    return (
      <EngagementPanel
        engagement={engagement}
        tab={parsePanelTab(params.get("tab"))}
        hrefFor={hrefFor}
        closeHref="/features?focus=Engagements"
        slots={slots}
        costs={costs}
      />
    );
  }
  return (
    <>
      {engagementId ? (
        <p role="status" className="notice">
          {ENGAGEMENT_NOT_FOUND}
        </p>
      ) : null}
      <EngagementToggleList tiles={engagements} />
    </>
  );
}
