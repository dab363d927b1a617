// Fractional retainers (issue #41, docs/decisions/082): a monthly fee for an hours budget, each
// month a phase of the engagement (a `delivery_items` row with its period) billed in advance on its
// first day from the card on file, its time logged by the consultant, delivered at its end with
// the hours logged and then confirmed by the business (or accepted on day 14, ADR 078), which
// releases the consultant's share. Either side ends it with the signed notice.
//
// The daily run makes every step exactly once with no transactions: a month is opened by an insert
// its unique index (outline, period start) lets through once; its charge is the card on file's
// (claims and Idempotency-Keys, card-charges.server.ts); its delivery a conditional update.
import { billedMonthly } from "~/lib/engagements/coaching";
import { columnValue } from "~db/column-value";
import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import {
  businesses,
  deliveryItems,
  deliveryOutlines,
  extraHoursRequests,
  matchRequests,
  purchases,
  timeEntries,
  type DeliveryOutline,
  type NewDeliveryItem,
  type TimeEntry,
} from "~db/schema";
import {
  latestDayOnEarth,
  nextItemToPrepay,
  signedForCurrentVersion,
  todayAnywhereOnEarth,
} from "~/lib/engagements/engagement-state";
import { autoAcceptanceAt } from "~/lib/engagements/review-deadlines";
import {
  extraHoursSummary,
  hourlyRateCents,
  monthIndexOn,
  monthLogView,
  monthSummary,
  retainerTermsLabel,
  type MonthLogView,
  monthTakesTime,
  noticeEndsOn,
  retainerMonth,
  retainerMonthTitle,
} from "~/lib/engagements/retainer-months";
import {
  NOTICE_ALREADY_GIVEN,
  NOTICE_NOT_A_RETAINER,
  NOTICE_TELL_ACTION,
  NOTICE_TELL_BUSINESS,
  NOTICE_TELL_CONSULTANT,
  NOTICE_TELL_FOOTER,
  NOTICE_TELL_MANAGER,
  NOTICE_TELL_TITLE,
  noticeLabel,
  type NoticeOf,
  TIME_ENTRY_MONTH_CLOSED,
  TIME_ENTRY_NOT_FOUND,
  TIME_ENTRY_OUTSIDE_MONTH,
} from "~/lib/engagements/retainer-copy";
import type { TimeEntryInput } from "~/lib/engagements/retainer-schemas";
import { utcToday } from "~/lib/engagements/plan-stage";
import type { RetainerNotice, RetainerView } from "~/lib/engagements/engagement-display";
import { formatDate } from "~/lib/shared/dates";
import { auditAfterChange, type AuditActor } from "~/server/audit/audit.server";
import type { AppContext } from "~/server/load-context";
import { chargeDueMonth } from "~/server/payments/card-charges.server";
import { configuredOrigin, storedOriginQuery } from "~/server/platform/app-origin.server";
import { notifyDeliverable } from "./deliverable-notices.server";
import { membersWhoMayColumn } from "~/server/business/members.server";
import { notify, noticesTo, type Notice } from "~/server/notifications/notify.server";
import {
  businessEngagementPath,
  consultantEngagementPath,
  managerEngagementPath,
} from "~/lib/engagements/engagement-paths";
import { refundStarted } from "./item-refunds.server";
import { monthExtras, type ExtraHoursRow } from "./extra-hours.server";
import { confirmSilentSessions, settleCoachingMonths } from "./coaching.server";
import { coachingMonthView, type SessionRow } from "./coaching-sessions.server";
import { cancelRuleLabel, coachingTermsLabel } from "~/lib/engagements/coaching";
import { threadOfMatchPath } from "~/lib/conversations/thread-copy";
import { formatMoney } from "~/lib/shared/numbers";

/** How many retainers one page of the daily run reads. */
const PAGE = 100;
/** D1 binds at most 100 parameters a statement: ids are read in lists of this many. */
const IDS_PER_READ = 80;

type RetainerTerms = Pick<DeliveryOutline, "id" | "businessId" | "monthlyFeeCents" | "retainerStartDate">;

