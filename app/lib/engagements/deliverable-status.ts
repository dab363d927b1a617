import { ITEM_REFUNDED_LABEL } from "~/lib/payouts/transfer-copy";
import { ITEM_DISPUTED_LABEL, ITEM_DISPUTE_SETTLED_LABEL, type DisputeView } from "./disputes";
import {
  ITEM_ACCEPTED_AUTOMATICALLY_BADGE,
  ITEM_SETTLED_BY_SESSIONS_LABEL,
  ITEM_STATUS_LABELS,
} from "./engagement-copy";
import type { DeliveryItemStatus } from "./engagement-state";

/**
 * A deliverable's status as every page names it (the manager's engagement, the consultant's plan
 * and delivery page): accepted automatically (issue #40), refunded, disputed or its dispute settled
 * (docs/decisions/079), else its status's label.
 */
export function deliverableStatusLabel(item: {
  status: DeliveryItemStatus;
  refunded: boolean;
  dispute: Pick<DisputeView, "status"> | null;
  acceptedAutomatically?: boolean;
  /** A coaching month its sessions settled (docs/decisions/085). */
  settledBySessions?: boolean;
}): string {
  if (item.status === "approved" && item.settledBySessions) return ITEM_SETTLED_BY_SESSIONS_LABEL;
  if (item.status === "approved" && item.acceptedAutomatically) return ITEM_ACCEPTED_AUTOMATICALLY_BADGE;
  if (item.refunded) return ITEM_REFUNDED_LABEL;
  if (item.dispute) return item.dispute.status === "settled" ? ITEM_DISPUTE_SETTLED_LABEL : ITEM_DISPUTED_LABEL;
  return ITEM_STATUS_LABELS[item.status];
}
