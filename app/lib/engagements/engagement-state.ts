import { billedMonthly } from "./coaching";
import type {
  BUSINESS_REVIEW_STATUSES,
  DELIVERY_ITEM_STATUSES,
  DELIVERY_REVIEWS,
  EGM_REVIEW_STATUSES,
  OUTLINE_STATES,
  OutlineKind,
} from "~db/enums";

/**
 * The engagement plan's state machine, in one place for every layer (the consultant's editor, the
 * manager's review, the business's review and deliverables, the servers' conditional UPDATEs).
 * Pure and isomorphic.
 *
 * An outline (the plan) of a match:
 * - `state`: draft (never sent for review) → proposed (sent, not yet signed) → active (signed by
 *   the business) → complete (the last item approved).
 * - `egmReviewStatus`: the engagement manager's review of the latest version sent: pending,
 *   approved, or revision (sent back with notes the consultant sees).
 * - `businessReviewStatus`: pending, revision (rejected with notes), approved (signed).
 * - `version`: + 1 each time a plan is sent again; `signedVersion` the version the signature covers;
 *   `businessRejectedVersion` the version the business last rejected (ADR 049: never offered for
 *   acceptance again; the business sees its notes until a new version comes).
 *
 * The business sees nothing of a plan before a manager has approved it; a change after the
 * signature goes through the manager again and needs a new signature.
 */

export type OutlineState = (typeof OUTLINE_STATES)[number];
export type EgmReviewStatus = (typeof EGM_REVIEW_STATUSES)[number];
export type BusinessReviewStatus = (typeof BUSINESS_REVIEW_STATUSES)[number];
export type DeliveryItemStatus = (typeof DELIVERY_ITEM_STATUSES)[number];
export type DeliveryReview = (typeof DELIVERY_REVIEWS)[number];

export type OutlineStatusFields = {
  state: OutlineState;
  complete: boolean;
  egmReviewStatus: EgmReviewStatus;
  businessReviewStatus: BusinessReviewStatus;
  version: number;
  signedVersion: number | null;
  /** The version the business last rejected; null if none (ADR 049). */
  businessRejectedVersion: number | null;
  submittedAt: Date | string | number | null;
  /** Set while the business paused before the next deliverable ("accept and pause the next"). */
  pausedAt?: Date | string | number | null;
  /** A project (absent: one) or a retainer, whose months are billed in turn (docs/decisions/082). */
  kind?: OutlineKind;
  /** A retainer's last day once notice is given ('YYYY-MM-DD'); null while it runs on. */
  endsOn?: string | null;
};

/**
 * The engagement status catalogue (spec §4 "Engagement plan review", and ADR 049): the spec's four
 * statuses of a tile, in that order of precedence, and the two in which a signed engagement waits:
 * the business paused it before the next deliverable ("accept and pause the next"), or asked for a
 * revision of a delivery (spec: "reject and pause the engagement"). An engagement in either is not
 * shown as Active.
 */
export const ENGAGEMENT_STATUSES = [
  "complete",
  "pending",
  "awaiting_customer",
  "paused",
  "revision",
  "active",
] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];

export const ENGAGEMENT_STATUS_LABELS: Record<EngagementStatus, string> = {
  complete: "Complete",
  pending: "Pending",
  awaiting_customer: "Approved (awaiting customer decision)",
  paused: "Paused",
  revision: "Paused for a revision",
  active: "Active",
};

/**
 * The status of an engagement. `items` (their statuses) tell a revision apart; without them, a
 * signed engagement is Active unless `pausedAt` is set.
 */
export function engagementStatus(
  outline: Pick<OutlineStatusFields, "complete" | "egmReviewStatus" | "businessReviewStatus" | "pausedAt">,
  items: readonly Pick<ItemStatusFields, "status" | "refunded">[] = [],
): EngagementStatus {
  if (outline.complete) return "complete";
  if (outline.egmReviewStatus !== "approved") return "pending";
  if (outline.businessReviewStatus !== "approved") return "awaiting_customer";
  if (items.some((item) => item.status === "revision" && !item.refunded)) return "revision";
  if (outline.pausedAt !== null && outline.pausedAt !== undefined) return "paused";
  return "active";
}

