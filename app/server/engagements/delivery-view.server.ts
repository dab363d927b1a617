import { deliveryItemDecisions, files, type DeliveryItem, type DeliveryOutline } from "~db/schema";
import {
  activeItem,
  engagementStatus,
  isItemComplete,
  isItemOverdue,
  planDetailsVisibleToBusiness,
  sortedItems,
} from "~/lib/engagements/engagement-state";
import type { DeliveryItemFile, DeliveryItemView, DeliveryOutlineView } from "~/lib/engagements/engagement-view";
import { storedFileName } from "~/lib/files/listed-file";
import { acceptsAutomaticallyAt } from "~/lib/engagements/review-deadlines";
import type { DisputeView } from "~/lib/engagements/disputes";

/**
 * The ONE mapping of delivery rows to the engagement API's shapes (DeliveryItemView,
 * DeliveryOutlineView), used by the business's views (engagement-views.server.ts) and the
 * deliveries (deliveries.server.ts). Pure: the callers read the rows in their own batches.
 */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A stored file of an item, as the views list it. */
export type ItemFileRow = {
  deliveryItemId: string | null;
  r2Key: string;
  originalName: string;
  sizeBytes: number;
  createdAt: Date;
};

/** The select of ItemFileRow (files joined or filtered by their delivery item). */
export const itemFileColumns = {
  deliveryItemId: files.deliveryItemId,
  r2Key: files.r2Key,
  originalName: files.originalName,
  sizeBytes: files.sizeBytes,
  createdAt: files.createdAt,
};

/** A decision on an item (its notes, what it was, when); the callers read them newest first. */
export type DecisionNoteRow = {
  itemId: string;
  businessNotes: string;
  decision: "approved" | "revision";
  /** Made by the daily run, not a member (docs/decisions/078). */
  automatic: boolean;
  createdAt: Date;
};

/** The select of DecisionNoteRow (read newest first: createdAt desc, id desc). */
export const decisionNoteColumns = {
  itemId: deliveryItemDecisions.itemId,
  businessNotes: deliveryItemDecisions.businessNotes,
  decision: deliveryItemDecisions.decision,
  automatic: deliveryItemDecisions.automatic,
  createdAt: deliveryItemDecisions.createdAt,
};

/**
 * A stored file as a download link the business can follow (its own business's file), with the
 * delivery it came with: files are uploaded when the consultant confirms a delivery, so a file
 * uploaded after the business's n-th revision request of the item came with delivery n + 1.
 */
export function itemFile(row: ItemFileRow, decisions: readonly DecisionNoteRow[] = []): DeliveryItemFile {
  const fileName = storedFileName(row.r2Key);
  const uploaded = row.createdAt.getTime();
  const revisionsBefore = decisions.filter(
    (decision) =>
      decision.itemId === row.deliveryItemId &&
      decision.decision === "revision" &&
      decision.createdAt.getTime() <= uploaded,
  ).length;
  return {
    fileName,
    originalName: row.originalName,
    size: row.sizeBytes,
    url: `/api/file-handling/get-file/${encodeURIComponent(fileName)}`,
    round: revisionsBefore + 1,
    uploadedAt: row.createdAt.toISOString(),
  };
}

/**
 * One item as the API answers it. `notes` are decisions newest first: the item's first is its
 * latest. `overdue` needs the outline's state and today (todayAnywhereOnEarth); without them, false.
 */
export function itemView(
  item: DeliveryItem & { refunded?: boolean; dispute?: DisputeView | null },
  fileRows: readonly ItemFileRow[],
  notes: readonly DecisionNoteRow[],
  schedule: { outline: Pick<DeliveryOutline, "state" | "complete" | "kind">; today: string } | null = null,
): DeliveryItemView {
  const latest = notes.find((note) => note.itemId === item.id);
  const automatic = item.status === "approved" && latest?.decision === "approved" && latest.automatic;
  // A coaching month is settled by its sessions, never reviewed (docs/decisions/085).
  const bySessions = automatic && schedule?.outline.kind === "coaching";
  return {
    _id: item.id,
    deliveryItemId: item.id,
    position: item.position,
    // Extra hours bought for a month are reviewed as part of it (docs/decisions/084).
    month: item.periodStart !== null || item.extraForItemId !== null,
    extraForItemId: item.extraForItemId,
    title: item.title,
    description: item.description,
    deliveryDate: item.deliveryDate,
    overdue: schedule !== null && isItemOverdue(item, schedule.outline, schedule.today),
    price: item.priceCents / 100,
    priceCents: item.priceCents,
    status: item.status,
    paid: item.paidPurchaseId !== null,
    consultantConfirmedDelivery: item.consultantConfirmedDelivery,
    summaryOfWork: item.summaryOfWork,
    businessDeliveryReview: item.businessDeliveryReview,
    businessNotes: latest && latest.businessNotes !== "" ? latest.businessNotes : null,
    businessId: item.businessId,
    files: fileRows.filter((row) => row.deliveryItemId === item.id).map((row) => itemFile(row, notes)),
    completedAt: iso(item.completedAt),
    refunded: item.refunded === true,
    acceptsAutomaticallyAt: iso(acceptsAutomaticallyAt(item)),
    acceptedAutomatically: automatic && !bySessions,
    settledBySessions: bySessions,
    revisions: notes.filter((note) => note.itemId === item.id && note.decision === "revision").length,
    dispute: item.dispute ?? null,
  };
}

/**
 * The outline as the business sees it (spec §3 Delivery outline): while a changed plan waits for
 * the manager (planDetailsVisibleToBusiness false), only the items already paid for are listed.
 */
export function outlineView(
  outline: DeliveryOutline,
  items: readonly (DeliveryItem & { refunded?: boolean; dispute?: DisputeView | null })[],
  fileRows: readonly ItemFileRow[],
  notes: readonly DecisionNoteRow[],
  today: string,
): DeliveryOutlineView {
  const ordered = sortedItems(items);
  const shown = planDetailsVisibleToBusiness(outline)
    ? ordered
    : ordered.filter((item) => item.paidPurchaseId !== null);
  const views = shown.map((item) => itemView(item, fileRows, notes, { outline, today }));
  const current = activeItem(ordered);
  return {
    _id: outline.id,
    kind: outline.kind,
    endsOn: outline.endsOn,
    matchRequestId: outline.matchRequestId,
    title: outline.title,
    overview: outline.overview,
    version: outline.version,
    signedVersion: outline.signedVersion,
    state: outline.state,
    complete: outline.complete,
    status: engagementStatus(outline, items),
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