/** The row of a retainer's month `index` (its position), to insert: priced at the monthly fee. */
export function retainerMonthRow(outline: RetainerTerms, index: number, now: Date): NewDeliveryItem | null {
  if (!outline.retainerStartDate || outline.monthlyFeeCents === null) return null;
  const month = retainerMonth(outline.retainerStartDate, index);
  return {
    id: crypto.randomUUID(),
    outlineId: outline.id,
    businessId: outline.businessId,
    position: index,
    title: retainerMonthTitle(month),
    description: "",
    deliveryDate: month.end,
    priceCents: outline.monthlyFeeCents,
    status: "upcoming",
    periodStart: month.start,
    periodEnd: month.end,
    createdAt: now,
    updatedAt: now,
  };
}

const monthColumns = {
  id: deliveryItems.id,
  outlineId: deliveryItems.outlineId,
  businessId: deliveryItems.businessId,
  position: deliveryItems.position,
  status: deliveryItems.status,
  paidPurchaseId: deliveryItems.paidPurchaseId,
  consultantConfirmedDelivery: deliveryItems.consultantConfirmedDelivery,
  businessDeliveryReview: deliveryItems.businessDeliveryReview,
  periodStart: deliveryItems.periodStart,
  periodEnd: deliveryItems.periodEnd,
  extraForItemId: deliveryItems.extraForItemId,
  refunded: refundStarted(deliveryItems.id).mapWith(Boolean),
};

type MonthRow = {
  id: string;
  outlineId: string;
  businessId: string;
  position: number;
  status: (typeof deliveryItems.$inferSelect)["status"];
  paidPurchaseId: string | null;
  consultantConfirmedDelivery: boolean;
  businessDeliveryReview: (typeof deliveryItems.$inferSelect)["businessDeliveryReview"];
  periodStart: string | null;
  periodEnd: string | null;
  extraForItemId: string | null;
  refunded: boolean;
};

export type RetainerRun = { opened: number; delivered: number; charged: number; declined: number };

/**
 * The daily run over every running retainer (signed, not complete): months whose period ended are
 * delivered with their hours, the month that started today is opened (never while an earlier one is
 * unpaid: no work starts unpaid) unless the notice ended the retainer before it, and the first
 * unpaid month whose day came is charged to the card on file. A failure on one retainer is logged
 * and the others go on; the next run tries again.
 */
export async function runRetainers(app: AppContext, pageSize = PAGE): Promise<RetainerRun> {
  const run: RetainerRun = { opened: 0, delivered: 0, charged: 0, declined: 0 };
  // Coaching sessions nobody answered within their days are confirmed first, so their months settle today.
  await confirmSilentSessions(app).catch((error: unknown) => {
    console.error("The daily confirmation of coaching sessions failed:", error);
  });
  const today = utcToday(app.now());
  const origin = configuredOrigin(app) ?? (await storedOriginQuery(app))[0]?.origin ?? null;
  let after = "";
  for (;;) {
    // Written as literals so SQLite reads the partial index delivery_outlines_open_monthly_idx.
    const outlines = await app.db
      .select()
      .from(deliveryOutlines)
      .where(and(sql`kind IN ('retainer', 'coaching') AND complete = 0`, gt(deliveryOutlines.id, after)))
      .orderBy(asc(deliveryOutlines.id))
      .limit(pageSize);
    // Signed once: its paid months are delivered whatever a later version's state; months are
    // opened and charged only while the current version is signed (runRetainer).
    const running = outlines.filter((outline) => outline.signedVersion !== null && outline.retainerStartDate);
    const months = await monthsOf(
      app,
      running.map((outline) => outline.id),
    );
    for (const outline of running) {
      try {
        await runRetainer(
          app,
          outline,
          months.filter((month) => month.outlineId === outline.id),
          today,
          origin,
          run,
        );
      } catch (error) {
        console.error(`The daily run of retainer ${outline.id} failed:`, error);
      }
    }
    if (outlines.length < pageSize) break;
    after = outlines[outlines.length - 1]?.id ?? "";
  }
  return run;
}

