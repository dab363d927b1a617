/** Where each person opens an engagement. */

/** The business: the engagement panel in /features. */
export const businessEngagementPath = (outlineId: string) =>
  `/features?focus=Engagements&engagementId=${encodeURIComponent(outlineId)}`;

/** The consultant: the engagement (plan editor, deliveries) in the portal. */
export const consultantEngagementPath = (outlineId: string) =>
  `/consultant/engagements/${encodeURIComponent(outlineId)}`;

/** The consultant starts the plan of a match they were matched to. */
export const consultantNewPlanPath = (matchId: string) =>
  `/consultant/engagements/new?matchId=${encodeURIComponent(matchId)}`;

/** The engagement manager: the engagement in the console. */
export const managerEngagementPath = (outlineId: string) => `/manage/engagements/${encodeURIComponent(outlineId)}`;

/** The signed statement of work of one version, as a PDF (the three of them may download it). */
export const sowPdfPath = (outlineId: string, version: number) =>
  `/engagements/${encodeURIComponent(outlineId)}/sow/${version}.pdf`;

/** The consultant confirms delivery of one paid item (summary of work and files). */
export const consultantDeliveryPath = (outlineId: string, itemId: string) =>
  `/consultant/engagements/${encodeURIComponent(outlineId)}/items/${encodeURIComponent(itemId)}`;
