import { deliveryItems, deliveryOutlines } from "~db/schema";
import { itemRefundedColumn } from "./item-refunds.server";

/**
 * Select shapes the engagement lists share (the consultant's and the manager's): what
 * engagementStatus and planStageLabel read of an outline, and what nextDeliveryDate and
 * isItemOverdue read of its items.
 */

export const outlineStageColumns = {
  state: deliveryOutlines.state,
  complete: deliveryOutlines.complete,
  egmReviewStatus: deliveryOutlines.egmReviewStatus,
  businessReviewStatus: deliveryOutlines.businessReviewStatus,
  businessRejectedVersion: deliveryOutlines.businessRejectedVersion,
  version: deliveryOutlines.version,
  pausedAt: deliveryOutlines.pausedAt,
};

export const itemScheduleColumns = {
  id: deliveryItems.id,
  outlineId: deliveryItems.outlineId,
  position: deliveryItems.position,
  status: deliveryItems.status,
  deliveryDate: deliveryItems.deliveryDate,
  refunded: itemRefundedColumn(),
};