/**
 * Whether the business rejected the current version (asked for changes): it waits for the
 * consultant's new version, and the business sees its notes, not Accept (ADR 049).
 */
export function businessRejectedCurrentVersion(
  outline: Pick<OutlineStatusFields, "businessReviewStatus" | "businessRejectedVersion" | "version">,
): boolean {
  return outline.businessReviewStatus === "revision" && outline.businessRejectedVersion === outline.version;
}

/**
 * Whether the business sees the engagement at all: once a manager has approved a version (the
 * first approval, or a signature on an earlier one). Before that the plan is between the
 * consultant and the manager.
 */
export function visibleToBusiness(
  outline: Pick<OutlineStatusFields, "state" | "egmReviewStatus" | "signedVersion" | "businessReviewStatus">,
): boolean {
  if (outline.state === "draft") return false;
  return (
    outline.egmReviewStatus === "approved" ||
    outline.signedVersion !== null ||
    outline.businessReviewStatus === "revision"
  );
}

/**
 * Whether the business sees the plan's unpaid items and text: only while the latest version is
 * the one a manager approved. While a revised version waits for the manager, the business sees
 * the engagement and the items already paid for, and a notice.
 */
export function planDetailsVisibleToBusiness(outline: Pick<OutlineStatusFields, "egmReviewStatus">): boolean {
  return outline.egmReviewStatus === "approved";
}

/**
 * Reject and Accept (spec): only when the manager approved and the business review is pending or
 * revision, and the engagement is not complete; never on a version the business has already
 * rejected (ADR 049: it waits for the consultant's new version).
 */
export function canBusinessReviewPlan(
  outline: Pick<
    OutlineStatusFields,
    "complete" | "egmReviewStatus" | "businessReviewStatus" | "businessRejectedVersion" | "version"
  >,
): boolean {
  return (
    !outline.complete &&
    outline.egmReviewStatus === "approved" &&
    outline.businessReviewStatus !== "approved" &&
    !businessRejectedCurrentVersion(outline)
  );
}

/**
 * Whether the consultant may edit the plan: not while someone else decides on it (the manager on a
 * version sent, the business on an approved one awaiting signature) and not once complete. Editable:
 * a draft, a version the manager sent back, one the business rejected, or a signed plan (a change,
 * which then needs the manager's approval and a new signature).
 */
export function canConsultantEditPlan(
  outline: Pick<
    OutlineStatusFields,
    "state" | "complete" | "egmReviewStatus" | "businessReviewStatus" | "businessRejectedVersion" | "version"
  >,
): boolean {
  if (outline.complete || outline.state === "complete") return false;
  if (outline.state === "draft") return true;
  if (outline.egmReviewStatus === "pending") return false;
  if (outline.egmReviewStatus === "revision") return true;
  // Approved by the manager: editable once the business has decided on this version (rejected
  // it, or signed it).
  return outline.businessReviewStatus === "approved" || businessRejectedCurrentVersion(outline);
}

/** Whether the manager can approve or send back: a version was sent and waits for them. */
export function canManagerReviewPlan(
  outline: Pick<OutlineStatusFields, "state" | "complete" | "egmReviewStatus">,
): boolean {
  return !outline.complete && outline.state !== "draft" && outline.egmReviewStatus === "pending";
}

/** The statuses after the consultant sends the plan (again): what a submission writes. */
export function afterSubmission(
  outline: Pick<OutlineStatusFields, "state" | "version" | "submittedAt" | "businessReviewStatus" | "signedVersion">,
): {
  state: OutlineState;
  version: number;
  egmReviewStatus: EgmReviewStatus;
  businessReviewStatus: BusinessReviewStatus;
} {
  const first = outline.submittedAt === null;
  return {
    state: outline.state === "active" ? "active" : "proposed",
    version: first ? outline.version : outline.version + 1,
    egmReviewStatus: "pending",
    // A signed plan that changes needs a new signature; a rejected one stays "revision" so the
    // business can accept the new version.
    businessReviewStatus: outline.businessReviewStatus === "revision" ? "revision" : "pending",
  };
}

