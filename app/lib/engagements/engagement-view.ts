import type { OutlineKind } from "~db/enums";
import type { DisputeView } from "./disputes";
import type {
  BusinessReviewStatus,
  DeliveryItemStatus,
  DeliveryReview,
  EgmReviewStatus,
  EngagementStatus,
  OutlineState,
} from "./engagement-state";

/**
 * The answers of the engagement API (spec §3 "Delivery outline", "Delivery item", §7
 * `GET /api/delivery-outline/{id}`, `GET /api/delivery-outline/item/{id}`) and the previews of the
 * engagement panel (spec §9). Pure and isomorphic.
 */

export type DeliveryItemFile = {
  fileName: string;
  originalName: string;
  size: number;
  url: string;
  /** The delivery it came with: 1 for the first, 2 for the delivery after the first revision request… */
  round: number;
  /** ISO instant: when it was uploaded (with its delivery). */
  uploadedAt: string;
};

/** The files of one delivery of an item, newest delivery first (deliveryRounds). */
export type DeliveryRound = { round: number; deliveredAt: string; files: DeliveryItemFile[] };

/** An item's files grouped by the delivery they came with, newest delivery first, each file once. */
export function deliveryRounds(files: readonly DeliveryItemFile[]): DeliveryRound[] {
  const rounds = new Map<number, DeliveryItemFile[]>();
  for (const file of files) {
    const list = rounds.get(file.round) ?? [];
    if (!list.some((known) => known.fileName === file.fileName)) list.push(file);
    rounds.set(file.round, list);
  }
  return [...rounds.entries()]
    .sort(([a], [b]) => b - a)
    .map(([round, list]) => ({
      round,
      deliveredAt: list.reduce((latest, file) => (file.uploadedAt > latest ? file.uploadedAt : latest), ""),
      files: list,
    }));
}

export type DeliveryItemView = {
  _id: string;
  deliveryItemId: string;
  position: number;
  /** A retainer's month (docs/decisions/082), not a deliverable: confirmed or corrected, never "prepay the next". */
  month: boolean;
  /** Extra hours bought for a retainer's month: the month's id (docs/decisions/084); null otherwise. */
  extraForItemId: string | null;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  deliveryDate: string;
  /** Its delivery date has passed and it is not delivered (isItemOverdue). */
  overdue: boolean;
  /** Dollars (spec: price in USD). */
  price: number;
  priceCents: number;
  status: DeliveryItemStatus;
  paid: boolean;
  consultantConfirmedDelivery: boolean;
  summaryOfWork: string | null;
  businessDeliveryReview: DeliveryReview | null;
  /** The business's latest notes on this item (a revision's reasons), or null. */
  businessNotes: string | null;
  businessId: string;
  files: DeliveryItemFile[];
  completedAt: string | null;
  /** The manager refunded its payment (issue #18): it will not be delivered, approved or revised. */
  refunded: boolean;
  /**
   * ISO instant: a delivery waiting for the business's review is accepted automatically then if
   * nobody reviews it (docs/decisions/078); null otherwise.
   */
  acceptsAutomaticallyAt: string | null;
  /** Approved by the daily run because nobody reviewed it within 14 days (docs/decisions/078). */
  acceptedAutomatically: boolean;
  /** A coaching month the sessions settled and paid out, with no review (docs/decisions/085). */
  settledBySessions: boolean;
  /** How many times the business asked for a revision (a dispute needs one: docs/decisions/079). */
  revisions: number;
  /** Its dispute, open or settled (docs/decisions/079), or null. */
  dispute: DisputeView | null;
};

export type DeliveryOutlineView = {
  _id: string;
  matchRequestId: string;
  /** A project or a retainer (docs/decisions/082), and a retainer's last day once notice is given. */
  kind: OutlineKind;
  endsOn: string | null;
  title: string;
  overview: string;
  version: number;
  signedVersion: number | null;
  state: OutlineState;
  complete: boolean;
  status: EngagementStatus;
  egmReview: { status: EgmReviewStatus };
  businessReview: { status: BusinessReviewStatus; notes: string | null };
  incompleteItems: DeliveryItemView[];
  completedItems: DeliveryItemView[];
  activeItem: { deliveryItemId: string; consultantConfirmedDelivery: boolean } | null;
  businessSignature: string | null;
  businessSignatureDate: string | null;
  createdAt: string;
  startedAt: string | null;
  pausedAt: string | null;
};

/**
 * spec §9 previews: title 15, description 100 characters. The title is no longer cut to 15
 * characters where there is room (issue #36): the lists show it whole and cut it with CSS only
 * where the space ends (ADR 049); the description preview stays.
 */
export const ITEM_DESCRIPTION_PREVIEW = 100;

/** The first `limit` characters, with "…" when cut (the description's preview). */
export function preview(text: string, limit: number): string {
  const trimmed = text.trim();
  return trimmed.length <= limit ? trimmed : `${trimmed.slice(0, limit).trimEnd()}…`;
}
