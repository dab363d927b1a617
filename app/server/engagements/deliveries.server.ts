import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  coachingSessions,
  deliveryItemDecisions,
  deliveryItems,
  deliveryOutlines,
  files,
  timeEntries,
} from "~db/schema";
import { cancelRuleLabel, type CoachingMonthView } from "~/lib/engagements/coaching";
import { coachingMonthView, sessionRowsQuery } from "./coaching-sessions.server";
import {
  hourlyRateCents,
  monthLogView,
  monthTakesExtraHours,
  monthTakesTime,
  type MonthLogView,
} from "~/lib/engagements/retainer-months";
import { formatMoney } from "~/lib/shared/numbers";
import { extraHoursRequestsQuery, monthExtras } from "./extra-hours.server";
import { DELIVERY_OUT_OF_TURN, DELIVERY_TOO_MANY_FILES, ITEM_NOT_FOUND } from "~/lib/engagements/engagement-copy";
import { DELIVERY_REFUNDED } from "~/lib/payouts/transfer-copy";
import { canConsultantDeliver, latestDayOnEarth, todayAnywhereOnEarth } from "~/lib/engagements/engagement-state";
import type { DeliveryItemView, DeliveryOutlineView } from "~/lib/engagements/engagement-view";
import { storeFilesFor, removeBusinessFile } from "~/server/files/files.server";
import { linkFiles } from "~/server/files/file-rows.server";
import type { AppContext } from "~/server/load-context";
import { autoAcceptanceAt } from "~/lib/engagements/review-deadlines";
import { threadOfMatchPath } from "~/lib/conversations/thread-copy";
import { consultantDeliveryPath } from "~/lib/engagements/engagement-paths";
import { notifyDeliverable } from "./deliverable-notices.server";
import { decisionNoteColumns, itemFileColumns, itemView, outlineView } from "./delivery-view.server";
import { itemColumnsWithRefundAndDispute, itemRefundedColumn, refundStarted } from "./item-refunds.server";

/**
 * Deliveries: the outline as the business reads it after a change (the API's answer), and the
 * consultant's confirmation of a delivery (summary of work and files).
 */

/** The queries of the business's outline and its items, each with `refunded` (for one db.batch). */
export function ownOutlineQueries(app: AppContext, businessId: string, outlineId: string) {
  return [
    app.db
      .select()
      .from(deliveryOutlines)
      .where(and(eq(deliveryOutlines.id, outlineId), eq(deliveryOutlines.businessId, businessId))),
    app.db
      .select(itemColumnsWithRefundAndDispute())
      .from(deliveryItems)
      .where(and(eq(deliveryItems.outlineId, outlineId), eq(deliveryItems.businessId, businessId))),
  ] as const;
}

/** The queries of an outline's items' files and decision notes (for one db.batch). */
function itemExtras(app: AppContext, outlineId: string) {
  return [
    app.db
      .select(itemFileColumns)
      .from(files)
      .innerJoin(deliveryItems, eq(deliveryItems.id, files.deliveryItemId))
      .where(and(eq(deliveryItems.outlineId, outlineId), eq(files.businessId, deliveryItems.businessId)))
      .orderBy(files.createdAt, files.id),
    app.db
      .select(decisionNoteColumns)
      .from(deliveryItemDecisions)
      .where(eq(deliveryItemDecisions.outlineId, outlineId))
      .orderBy(desc(deliveryItemDecisions.createdAt), desc(deliveryItemDecisions.id)),
  ] as const;
}

/** The business's outline as the API answers it, in one db.batch; null when it is not the business's. */
export async function loadOutlineView(
  app: AppContext,
  businessId: string,
  outlineId: string,
): Promise<DeliveryOutlineView | null> {
  const [fileQuery, noteQuery] = itemExtras(app, outlineId);
  const [outlineQuery, itemQuery] = ownOutlineQueries(app, businessId, outlineId);
  const [outlines, items, fileRows, notes] = await app.db.batch([outlineQuery, itemQuery, fileQuery, noteQuery]);
  const outline = outlines[0];
  if (!outline) return null;
  return outlineView(outline, items, fileRows, notes, todayAnywhereOnEarth(app.now()));
}

// ---------------------------------------------------------------------------------------------
// The consultant's delivery
// ---------------------------------------------------------------------------------------------

export type DeliveryPage = {
  outline: { id: string; title: string; businessName: string; complete: boolean };
  item: DeliveryItemView;
  /** The engagement's conversation with the business (where a dispute is answered, docs/decisions/079). */
  conversationPath: string;
  /** The business's notes of the latest revision request, when the item is being reworked. */
  revisionNotes: string | null;
  /** What the business wrote when it approved the item (null: approved without a note, or not approved). */
  approvalNotes: string | null;
  canDeliver: boolean;
  /** The manager refunded the item's payment: it will not be delivered (issue #18). */
  refunded: boolean;
  /** Extra hours bought for a retainer's month (docs/decisions/084): the month's page. */
  extraFor: string | null;
  /** A coaching month (docs/decisions/085): its sessions, and whether one can be proposed now. */
  coaching: (CoachingMonthView & { sessionMinutes: number; cancelRule: string }) | null;
  /** A retainer's month (docs/decisions/082): its time log, and whether time can be logged now. */
  month: (MonthLogView & { canLog: boolean; canAskHours: boolean; latestDay: string; rate: string }) | null;
};