/** Whether the plan's terms are signed for the current version: prepayment needs it. */
export function signedForCurrentVersion(
  outline: Pick<OutlineStatusFields, "businessReviewStatus" | "signedVersion" | "version">,
): boolean {
  return outline.businessReviewStatus === "approved" && outline.signedVersion === outline.version;
}

export type ItemStatusFields = {
  id: string;
  position: number;
  status: DeliveryItemStatus;
  paidPurchaseId: string | null;
  consultantConfirmedDelivery: boolean;
  businessDeliveryReview: DeliveryReview | null;
  /** The manager refunded its payment (issue #18): it will not be delivered. Absent = not refunded. */
  refunded?: boolean;
  /** Extra hours bought for a retainer's month: the month's id (docs/decisions/084). */
  extraForItemId?: string | null;
};

/** Items done: approved by the business. */
export function isItemComplete(item: Pick<ItemStatusFields, "status">): boolean {
  return item.status === "approved";
}

/**
 * Items settled: approved, or refunded (a prepaid item that will not be delivered). A settled item
 * no longer holds up the next prepayment or the engagement's completion.
 */
export function isItemSettled(item: Pick<ItemStatusFields, "status" | "refunded">): boolean {
  return isItemComplete(item) || item.refunded === true;
}

/**
 * A paid item the consultant works on or reworks (revision), not yet delivered, and not refunded.
 * A retainer's month (with a `periodStart`) and the extra hours bought for it (docs/decisions/084)
 * are delivered by the daily run at the month's end: the consultant delivers them only again,
 * after the business asked for a correction (docs/decisions/082).
 */
export function canConsultantDeliver(
  item: Pick<ItemStatusFields, "status" | "paidPurchaseId" | "refunded"> & {
    periodStart?: string | null;
    extraForItemId?: string | null;
  },
): boolean {
  if ((item.periodStart != null || item.extraForItemId != null) && item.status !== "revision") return false;
  return item.paidPurchaseId !== null && (item.status === "active" || item.status === "revision") && !item.refunded;
}

