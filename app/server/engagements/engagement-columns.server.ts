import { deliveryItems, deliveryOutlines } from "~db/schema";

/**
 * Select shapes the engagement lists share (the consultant's and the manager's): what
 * engagementStatus and planStageLabel read of an outline, and what nextDeliveryDate reads of its
 * items.
 */

export const outlineStageColumns = {
  state: deliveryOutlines.state,
  complete: deliveryOutlines.complete,
  egmReviewStatus: deliveryOutlines.egmReviewStatus,
  businessReviewStatus: deliveryOutlines.businessReviewStatus,
};

export const itemScheduleColumns = {
  id: deliveryItems.id,
  outlineId: deliveryItems.outlineId,
  position: deliveryItems.position,
  status: deliveryItems.status,
  deliveryDate: deliveryItems.deliveryDate,
};