async function monthsOf(app: AppContext, outlineIds: string[]): Promise<MonthRow[]> {
  const rows: MonthRow[] = [];
  for (let at = 0; at < outlineIds.length; at += IDS_PER_READ) {
    const ids = outlineIds.slice(at, at + IDS_PER_READ);
    rows.push(...(await app.db.select(monthColumns).from(deliveryItems).where(inArray(deliveryItems.outlineId, ids))));
  }
  return rows;
}

async function runRetainer(
  app: AppContext,
  outline: DeliveryOutline,
  months: MonthRow[],
  today: string,
  origin: string | null,
  run: RetainerRun,
) {
  if (outline.kind === "coaching") {
    // A coaching month is paid out when its sessions settle (docs/decisions/085).
    run.delivered += await settleCoachingMonths(app, outline, months, origin);
  } else {
    for (const month of months) {
      if (month.periodEnd !== null && month.periodEnd < today && (await deliverMonth(app, outline, month, origin))) {
        run.delivered += 1;
      }
    }
  }
  // A changed version waiting for the manager or the business's new signature opens and charges nothing.
  if (outline.state !== "active" || !signedForCurrentVersion(outline)) return;
  const opened = await openStartedMonth(app, outline, months, today);
  if (opened) run.opened += 1;
  const all = opened ? [...months, opened] : months;
  const due = nextItemToPrepay(outline, all);
  if (!due || due.periodStart === null || due.periodStart > today) return;
  // A month charged before and declined until Stripe gave up (its invoice voided or uncollectible)
  // is left to the business's Prepay: the run never tries the card again on its own.
  if (await declinedBefore(app, outline.businessId, due.id)) return;
  const charged = await chargeDueMonth(app, outline.businessId, { itemId: due.id, outlineId: outline.id }, origin);
  if (charged?.ok) run.charged += 1;
  else if (charged && charged.status === 402) run.declined += 1;
}

/**
 * The month under way today, when every earlier month is paid and the notice does not end the
 * retainer before it: inserted once (the unique index of periods).
 */
async function openStartedMonth(
  app: AppContext,
  outline: DeliveryOutline,
  months: MonthRow[],
  today: string,
): Promise<MonthRow | null> {
  const start = outline.retainerStartDate;
  if (!start) return null;
  // (Extra hours left unpaid do not hold a month up: docs/decisions/084.)
  if (months.some((month) => month.paidPurchaseId === null && !month.refunded && month.extraForItemId === null)) {
    return null;
  }
  // Only the month under way: a month that passed while an earlier one was unpaid is not billed
  // afterwards (no work was done in it).
  const index = monthIndexOn(start, today);
  const last = months.reduce((latest, month) => Math.max(latest, month.position), -1);
  if (index <= last) return null;
  const row = retainerMonthRow(outline, index, app.now());
  if (!row?.periodStart || (outline.endsOn !== null && row.periodStart > outline.endsOn)) return null;
  const [inserted] = await app.db.insert(deliveryItems).values(row).onConflictDoNothing().returning(monthColumns);
  return inserted ?? null;
}

/**
 * A paid month whose period ended is delivered with the hours logged (the summary the business
 * reviews), which starts ADR 078's clock; the consultant and the business are told. Extra hours
 * bought for it (docs/decisions/084) are delivered with it, each on its own. False when it was
 * delivered before, is not paid, or a refund started.
 */