/** The latest calendar date anywhere on earth (UTC+14): no one can have worked on a later day. */
export function latestDayOnEarth(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The business's review of a delivered item is actionable only while pending (spec), and not once refunded. */
export function canBusinessReviewItem(
  item: Pick<ItemStatusFields, "status" | "businessDeliveryReview" | "refunded">,
): boolean {
  return item.status === "delivered" && item.businessDeliveryReview === "pending" && !item.refunded;
}

/** An item the consultant may still change in a plan: not paid for yet. */
export function isItemEditable(item: Pick<ItemStatusFields, "paidPurchaseId" | "status">): boolean {
  return item.paidPurchaseId === null && (item.status === "upcoming" || item.status === "awaiting_payment");
}

/**
 * The items in plan order. Extra hours bought for a retainer's month (docs/decisions/084) share its
 * position and come after it.
 */
export function sortedItems<T extends Pick<ItemStatusFields, "position" | "id"> & { extraForItemId?: string | null }>(
  items: readonly T[],
): T[] {
  const extra = (item: T) => (item.extraForItemId == null ? 0 : 1);
  return [...items].sort((a, b) => a.position - b.position || extra(a) - extra(b) || a.id.localeCompare(b.id));
}

/**
 * The item to prepay next (spec: "the first incomplete item is offered for prepayment"): the first
 * unpaid item in plan order, when the current version is signed, nothing paid is still being worked
 * on or reviewed, and the engagement is not complete. Null otherwise. A retainer's months are
 * billed in turn whatever the month before's review (docs/decisions/082): its months exist from
 * their first day, so the first unpaid one is due.
 */
export function nextItemToPrepay<T extends ItemStatusFields>(
  outline: Pick<OutlineStatusFields, "complete" | "businessReviewStatus" | "signedVersion" | "version" | "kind">,
  items: readonly T[],
): T | null {
  if (outline.complete || !signedForCurrentVersion(outline)) return null;
  const ordered = sortedItems(items);
  const retainer = billedMonthly(outline.kind);
  if (!retainer && ordered.some((item) => item.paidPurchaseId !== null && !isItemSettled(item))) return null;
  const unpaid = ordered.filter((item) => item.paidPurchaseId === null && !isItemComplete(item));
  // A retainer's months before any extra hours left unpaid: those never hold up a month (ADR 084).
  return (retainer ? (unpaid.find((item) => item.extraForItemId == null) ?? unpaid[0]) : unpaid[0]) ?? null;
}

/** The item in progress: paid and not yet approved (active, delivered or in revision), nor refunded. */
export function activeItem<T extends ItemStatusFields>(items: readonly T[]): T | null {
  return sortedItems(items).find((item) => item.paidPurchaseId !== null && !isItemSettled(item)) ?? null;
}

/**
 * Whether approving this item completes the engagement: every other item is settled (approved, or
 * refunded: a refunded item will never be approved, so the engagement does not wait for it). A
 * retainer completes only with its last month: notice given and the month it ends with there.
 */
export function completesEngagement(
  items: readonly (Pick<ItemStatusFields, "id" | "status" | "refunded"> & { periodEnd?: string | null })[],
  approvedItemId: string,
  outline: Pick<OutlineStatusFields, "kind" | "endsOn"> = {},
): boolean {
  if (billedMonthly(outline.kind)) {
    const endsOn = outline.endsOn;
    if (!endsOn || !items.some((item) => item.periodEnd === endsOn)) return false;
  }
  return items.length > 0 && items.every((item) => item.id === approvedItemId || isItemSettled(item));
}

/**
 * Overdue (ADR 049): a deliverable of a plan that was sent (not a draft) and is not complete, whose
 * delivery date (YYYY-MM-DD) has passed (`isPastDate` against `todayAnywhereOnEarth`) and which
 * is not delivered: not started, awaiting payment, paid and in progress, paused or in revision.
 * Delivered (waiting for the business's review), approved and refunded deliverables are not.
 */
export function isItemOverdue(
  item: Pick<ItemStatusFields, "status" | "refunded"> & { deliveryDate: string },
  outline: Pick<OutlineStatusFields, "state" | "complete">,
  today: string,
): boolean {
  if (outline.state === "draft" || outline.state === "complete" || outline.complete) return false;
  if (item.refunded === true || item.status === "delivered" || item.status === "approved") return false;
  return isPastDate(item.deliveryDate, today);
}

/**
 * Today's calendar date (YYYY-MM-DD) in the last time zone on Earth to reach it (UTC−12, "anywhere
 * on Earth"). A delivery date is past only once that day has ended everywhere, so nobody, in any
 * time zone, sees today's date refused as past or a deliverable due today counted overdue (ADR 049).
 */
export function todayAnywhereOnEarth(now: Date): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Whether a calendar date (YYYY-MM-DD) is before `today` (YYYY-MM-DD, todayAnywhereOnEarth). */
export function isPastDate(date: string, today: string): boolean {
  return date < today;
}

/**
 * The deliverables a plan cannot be sent or approved with (ADR 049): those still to agree on (not
 * paid for yet: isItemEditable) dated in the past. A paid deliverable keeps its agreed date; if it
 * has passed, it is overdue, not a mistake in the plan.
 */
export function pastDatedItems<
  T extends Pick<ItemStatusFields, "paidPurchaseId" | "status"> & { deliveryDate: string },
>(items: readonly T[], today: string): T[] {
  return items.filter((item) => isItemEditable(item) && isPastDate(item.deliveryDate, today));
}