/**
 * The consultant's page of one item of an outline they are the consultant of; null for anything
 * else (another consultant's, unknown ids, an item of another outline). One db.batch.
 */
export async function loadDeliveryPage(
  app: AppContext,
  consultantId: string,
  outlineId: string,
  itemId: string,
): Promise<DeliveryPage | null> {
  // Separate reads in one batch: D1's batch answers rows as objects, so two columns of the same
  // name in one joined select would overwrite each other.
  const [outlines, itemRows, fileRows, notes, entries, requests, extraItems, sessions] = await app.db.batch([
    app.db
      .select({
        title: deliveryOutlines.title,
        kind: deliveryOutlines.kind,
        monthlySessions: deliveryOutlines.monthlySessions,
        sessionMinutes: deliveryOutlines.sessionMinutes,
        cancelNoticeHours: deliveryOutlines.cancelNoticeHours,
        monthlyBudgetMinutes: deliveryOutlines.monthlyBudgetMinutes,
        monthlyFeeCents: deliveryOutlines.monthlyFeeCents,
        complete: deliveryOutlines.complete,
        state: deliveryOutlines.state,
        matchRequestId: deliveryOutlines.matchRequestId,
        businessName: sql<string>`(SELECT name FROM businesses WHERE id = ${deliveryOutlines.businessId})`.as(
          "business_name",
        ),
      })
      .from(deliveryOutlines)
      .where(and(eq(deliveryOutlines.id, outlineId), eq(deliveryOutlines.consultantId, consultantId))),
    app.db
      .select(itemColumnsWithRefundAndDispute())
      .from(deliveryItems)
      .where(and(eq(deliveryItems.id, itemId), eq(deliveryItems.outlineId, outlineId))),
    app.db
      .select(itemFileColumns)
      .from(files)
      .where(eq(files.deliveryItemId, itemId))
      .orderBy(files.createdAt, files.id),
    app.db
      .select(decisionNoteColumns)
      .from(deliveryItemDecisions)
      .where(eq(deliveryItemDecisions.itemId, itemId))
      .orderBy(desc(deliveryItemDecisions.createdAt), desc(deliveryItemDecisions.id)),
    app.db
      .select({
        id: timeEntries.id,
        workDate: timeEntries.workDate,
        minutes: timeEntries.minutes,
        description: timeEntries.description,
      })
      .from(timeEntries)
      .where(and(eq(timeEntries.itemId, itemId), eq(timeEntries.outlineId, outlineId))),
    // A month's requests for extra hours and the hours bought (docs/decisions/084).
    extraHoursRequestsQuery(app, { outlineId }),
    app.db
      .select({
        id: deliveryItems.id,
        paidPurchaseId: deliveryItems.paidPurchaseId,
        refunded: refundStarted(deliveryItems.id).mapWith(Boolean),
      })
      .from(deliveryItems)
      .where(and(eq(deliveryItems.extraForItemId, itemId), eq(deliveryItems.outlineId, outlineId))),
    // A coaching month's sessions (docs/decisions/085).
    sessionRowsQuery(app, and(eq(coachingSessions.itemId, itemId), eq(coachingSessions.outlineId, outlineId))),
  ]);
  const outline = outlines[0];
  const item = itemRows[0];
  if (!outline || !item) return null;
  // Files are the business's: only those under the item's own business count.
  const own = fileRows.filter((file) => file.r2Key.startsWith(`biz/${item.businessId}/`));
  const latest = notes[0];
  return {
    outline: {
      id: outlineId,
      title: outline.title,
      businessName: outline.businessName ?? "",
      complete: outline.complete,
    },
    item: itemView(item, own, notes, { outline, today: todayAnywhereOnEarth(app.now()) }),
    conversationPath: threadOfMatchPath("consultant", outline.matchRequestId, consultantId),
    revisionNotes:
      item.status === "revision" && latest?.decision === "revision" && latest.businessNotes !== ""
        ? latest.businessNotes
        : null,
    approvalNotes:
      item.status === "approved" && latest?.decision === "approved" && latest.businessNotes !== ""
        ? latest.businessNotes
        : null,
    // A month is delivered by the daily run at its end; the consultant delivers it again after a correction.
    canDeliver: !outline.complete && canConsultantDeliver(item),
    refunded: item.refunded,
    extraFor: item.extraForItemId ? consultantDeliveryPath(outlineId, item.extraForItemId) : null,
    coaching:
      outline.kind === "coaching" && item.periodStart !== null
        ? {
            ...coachingMonthView(outline, item, sessions, "consultant", app.now()),
            sessionMinutes: outline.sessionMinutes ?? 60,
            cancelRule: cancelRuleLabel(outline.cancelNoticeHours ?? 0),
          }
        : null,
    month:
      outline.kind === "retainer" && item.periodStart !== null && item.periodEnd !== null
        ? {
            ...monthLogView(
              outline.monthlyBudgetMinutes ?? 0,
              { periodStart: item.periodStart, periodEnd: item.periodEnd },
              entries,
              monthExtras(item, extraItems, requests, todayAnywhereOnEarth(app.now())),
            ),
            canLog: !outline.complete && monthTakesTime(item),
            // Extra hours: only within the month's own days (docs/decisions/084).
            canAskHours: !outline.complete && monthTakesExtraHours(item, todayAnywhereOnEarth(app.now())),
            rate: formatMoney(hourlyRateCents(outline.monthlyFeeCents ?? 0, outline.monthlyBudgetMinutes ?? 0)),
            // The form's last day: the month's, or today where the consultant may be (up to UTC+14).
            latestDay: minDate(item.periodEnd, latestDayOnEarth(app.now())),
          }
        : null,
  };
}