async function deliverMonth(
  app: AppContext,
  outline: DeliveryOutline,
  month: MonthRow,
  origin: string | null,
): Promise<boolean> {
  if (month.status !== "active" || month.consultantConfirmedDelivery || month.refunded || !month.paidPurchaseId) {
    return false;
  }
  const now = app.now();
  const monthId = month.extraForItemId ?? month.id;
  const loggedMinutes = sql<number>`coalesce((SELECT sum(${timeEntries.minutes}) FROM ${timeEntries} WHERE ${timeEntries.itemId} = ${monthId}), 0)`;
  // Summed, then delivered only while the sum is still that: an entry logged in between (the
  // month is open until this update) makes it sum again, so the summary counts every entry.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // The month's log, the extra hours bought for it, and an extra item's own hours.
    const [hours] = await app.db
      .select({
        logged: loggedMinutes,
        bought: sql<number>`coalesce((SELECT sum(r.minutes) FROM ${extraHoursRequests} r JOIN ${deliveryItems} x ON x.id = r.extra_item_id WHERE r.item_id = ${monthId} AND r.status = 'approved' AND x.paid_purchase_id IS NOT NULL AND NOT ${refundStarted(sql`x.id`)}), 0)`,
        own: sql<number | null>`(SELECT minutes FROM ${extraHoursRequests} WHERE extra_item_id = ${month.id})`,
        status: deliveryItems.status,
        delivered: deliveryItems.consultantConfirmedDelivery,
      })
      .from(deliveryItems)
      .where(eq(deliveryItems.id, month.id));
    if (!hours || hours.status !== "active" || hours.delivered) return false;
    const logged = Number(hours.logged);
    const summary = monthSummary(outline.monthlyBudgetMinutes ?? 0, logged, Number(hours.bought));
    const [delivered] = await app.db
      .update(deliveryItems)
      .set({
        status: "delivered",
        consultantConfirmedDelivery: true,
        consultantConfirmedAt: now,
        summaryOfWork: month.extraForItemId ? extraHoursSummary(Number(hours.own ?? 0), summary) : summary,
        businessDeliveryReview: "pending",
        updatedAt: now,
      })
      .where(
        and(
          eq(deliveryItems.id, month.id),
          eq(deliveryItems.status, "active"),
          eq(deliveryItems.consultantConfirmedDelivery, false),
          isNotNull(deliveryItems.paidPurchaseId),
          sql`NOT ${refundStarted(deliveryItems.id)}`,
          sql`${loggedMinutes} = ${logged}`,
        ),
      )
      .returning({ id: deliveryItems.id });
    if (delivered) {
      await notifyDeliverable(app, origin, month.id, ["item_delivered"], { acceptsAt: autoAcceptanceAt(now) });
      return true;
    }
  }
  return false;
}

