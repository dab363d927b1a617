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

export type DeliveryItemFile = { fileName: string; originalName: string; size: number; url: string };

export type DeliveryItemView = {
  _id: string;
  deliveryItemId: string;
  position: number;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  deliveryDate: string;
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
};

export type DeliveryOutlineView = {
  _id: string;
  matchRequestId: string;
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

export const ITEM_TITLE_PREVIEW = 15;
export const ITEM_DESCRIPTION_PREVIEW = 100;

/** The first `limit` characters, with "…" when cut (spec §9 previews: title 15, description 100). */
export function preview(text: string, limit: number): string {
  const trimmed = text.trim();
  return trimmed.length <= limit ? trimmed : `${trimmed.slice(0, limit).trimEnd()}…`;
}