const minDate = (a: string, b: string) => (a < b ? a : b);

export const MAX_DELIVERY_FILES = 10;

export type DeliveryResult =
  | { ok: true }
  | { ok: false; status: 404 | 409; msg: string }
  | { ok: false; status: 400; msg: string; field: "files" };

/**
 * The consultant confirms delivery of a paid item they work on (active, or in revision): the
 * files are stored for the business (unlinked), then ONE db.batch links them and moves the item to
 * delivered with the summary and a pending review, both conditional on the item still waiting for
 * delivery, so a double submission or a race delivers once (the loser's files are removed again).
 * Then the business is told (item_delivered).
 */
export async function confirmDelivery(
  app: AppContext,
  consultantId: string,
  input: { outlineId: string; itemId: string; summaryOfWork: string; files: File[] },
  origin: string,
): Promise<DeliveryResult> {
  const [row] = await app.db
    .select({ item: deliveryItems, complete: deliveryOutlines.complete, refunded: itemRefundedColumn() })
    .from(deliveryItems)
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .where(
      and(
        eq(deliveryItems.id, input.itemId),
        eq(deliveryOutlines.id, input.outlineId),
        eq(deliveryOutlines.consultantId, consultantId),
      ),
    );
  if (!row) return { ok: false, status: 404, msg: ITEM_NOT_FOUND };
  const item = row.item;
  // A refunded item is never delivered (and nothing is stored or written for it).
  if (row.refunded) return { ok: false, status: 409, msg: DELIVERY_REFUNDED };
  // A retainer's month is delivered by the daily run at its end; the consultant delivers it again
  // only after the business asked for a correction (docs/decisions/082).
  if (row.complete || !canConsultantDeliver(item)) {
    return { ok: false, status: 409, msg: DELIVERY_OUT_OF_TURN };
  }
  if (input.files.length > MAX_DELIVERY_FILES) {
    return { ok: false, status: 400, msg: DELIVERY_TOO_MANY_FILES, field: "files" };
  }

  let keys: string[] = [];
  if (input.files.length > 0) {
    const stored = await storeFilesFor(
      app,
      { businessId: item.businessId, userId: consultantId },
      { files: input.files, purpose: "delivery_item" },
    );
    if (!stored.ok) return { ok: false, status: 400, msg: stored.msg, field: "files" };
    keys = stored.files.map((file) => `biz/${item.businessId}/${file.fileName}`);
  }

  const now = app.now();
  const deliverable = and(
    eq(deliveryItems.id, item.id),
    inArray(deliveryItems.status, ["active", "revision"]),
    isNotNull(deliveryItems.paidPurchaseId),
    // A refund started meanwhile stops the delivery too (its files are removed again below).
    sql`NOT ${refundStarted(deliveryItems.id)}`,
  );
  const stillDeliverable = app.db.select({ id: deliveryItems.id }).from(deliveryItems).where(deliverable);
  const update = app.db
    .update(deliveryItems)
    .set({
      status: "delivered",
      consultantConfirmedDelivery: true,
      consultantConfirmedAt: now,
      summaryOfWork: input.summaryOfWork,
      businessDeliveryReview: "pending",
      updatedAt: now,
    })
    .where(deliverable)
    .returning({ id: deliveryItems.id });
  const results =
    keys.length > 0
      ? await app.db.batch([
          linkFiles(app.db, item.businessId, keys, { deliveryItemId: item.id }, sql`EXISTS ${stillDeliverable}`),
          update,
        ])
      : [null, await update];
  const delivered = results[1] as { id: string }[];
  if (delivered.length === 0) {
    for (const key of keys) await removeBusinessFile(app, item.businessId, key.slice(key.lastIndexOf("/") + 1));
    return { ok: false, status: 409, msg: DELIVERY_OUT_OF_TURN };
  }
  await notifyDeliverable(app, origin, item.id, ["item_delivered"], { acceptsAt: autoAcceptanceAt(now) });
  return { ok: true };
}