/** Whether a charge of the month was declined and then closed (voided, uncollectible): not tried again by the run. */
async function declinedBefore(app: AppContext, businessId: string, itemId: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.businessId, businessId),
        eq(purchases.kind, "delivery_item"),
        eq(purchases.referenceId, itemId),
        inArray(purchases.status, ["canceled", "failed"]),
        isNotNull(purchases.declinedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// The time log
// ---------------------------------------------------------------------------------------------

export type TimeLogFailure = { ok: false; status: 404 | 409 | 400; msg: string; field?: "workDate" };

/** The consultant's month of their own retainer, with the outline's terms; null when not theirs. */
async function consultantMonth(app: AppContext, consultantId: string, itemId: string) {
  const [row] = await app.db
    .select({
      id: deliveryItems.id,
      outlineId: deliveryItems.outlineId,
      businessId: deliveryItems.businessId,
      status: deliveryItems.status,
      paidPurchaseId: deliveryItems.paidPurchaseId,
      periodStart: deliveryItems.periodStart,
      periodEnd: deliveryItems.periodEnd,
      refunded: refundStarted(deliveryItems.id).mapWith(Boolean),
    })
    .from(deliveryItems)
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .where(
      and(
        eq(deliveryItems.id, itemId),
        eq(deliveryOutlines.consultantId, consultantId),
        eq(deliveryOutlines.kind, "retainer"),
        isNotNull(deliveryItems.periodStart),
      ),
    );
  return row ?? null;
}

/**
 * The consultant logs time on a month of their retainer: a day of the month up to today, quarter
 * hours, what was done. Only while the month is paid and in progress, or sent back for a
 * correction: its log is what it is delivered with (404 for another consultant's month, which
 * changes nothing).
 */
export async function logTime(
  app: AppContext,
  consultantId: string,
  input: TimeEntryInput,
): Promise<{ ok: true; entry: TimeEntry } | TimeLogFailure> {
  const month = await consultantMonth(app, consultantId, input.itemId);
  if (!month) return { ok: false, status: 404, msg: TIME_ENTRY_NOT_FOUND };
  if (!monthTakesTime(month)) return { ok: false, status: 409, msg: TIME_ENTRY_MONTH_CLOSED };
  // The consultant's today may be ahead of UTC (up to UTC+14).
  const latest = latestDayOnEarth(app.now());
  if (
    month.periodStart === null ||
    month.periodEnd === null ||
    input.workDate < month.periodStart ||
    input.workDate > month.periodEnd ||
    input.workDate > latest
  ) {
    return { ok: false, status: 400, msg: TIME_ENTRY_OUTSIDE_MONTH, field: "workDate" };
  }
  const now = app.now();
  const entry: TimeEntry = {
    id: crypto.randomUUID(),
    itemId: month.id,
    outlineId: month.outlineId,
    businessId: month.businessId,
    consultantId,
    workDate: input.workDate,
    minutes: input.minutes,
    description: input.description,
    createdAt: now,
    updatedAt: now,
  };
  // Written only while the month still takes time (a delivery racing the form wins).
  const [inserted] = await app.db
    .insert(timeEntries)
    .select(
      app.db
        .select({
          id: columnValue(entry.id, "id"),
          itemId: columnValue(entry.itemId, "item_id"),
          outlineId: columnValue(entry.outlineId, "outline_id"),
          businessId: columnValue(entry.businessId, "business_id"),
          consultantId: columnValue(consultantId, "consultant_id"),
          workDate: columnValue(entry.workDate, "work_date"),
          minutes: columnValue(entry.minutes, "minutes"),
          description: columnValue(entry.description, "description"),
          createdAt: columnValue(now.getTime(), "created_at"),
          updatedAt: columnValue(now.getTime(), "updated_at"),
        })
        .from(deliveryItems)
        .where(and(eq(deliveryItems.id, month.id), inArray(deliveryItems.status, ["active", "revision"]))),
    )
    .returning();
  if (!inserted) return { ok: false, status: 409, msg: TIME_ENTRY_MONTH_CLOSED };
  return { ok: true, entry: inserted };
}

/** The consultant removes an entry of a month still in progress; 404 for another's entry. */
export async function removeTimeEntry(
  app: AppContext,
  consultantId: string,
  entryId: string,
  /** The month whose page it is removed from: an entry of another month is not found. */
  itemId: string,
): Promise<{ ok: true } | TimeLogFailure> {
  const [entry] = await app.db
    .select({ id: timeEntries.id, itemId: timeEntries.itemId })
    .from(timeEntries)
    .where(
      and(eq(timeEntries.id, entryId), eq(timeEntries.consultantId, consultantId), eq(timeEntries.itemId, itemId)),
    );
  const month = entry ? await consultantMonth(app, consultantId, entry.itemId) : null;
  if (!entry || !month) return { ok: false, status: 404, msg: TIME_ENTRY_NOT_FOUND };
  if (!monthTakesTime(month)) return { ok: false, status: 409, msg: TIME_ENTRY_MONTH_CLOSED };
  const removed = await app.db
    .delete(timeEntries)
    .where(
      and(
        eq(timeEntries.id, entry.id),
        sql`EXISTS (SELECT 1 FROM ${deliveryItems} WHERE ${deliveryItems.id} = ${month.id} AND ${deliveryItems.status} IN ('active', 'revision'))`,
      ),
    )
    .returning({ id: timeEntries.id });
  if (removed.length === 0) return { ok: false, status: 409, msg: TIME_ENTRY_MONTH_CLOSED };
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Notice
// ---------------------------------------------------------------------------------------------

/** Who gives notice: a member of the business or the retainer's consultant. */
export type NoticeGiver =
  { party: "business"; businessId: string; userId: string } | { party: "consultant"; consultantId: string };

/**
 * Either side ends the retainer with the signed notice: its last day becomes the end of the month
 * the notice period ends in (noticeEndsOn); no month is opened after it, and the engagement
 * completes when that month is confirmed. Once: a second notice (or a race) changes nothing.
 */
export async function giveNotice(
  app: AppContext,
  outlineId: string,
  giver: NoticeGiver,
  origin: string | null = null,
): Promise<{ ok: true; endsOn: string; kind: NoticeOf } | { ok: false; status: 404 | 409; msg: string }> {
  const own =
    giver.party === "business"
      ? eq(deliveryOutlines.businessId, giver.businessId)
      : eq(deliveryOutlines.consultantId, giver.consultantId);
  const [outline] = await app.db
    .select()
    .from(deliveryOutlines)
    .where(and(eq(deliveryOutlines.id, outlineId), own));
  if (!outline) return { ok: false, status: 404, msg: NOTICE_NOT_A_RETAINER };
  // On the terms last signed: a changed version waiting for a signature does not hold notice up.
  if (
    !billedMonthly(outline.kind) ||
    !outline.retainerStartDate ||
    outline.complete ||
    outline.signedVersion === null
  ) {
    return { ok: false, status: 409, msg: NOTICE_NOT_A_RETAINER };
  }
  if (outline.noticeGivenAt) return { ok: false, status: 409, msg: NOTICE_ALREADY_GIVEN };
  const now = app.now();
  const endsOn = noticeEndsOn(outline.retainerStartDate, outline.noticeMonths ?? 0, utcToday(now));
  const actor: AuditActor =
    giver.party === "business"
      ? { userId: giver.userId, kind: "client" }
      : { userId: giver.consultantId, kind: "consultant" };
  const [updated] = await app.db.batch([
    app.db
      .update(deliveryOutlines)
      .set({ noticeGivenAt: now, noticeGivenBy: giver.party, endsOn, updatedAt: now })
      .where(and(eq(deliveryOutlines.id, outline.id), sql`${deliveryOutlines.noticeGivenAt} IS NULL`))
      .returning({ id: deliveryOutlines.id }),
    auditAfterChange(app, {
      actor,
      action: "retainer.notice_given",
      businessId: outline.businessId,
      subject: { type: "engagement", id: outline.id },
      detail: { endsOn, by: giver.party },
    }),
  ]);
  if (updated.length === 0) return { ok: false, status: 409, msg: NOTICE_ALREADY_GIVEN };
  await tellOfNotice(app, outline, giver.party, endsOn, origin);
  return { ok: true, endsOn, kind: outline.kind === "coaching" ? "coaching" : "retainer" };
}

/**
 * The other side is told of the notice (in the app and by email: it ends the billing), and the
 * engagement's manager. A failure is logged: the notice stands, and both pages show it.
 */
async function tellOfNotice(
  app: AppContext,
  outline: DeliveryOutline,
  by: NoticeGiver["party"],
  endsOn: string,
  origin: string | null,
) {
  try {
    const [row] = await app.db
      .select({
        businessName: businesses.name,
        signerIds: membersWhoMayColumn(businesses.id, "sign", "signer_ids"),
        managerId: matchRequests.assignedManagerId,
      })
      .from(businesses)
      .innerJoin(matchRequests, eq(matchRequests.id, outline.matchRequestId))
      .where(eq(businesses.id, outline.businessId));
    if (!row) return;
    const last = formatDate(endsOn);
    const of: NoticeOf = outline.kind === "coaching" ? "coaching" : "retainer";
    const plan = outline.title || `the ${of}`;
    const base = { businessId: outline.businessId, kind: "retainer_notice_given" } as const;
    const notices: Notice[] =
      by === "business"
        ? noticesTo([outline.consultantId], {
            ...base,
            title: NOTICE_TELL_TITLE(of),
            body: NOTICE_TELL_CONSULTANT(row.businessName, plan, last, of),
            link: consultantEngagementPath(outline.id),
            action: NOTICE_TELL_ACTION,
            footer: NOTICE_TELL_FOOTER.consultant,
          })
        : noticesTo(row.signerIds, {
            ...base,
            title: NOTICE_TELL_TITLE(of),
            body: NOTICE_TELL_BUSINESS(plan, last, of),
            link: businessEngagementPath(outline.id),
            action: NOTICE_TELL_ACTION,
            footer: NOTICE_TELL_FOOTER.business,
          });
    if (row.managerId) {
      notices.push({
        ...base,
        userId: row.managerId,
        title: NOTICE_TELL_TITLE(of),
        body: NOTICE_TELL_MANAGER(row.businessName, plan, by, last, of),
        link: managerEngagementPath(outline.id),
        action: NOTICE_TELL_ACTION,
        footer: NOTICE_TELL_FOOTER.manager,
      });
    }
    await notify(app, origin, notices);
  } catch (error) {
    console.error(`The notice of retainer ${outline.id} could not be told:`, error);
  }
}

// ---------------------------------------------------------------------------------------------
// The views
// ---------------------------------------------------------------------------------------------

/** The notice of a signed retainer; null for a project or a retainer not yet set. */
export function retainerNotice(outline: DeliveryOutline, now: Date): RetainerNotice | null {
  if (!billedMonthly(outline.kind) || outline.monthlyFeeCents === null || !outline.retainerStartDate) return null;
  const running = !outline.complete && outline.signedVersion !== null && outline.noticeGivenAt === null;
  return {
    kind: outline.kind === "coaching" ? "coaching" : "retainer",
    notice: noticeLabel(outline.noticeMonths ?? 0),
    ending:
      outline.endsOn && outline.noticeGivenBy
        ? { by: outline.noticeGivenBy, endsOn: formatDate(outline.endsOn) }
        : null,
    canGiveNotice: running,
    noticeWouldEnd: running
      ? formatDate(noticeEndsOn(outline.retainerStartDate, outline.noticeMonths ?? 0, utcToday(now)))
      : null,
  };
}

/**
 * A retainer's terms, notice and its months' logs as the business's page shows them; null for a
 * project (or a retainer whose terms are not set yet).
 */
export function retainerView(
  outline: DeliveryOutline,
  items: readonly {
    id: string;
    title: string;
    status: string;
    paidPurchaseId: string | null;
    refunded?: boolean;
    periodStart: string | null;
    periodEnd: string | null;
  }[],
  entries: readonly { id: string; itemId: string; workDate: string; minutes: number; description: string }[],
  requests: readonly ExtraHoursRow[],
  now: Date,
  sessions: readonly SessionRow[] = [],
): RetainerView | null {
  const notice = retainerNotice(outline, now);
  if (!notice || outline.monthlyFeeCents === null) return null;
  if (outline.kind === "coaching") return coachingView(outline, outline.monthlyFeeCents, notice, items, sessions, now);
  const budget = outline.monthlyBudgetMinutes ?? 0;
  const logs: Record<string, MonthLogView> = {};
  const waiting: RetainerView["waiting"] = [];
  for (const item of items) {
    if (item.periodStart === null || item.periodEnd === null) continue;
    const extras = monthExtras(item, items, requests, todayAnywhereOnEarth(now));
    logs[item.id] = monthLogView(
      budget,
      { periodStart: item.periodStart, periodEnd: item.periodEnd },
      entries.filter((entry) => entry.itemId === item.id),
      extras,
    );
    for (const request of extras.requests) {
      if (request.status === "waiting") waiting.push({ ...request, monthTitle: item.title });
    }
  }
  return {
    terms: retainerTermsLabel(outline.monthlyFeeCents, budget),
    rate: formatMoney(hourlyRateCents(outline.monthlyFeeCents, budget)),
    ...notice,
    logs,
    waiting,
    cancelRule: null,
    sessions: [],
    conversationPath: null,
  };
}

/** The months of coaching shown with their sessions on the business's page: the three latest paid ones. */
const COACHING_MONTHS_SHOWN = 3;

/** Coaching's terms, notice and its latest paid months' sessions (docs/decisions/085). */
function coachingView(
  outline: DeliveryOutline,
  fee: number,
  notice: RetainerNotice,
  items: Parameters<typeof retainerView>[1],
  sessions: readonly SessionRow[],
  now: Date,
): RetainerView {
  const paid = items
    .filter((item) => item.periodStart !== null && item.paidPurchaseId !== null && !item.refunded)
    .sort((a, b) => (b.periodStart ?? "").localeCompare(a.periodStart ?? ""))
    .slice(0, COACHING_MONTHS_SHOWN);
  return {
    terms: coachingTermsLabel(fee, outline.monthlySessions ?? 0, outline.sessionMinutes ?? 60),
    rate: "",
    ...notice,
    logs: {},
    waiting: [],
    cancelRule: cancelRuleLabel(outline.cancelNoticeHours ?? 0),
    sessions: paid.map((month) => coachingMonthView(outline, month, sessions, "business", now)),
    conversationPath: outline.consultantId
      ? threadOfMatchPath("business", outline.matchRequestId, outline.consultantId)
      : null,
  };
}
