import { files, type DeliveryItem, type DeliveryOutline } from "~db/schema";
import {
  activeItem,
  engagementStatus,
  isItemComplete,
  planDetailsVisibleToBusiness,
  sortedItems,
} from "~/lib/engagements/engagement-state";
import type { DeliveryItemFile, DeliveryItemView, DeliveryOutlineView } from "~/lib/engagements/engagement-view";
import { storedFileName } from "~/lib/files/listed-file";

/**
 * The ONE mapping of delivery rows to the engagement API's shapes (DeliveryItemView,
 * DeliveryOutlineView), used by the business's views (engagement-views.server.ts) and the
 * deliveries (deliveries.server.ts). Pure: the callers read the rows in their own batches.
 */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A stored file of an item, as the views list it. */
export type ItemFileRow = { deliveryItemId: string | null; r2Key: string; originalName: string; sizeBytes: number };

/** The select of ItemFileRow (files joined or filtered by their delivery item). */
export const itemFileColumns = {
  deliveryItemId: files.deliveryItemId,
  r2Key: files.r2Key,
  originalName: files.originalName,
  sizeBytes: files.sizeBytes,
};

/** A decision's notes on an item; the callers read them newest first. */
export type DecisionNoteRow = { itemId: string; businessNotes: string };

/** A stored file as a download link the business can follow (its own business's file). */
export function itemFile(row: ItemFileRow): DeliveryItemFile {
  const fileName = storedFileName(row.r2Key);
  return {
    fileName,
    originalName: row.originalName,
    size: row.sizeBytes,
    url: `/api/file-handling/get-file/${encodeURIComponent(fileName)}`,
  };
}

/** One item as the API answers it. `notes` are decisions newest first: the item's first is its latest. */
export function itemView(
  item: DeliveryItem & { refunded?: boolean },
  fileRows: readonly ItemFileRow[],
  notes: readonly DecisionNoteRow[],
): DeliveryItemView {
  const latest = notes.find((note) => note.itemId === item.id);
  return {
    _id: item.id,
    deliveryItemId: item.id,
    position: item.position,
    title: item.title,
    description: item.description,
    deliveryDate: item.deliveryDate,
    price: item.priceCents / 100,
    priceCents: item.priceCents,
    status: item.status,
    paid: item.paidPurchaseId !== null,
    consultantConfirmedDelivery: item.consultantConfirmedDelivery,
    summaryOfWork: item.summaryOfWork,
    businessDeliveryReview: item.businessDeliveryReview,
    businessNotes: latest && latest.businessNotes !== "" ? latest.businessNotes : null,
    businessId: item.businessId,
    files: fileRows.filter((row) => row.deliveryItemId === item.id).map(itemFile),
    completedAt: iso(item.completedAt),
    refunded: item.refunded === true,
  };
}

/**
 * The outline as the business sees it (spec §3 Delivery outline): while a changed plan waits for
 * the manager (planDetailsVisibleToBusiness false), only the items already paid for are listed.
 */
export function outlineView(
  outline: DeliveryOutline,
  items: readonly (DeliveryItem & { refunded?: boolean })[],
  fileRows: readonly ItemFileRow[],
  notes: readonly DecisionNoteRow[],
): DeliveryOutlineView {
  const ordered = sortedItems(items);
  const shown = planDetailsVisibleToBusiness(outline)
    ? ordered
    : ordered.filter((item) => item.paidPurchaseId !== null);
  const views = shown.map((item) => itemView(item, fileRows, notes));
  const current = activeItem(ordered);
  return {
    _id: outline.id,
    matchRequestId: outline.matchRequestId,
    title: outline.title,
    overview: outline.overview,
    version: outline.version,
    signedVersion: outline.signedVersion,
    state: outline.state,
    complete: outline.complete,
    status: engagementStatus(outline),
    egmReview: { status: outline.egmReviewStatus },
    businessReview: { status: outline.businessReviewStatus, notes: outline.businessNotes },
    incompleteItems: views.filter((item) => !isItemComplete(item)),
    completedItems: views.filter((item) => isItemComplete(item)),
    activeItem: current
      ? { deliveryItemId: current.id, consultantConfirmedDelivery: current.consultantConfirmedDelivery }
      : null,
    businessSignature: outline.businessSignature,
    businessSignatureDate: outline.businessSignatureDate,
    createdAt: outline.createdAt.toISOString(),
    startedAt: iso(outline.startedAt),
    pausedAt: iso(outline.pausedAt),
  };
}
