// Extra hours on a retainer's month (issue #41, docs/decisions/084): the consultant asks for hours
// beyond the month's budget, priced at the fee's hourly rate; the business approves (the hours are
// bought: an item of the engagement, charged at once to the card on file like any phase, delivered
// with the month and confirmed like it, which releases the consultant's share) or declines.
//
// Exactly once with no transactions: one request waits per month (a partial unique index); a
// decision is a conditional update of a waiting request, and the approval's item is inserted in
// the same batch only when that update claimed it; its charge is the card on file's (claims and
// Idempotency-Keys, card-charges.server.ts).
import { columnValue } from "~db/column-value";
import { and, asc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import {
  businesses,
  deliveryItems,
  deliveryOutlines,
  extraHoursRequests,
  users,
  type ExtraHoursRequest,
} from "~db/schema";
import { EMAIL_UNVERIFIED_MESSAGE } from "~/lib/identity/email-verification";
import { todayAnywhereOnEarth } from "~/lib/engagements/engagement-state";
import { PAYMENT_START_FAILED_MESSAGE } from "~/lib/payments/payment-copy";
import {
  EXTRA_HOURS_ALREADY_DECIDED,
  EXTRA_HOURS_ALREADY_WAITING,
  EXTRA_HOURS_MONTH_CLOSED,
  EXTRA_HOURS_NEEDS_SIGNATURE,
  EXTRA_HOURS_NOT_FOUND,
  EXTRA_HOURS_UNPAID_FIRST,
  EXTRA_HOURS_TELL,
  NOTICE_TELL_FOOTER,
} from "~/lib/engagements/retainer-copy";
import {
  extraHoursPriceCents,
  extraHoursRequestView,
  extraHoursTitle,
  formatHours,
  monthTakesExtraHours,
  type ExtraHoursRequestView,
} from "~/lib/engagements/retainer-months";
import { businessEngagementPath, consultantDeliveryPath } from "~/lib/engagements/engagement-paths";
import { formatMoney } from "~/lib/shared/numbers";
import { auditAfterChange } from "~/server/audit/audit.server";
import { membersWhoMayColumn } from "~/server/business/members.server";
import type { AppContext } from "~/server/load-context";
import { notify, noticesTo } from "~/server/notifications/notify.server";
import { startItemPayment, type ItemPaymentStart } from "~/server/payments/card-charges.server";
import type { CheckoutViewer } from "~/server/payments/checkout.server";
import { refundStarted } from "./item-refunds.server";

export type ExtraHoursFailure = { ok: false; status: 403 | 404 | 409; msg: string };

/** Item statuses in which a month takes time, and so extra hours (monthTakesTime, in SQL). */
const MONTH_OPEN = sql`('active', 'revision')`;

/** What is read of a retainer's month: its item's columns, with its terms, its consultant, and its extra hours unpaid. */
const monthColumns = {
  id: deliveryItems.id,
  outlineId: deliveryItems.outlineId,
  businessId: deliveryItems.businessId,
  position: deliveryItems.position,
  status: deliveryItems.status,
  paidPurchaseId: deliveryItems.paidPurchaseId,
  periodEnd: deliveryItems.periodEnd,
  refunded: refundStarted(deliveryItems.id).mapWith(Boolean),
  consultantId: deliveryOutlines.consultantId,
  complete: deliveryOutlines.complete,
  monthlyFeeCents: deliveryOutlines.monthlyFeeCents,
  monthlyBudgetMinutes: deliveryOutlines.monthlyBudgetMinutes,
  signedCurrent:
    sql<number>`${deliveryOutlines.businessReviewStatus} = 'approved' AND ${deliveryOutlines.signedVersion} = ${deliveryOutlines.version}`.mapWith(
      Boolean,
    ),
  unpaidExtras:
    sql<number>`(SELECT count(*) FROM ${deliveryItems} x WHERE x.outline_id = ${deliveryItems.outlineId} AND x.extra_for_item_id IS NOT NULL AND x.paid_purchase_id IS NULL)`.mapWith(
      Number,
    ),
};

/** A month is an item with a period (joined on this), of a retainer (its outline joined on this). */
const IS_MONTH = isNotNull(deliveryItems.periodStart);
const OF_RETAINER = eq(deliveryOutlines.kind, "retainer");

/** The month (an item with a period) of a retainer, with its terms and its consultant. */
function monthQuery(app: AppContext, itemId: string) {
  return app.db
    .select(monthColumns)
    .from(deliveryItems)
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .where(and(eq(deliveryItems.id, itemId), OF_RETAINER, IS_MONTH));
}

type Month = Awaited<ReturnType<typeof monthQuery>>[number];

/**
 * The consultant asks for `minutes` beyond the budget of a month of their retainer, saying why;
 * priced now at the fee's hourly rate. Only while the month takes time (paid, in progress or sent
 * back), and one waiting request per month. The business's payers are told. 404 for another
 * consultant's month, which changes nothing.
 */
export async function askForExtraHours(
  app: AppContext,
  consultantId: string,
  input: { itemId: string; minutes: number; reason: string },
  origin: string | null,
): Promise<{ ok: true; request: ExtraHoursRequest } | ExtraHoursFailure> {
  const [month] = await monthQuery(app, input.itemId);
  if (!month || month.consultantId !== consultantId) return { ok: false, status: 404, msg: EXTRA_HOURS_NOT_FOUND };
  if (
    month.complete ||
    !monthTakesExtraHours(month, todayAnywhereOnEarth(app.now())) ||
    !month.monthlyBudgetMinutes ||
    month.monthlyFeeCents === null
  ) {
    return { ok: false, status: 409, msg: EXTRA_HOURS_MONTH_CLOSED };
  }
  const now = app.now();
  const id = crypto.randomUUID();
  const priceCents = extraHoursPriceCents(month.monthlyFeeCents, month.monthlyBudgetMinutes, input.minutes);
  // Written only while the month still takes time; the partial unique index lets one wait.
  const [inserted] = await app.db
    .insert(extraHoursRequests)
    .select(
      app.db
        .select({
          id: columnValue(id, "id"),
          itemId: deliveryItems.id,
          outlineId: deliveryItems.outlineId,
          businessId: deliveryItems.businessId,
          consultantId: columnValue(consultantId, "consultant_id"),
          minutes: columnValue(input.minutes, "minutes"),
          reason: columnValue(input.reason, "reason"),
          priceCents: columnValue(priceCents, "price_cents"),
          status: columnValue("requested", "status"),
          decidedByUserId: sql<null>`NULL`.as("decided_by_user_id"),
          decidedAt: sql<null>`NULL`.as("decided_at"),
          extraItemId: sql<null>`NULL`.as("extra_item_id"),
          createdAt: columnValue(now.getTime(), "created_at"),
          updatedAt: columnValue(now.getTime(), "updated_at"),
        })
        .from(deliveryItems)
        .where(
          and(
            eq(deliveryItems.id, month.id),
            sql`${deliveryItems.status} IN ${MONTH_OPEN}`,
            isNotNull(deliveryItems.paidPurchaseId),
            sql`NOT ${refundStarted(deliveryItems.id)}`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [waiting] = await app.db
      .select({ id: extraHoursRequests.id })
      .from(extraHoursRequests)
      .where(and(eq(extraHoursRequests.itemId, month.id), eq(extraHoursRequests.status, "requested")));
    return { ok: false, status: 409, msg: waiting ? EXTRA_HOURS_ALREADY_WAITING : EXTRA_HOURS_MONTH_CLOSED };
  }
  await tellOfRequest(app, inserted, month.position, origin);
  return { ok: true, request: inserted };
}

/** The consultant withdraws their waiting request; 404 for another's, 409 once decided. */
export async function withdrawExtraHours(
  app: AppContext,
  consultantId: string,
  requestId: string,
  /** The month whose page it is withdrawn from: a request of another month is not found. */
  itemId: string,
): Promise<{ ok: true } | ExtraHoursFailure> {
  const now = app.now();
  const own = and(
    eq(extraHoursRequests.id, requestId),
    eq(extraHoursRequests.consultantId, consultantId),
    eq(extraHoursRequests.itemId, itemId),
  );
  const [withdrawn] = await app.db
    .update(extraHoursRequests)
    .set({ status: "withdrawn", decidedAt: now, updatedAt: now })
    .where(and(own, eq(extraHoursRequests.status, "requested")))
    .returning({ id: extraHoursRequests.id });
  if (withdrawn) return { ok: true };
  const [exists] = await app.db.select({ id: extraHoursRequests.id }).from(extraHoursRequests).where(own);
  return exists
    ? { ok: false, status: 409, msg: EXTRA_HOURS_ALREADY_DECIDED }
    : { ok: false, status: 404, msg: EXTRA_HOURS_NOT_FOUND };
}

export type ExtraHoursDecision =
  { ok: true; approved: false } | { ok: true; approved: true; itemId: string; payment: ItemPaymentStart };

/**
 * A member of the business who may pay approves or declines a waiting request of its retainer.
 * Approving buys the hours: the request is claimed and its item (priced as asked, after the month
 * in plan order, due with the month's last day) inserted in one batch, then charged at once to the
 * card on file (or a checkout when there is none). The consultant is told either way. 404 for
 * another business's request; 409 once decided or when the month no longer takes time.
 */
export async function decideExtraHours(
  app: AppContext,
  viewer: CheckoutViewer,
  input: { outlineId: string; requestId: string; approve: boolean },
  origin: string,
): Promise<ExtraHoursDecision | ExtraHoursFailure> {
  const businessId = viewer.business.id;
  // The request with its month (monthQuery's, left joined: a request whose item is no retainer's
  // month has none), in one read.
  const [row] = await app.db
    .select({
      request: extraHoursRequests,
      month: monthColumns,
      isMonth: sql<number>`${deliveryOutlines.id} IS NOT NULL`.mapWith(Boolean),
    })
    .from(extraHoursRequests)
    .leftJoin(deliveryItems, and(eq(deliveryItems.id, extraHoursRequests.itemId), IS_MONTH))
    .leftJoin(deliveryOutlines, and(eq(deliveryOutlines.id, deliveryItems.outlineId), OF_RETAINER))
    .where(
      and(
        eq(extraHoursRequests.id, input.requestId),
        eq(extraHoursRequests.businessId, businessId),
        eq(extraHoursRequests.outlineId, input.outlineId),
      ),
    );
  if (!row) return { ok: false, status: 404, msg: EXTRA_HOURS_NOT_FOUND };
  const request = row.request;
  if (request.status !== "requested") return { ok: false, status: 409, msg: EXTRA_HOURS_ALREADY_DECIDED };
  // Its columns are all there when it joined (the left join types them nullable).
  const month = row.isMonth ? (row.month as Month) : undefined;
  if (
    !month ||
    month.complete ||
    !monthTakesExtraHours(month, todayAnywhereOnEarth(app.now())) ||
    month.periodEnd === null
  ) {
    return { ok: false, status: 409, msg: EXTRA_HOURS_MONTH_CLOSED };
  }
  if (input.approve && !viewer.user.emailVerified) return { ok: false, status: 403, msg: EMAIL_UNVERIFIED_MESSAGE };
  // Bought only when they can be paid now: on the terms signed last, with no extra hours approved
  // before still unpaid (those are paid first, under Prepay).
  if (input.approve && !month.signedCurrent) return { ok: false, status: 409, msg: EXTRA_HOURS_NEEDS_SIGNATURE };
  if (input.approve && month.unpaidExtras > 0) return { ok: false, status: 409, msg: EXTRA_HOURS_UNPAID_FIRST };
  const now = app.now();
  const waiting = and(
    eq(extraHoursRequests.id, request.id),
    eq(extraHoursRequests.status, "requested"),
    sql`EXISTS (SELECT 1 FROM ${deliveryItems} WHERE ${deliveryItems.id} = ${month.id} AND ${deliveryItems.status} IN ${MONTH_OPEN} AND NOT ${refundStarted(deliveryItems.id)})`,
  );
  const audit = (action: "retainer.extra_hours_approved" | "retainer.extra_hours_declined") =>
    auditAfterChange(app, {
      actor: { userId: viewer.user.id, kind: "client" },
      action,
      businessId,
      subject: { type: "engagement", id: request.outlineId },
      detail: { requestId: request.id, minutes: request.minutes, priceCents: request.priceCents },
    });
  if (!input.approve) {
    const [declined] = await app.db.batch([
      app.db
        .update(extraHoursRequests)
        .set({ status: "declined", decidedByUserId: viewer.user.id, decidedAt: now, updatedAt: now })
        .where(waiting)
        .returning({ id: extraHoursRequests.id }),
      audit("retainer.extra_hours_declined"),
    ]);
    if (declined.length === 0) return { ok: false, status: 409, msg: EXTRA_HOURS_ALREADY_DECIDED };
    await tellOfDecision(app, request, month.position, false, origin);
    return { ok: true, approved: false };
  }
  const itemId = crypto.randomUUID();
  const [, claimed] = await app.db.batch([
    // The hours' item, only while the request waits (a racing decision's batch runs before or after).
    app.db.insert(deliveryItems).select(
      app.db
        .select({
          id: columnValue(itemId, "id"),
          outlineId: extraHoursRequests.outlineId,
          businessId: extraHoursRequests.businessId,
          position: columnValue(month.position, "position"),
          title: columnValue(extraHoursTitle(month.position, request.minutes), "title"),
          description: extraHoursRequests.reason,
          deliveryDate: columnValue(month.periodEnd, "delivery_date"),
          priceCents: extraHoursRequests.priceCents,
          currency: sql<string>`'usd'`.as("currency"),
          status: columnValue("upcoming", "status"),
          consultantConfirmedDelivery: sql<number>`0`.as("consultant_confirmed_delivery"),
          consultantConfirmedAt: sql<null>`NULL`.as("consultant_confirmed_at"),
          summaryOfWork: sql<null>`NULL`.as("summary_of_work"),
          businessDeliveryReview: sql<null>`NULL`.as("business_delivery_review"),
          paidPurchaseId: sql<null>`NULL`.as("paid_purchase_id"),
          periodStart: sql<null>`NULL`.as("period_start"),
          periodEnd: columnValue(month.periodEnd, "period_end"),
          extraForItemId: extraHoursRequests.itemId,
          createdAt: columnValue(now.getTime(), "created_at"),
          updatedAt: columnValue(now.getTime(), "updated_at"),
          completedAt: sql<null>`NULL`.as("completed_at"),
        })
        .from(extraHoursRequests)
        .where(waiting),
    ),
    app.db
      .update(extraHoursRequests)
      .set({
        status: "approved",
        decidedByUserId: viewer.user.id,
        decidedAt: now,
        extraItemId: itemId,
        updatedAt: now,
      })
      // Claimed for the item just inserted: the batch is one transaction.
      .where(and(waiting, sql`EXISTS (SELECT 1 FROM ${deliveryItems} WHERE ${deliveryItems.id} = ${itemId})`))
      .returning({ id: extraHoursRequests.id }),
    audit("retainer.extra_hours_approved"),
  ]);
  if (claimed.length === 0) return { ok: false, status: 409, msg: EXTRA_HOURS_ALREADY_DECIDED };
  await tellOfDecision(app, request, month.position, true, origin);
  // The hours are bought: a charge that fails leaves them approved and due under Prepay.
  const payment = await startItemPayment(app, viewer, { itemId, outlineId: request.outlineId }, origin).catch(
    (error: unknown): ItemPaymentStart => {
      console.error(`The charge of extra hours ${itemId} could not start:`, error);
      return { ok: false, status: 502, msg: PAYMENT_START_FAILED_MESSAGE };
    },
  );
  return { ok: true, approved: true, itemId, payment };
}

/** The business's payers are told of a request to decide (in the app and by email: it is a purchase). */
async function tellOfRequest(app: AppContext, request: ExtraHoursRequest, position: number, origin: string | null) {
  try {
    const [row] = await app.db
      .select({
        payerIds: membersWhoMayColumn(businesses.id, "pay", "payer_ids"),
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(businesses)
      // The consultant's name (none without one: "Your consultant"); a null id joins no one.
      .leftJoin(users, sql`${users.id} = ${request.consultantId}`)
      .where(eq(businesses.id, request.businessId));
    if (!row) return;
    const consultant = [row.firstName, row.lastName].filter(Boolean).join(" ") || "Your consultant";
    await notify(
      app,
      origin,
      noticesTo(row.payerIds, {
        businessId: request.businessId,
        kind: "extra_hours_requested",
        title: EXTRA_HOURS_TELL.askedTitle,
        body: EXTRA_HOURS_TELL.asked(
          consultant,
          formatHours(request.minutes),
          `Month ${position + 1}`,
          formatMoney(request.priceCents),
          request.reason,
        ),
        link: businessEngagementPath(request.outlineId),
        action: EXTRA_HOURS_TELL.action,
        footer: NOTICE_TELL_FOOTER.business,
      }),
    );
  } catch (error) {
    console.error(`The request for extra hours ${request.id} could not be told:`, error);
  }
}

/** The consultant is told of the business's decision. A failure is logged: the decision stands. */
async function tellOfDecision(
  app: AppContext,
  request: ExtraHoursRequest,
  position: number,
  approved: boolean,
  origin: string | null,
) {
  try {
    const [row] = await app.db
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, request.businessId));
    const hours = formatHours(request.minutes);
    const month = `Month ${position + 1}`;
    const business = row?.name ?? "The business";
    await notify(
      app,
      origin,
      noticesTo([request.consultantId], {
        businessId: request.businessId,
        kind: "extra_hours_decided",
        title: EXTRA_HOURS_TELL.decidedTitle,
        body: approved
          ? EXTRA_HOURS_TELL.approved(business, hours, month)
          : EXTRA_HOURS_TELL.declined(business, hours, month),
        link: consultantDeliveryPath(request.outlineId, request.itemId),
        action: EXTRA_HOURS_TELL.action,
        footer: NOTICE_TELL_FOOTER.consultant,
      }),
    );
  } catch (error) {
    console.error(`The decision on extra hours ${request.id} could not be told:`, error);
  }
}

// ---------------------------------------------------------------------------------------------
// The views
// ---------------------------------------------------------------------------------------------

/** The columns a page reads of a retainer's requests (in its own batch). */
export function extraHoursRequestsQuery(app: AppContext, where: { outlineId: string | SQL; businessId?: string }) {
  return app.db
    .select({
      id: extraHoursRequests.id,
      itemId: extraHoursRequests.itemId,
      minutes: extraHoursRequests.minutes,
      priceCents: extraHoursRequests.priceCents,
      reason: extraHoursRequests.reason,
      status: extraHoursRequests.status,
      extraItemId: extraHoursRequests.extraItemId,
      createdAt: extraHoursRequests.createdAt,
      decidedAt: extraHoursRequests.decidedAt,
    })
    .from(extraHoursRequests)
    .where(
      and(
        eq(extraHoursRequests.outlineId, where.outlineId),
        where.businessId ? eq(extraHoursRequests.businessId, where.businessId) : undefined,
      ),
    )
    .orderBy(asc(extraHoursRequests.createdAt), asc(extraHoursRequests.id));
}

export type ExtraHoursRow = Awaited<ReturnType<typeof extraHoursRequestsQuery>>[number];

/**
 * A month's extra hours as its log shows them: the minutes bought (approved and paid: what the
 * budget grows by) and its requests, a waiting one only while the month can still take it.
 */
export function monthExtras(
  month: { id: string; status: string; paidPurchaseId: string | null; refunded?: boolean; periodEnd: string | null },
  items: readonly { id: string; paidPurchaseId: string | null; refunded?: boolean }[],
  requests: readonly ExtraHoursRow[],
  /** todayAnywhereOnEarth: a month whose days are over takes no more requests (monthTakesExtraHours). */
  today: string,
): { approvedMinutes: number; requests: ExtraHoursRequestView[] } {
  const own = requests.filter((request) => request.itemId === month.id);
  const paid = new Set(items.filter((item) => item.paidPurchaseId !== null && !item.refunded).map((item) => item.id));
  const bought = (request: ExtraHoursRow) =>
    request.status === "approved" && request.extraItemId !== null && paid.has(request.extraItemId);
  const open = monthTakesExtraHours(month, today);
  return {
    approvedMinutes: own.filter(bought).reduce((sum, request) => sum + request.minutes, 0),
    requests: own.map((request) => extraHoursRequestView(request, open, bought(request))),
  };
}
