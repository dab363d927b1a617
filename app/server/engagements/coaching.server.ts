// Coaching (issue #41 item 3, docs/decisions/085): months of a fixed fee for a number of sessions,
// billed like a retainer's months (retainers.server.ts runs them). A session is a call of the
// engagement's conversation (conversations' meetings, ADR 074) that the coach proposes for a paid
// month; its row here (same id) holds what the call does not: held, confirmed or missed. A month is
// paid out (delivered and accepted, the consultant's share transferred) when its sessions settle.
//
// Exactly once with no transactions: a session takes one of the month's places by an INSERT …
// SELECT that counts the places taken in the same statement; marking held, confirming and saying
// it did not take place are conditional updates; a month's payout is claimed by the conditional
// update that delivers it, then accepted by decideDeliveredItem's one decision.
import { and, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import { columnValue } from "~db/column-value";
import {
  businesses,
  coachingSessions,
  deliveryItems,
  deliveryOutlines,
  matchCandidates,
  threadMeetings,
  users,
  type DeliveryOutline,
} from "~db/schema";
import {
  COACHING_TELL,
  coachingMonthSummary,
  confirmsOn,
  monthSettles,
  SESSION_AUTO_CONFIRM_DAYS,
  SESSION_MARK_DAYS,
  SESSION_MONTH_CLOSED,
  SESSION_MONTH_FULL,
  SESSION_NO_THREAD,
  SESSION_NOT_FOUND,
  SESSION_NOT_HELD,
  SESSION_NOT_TO_MARK,
  SESSION_OUTSIDE_MONTH,
  sessionTally,
} from "~/lib/engagements/coaching";
import { typedSlots, type ProposeMeetingInput } from "~/lib/conversations/meeting-schemas";
import { slotInstants } from "~/lib/conversations/meeting-slots";
import { businessEngagementPath, consultantDeliveryPath } from "~/lib/engagements/engagement-paths";
import { monthTakesTime } from "~/lib/engagements/retainer-months";
import { utcToday } from "~/lib/engagements/plan-stage";
import { fullName } from "~/lib/shared/format";
import { auditAfterChange } from "~/server/audit/audit.server";
import { membersWhoMayColumn } from "~/server/business/members.server";
import { cancelMeeting, proposeMeeting } from "~/server/conversations/meetings.server";
import type { Viewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { notify, noticesTo } from "~/server/notifications/notify.server";
import { notifyDeliverable } from "./deliverable-notices.server";
import { sessionRowsQuery, stateOf } from "./coaching-sessions.server";
import { decideDeliveredItem, releaseApprovedItem } from "./item-decision.server";
import { refundStarted } from "./item-refunds.server";

const MS_PER_HOUR = 60 * 60 * 1000;
const MS_PER_DAY = 24 * MS_PER_HOUR;

export type SessionFailure = { ok: false; status: 400 | 403 | 404 | 409; msg: string; field?: string };

const notFound: SessionFailure = { ok: false, status: 404, msg: SESSION_NOT_FOUND };

/**
 * The sessions taking one of month `itemId`'s places, counted in SQL as sessionState counts them
 * (proposed with a time to come, booked and not past marking, held, confirmed, cancelled late by
 * the business), for the insert that takes a place only while one is left.
 */
function placesTakenSql(itemId: string, cancelNoticeHours: number, now: number): SQL {
  return sql`(SELECT count(*) FROM ${coachingSessions} s JOIN ${threadMeetings} m ON m.id = s.id LEFT JOIN ${users} u ON u.id = m.cancelled_by_id
    WHERE s.item_id = ${itemId} AND s.missed_at IS NULL AND (
      s.held_at IS NOT NULL
      OR (m.status = 'proposed' AND max(m.slot1_at, m.slot2_at, coalesce(m.slot3_at, 0)) > ${now})
      OR (m.status = 'booked' AND m.starts_at >= ${now - SESSION_MARK_DAYS * MS_PER_DAY})
      OR (m.status = 'cancelled' AND m.starts_at IS NOT NULL AND u.role = 'client'
          AND m.cancelled_at > m.starts_at - ${cancelNoticeHours * MS_PER_HOUR})))`;
}

/** The coach's month of their own coaching, with its terms and conversation; null when not theirs. */
async function coachMonth(app: AppContext, consultantId: string, itemId: string) {
  const [row] = await app.db
    .select({
      id: deliveryItems.id,
      outlineId: deliveryItems.outlineId,
      businessId: deliveryItems.businessId,
      title: deliveryItems.title,
      status: deliveryItems.status,
      paidPurchaseId: deliveryItems.paidPurchaseId,
      periodStart: deliveryItems.periodStart,
      periodEnd: deliveryItems.periodEnd,
      refunded: refundStarted(deliveryItems.id).mapWith(Boolean),
      monthlySessions: deliveryOutlines.monthlySessions,
      sessionMinutes: deliveryOutlines.sessionMinutes,
      cancelNoticeHours: deliveryOutlines.cancelNoticeHours,
      threadId: matchCandidates.id,
    })
    .from(deliveryItems)
    .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
    .leftJoin(
      matchCandidates,
      and(
        eq(matchCandidates.matchRequestId, deliveryOutlines.matchRequestId),
        eq(matchCandidates.consultantId, deliveryOutlines.consultantId),
      ),
    )
    .where(
      and(
        eq(deliveryItems.id, itemId),
        eq(deliveryOutlines.consultantId, consultantId),
        eq(deliveryOutlines.kind, "coaching"),
        isNull(deliveryItems.extraForItemId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Sessions can be proposed for a month: paid and in progress (not delivered, not refunded), its days not over. */
function monthTakesSessions(
  month: { status: string; paidPurchaseId: string | null; refunded: boolean; periodEnd: string | null },
  today: string,
): boolean {
  return month.status === "active" && monthTakesTime(month) && month.periodEnd !== null && month.periodEnd >= today;
}

/**
 * The coach proposes a session for a month: two or three times within the month's days (UTC), at
 * the plan's length, as a call of the engagement's conversation, where the business books one.
 * `input.key` (the form's one-time id) is both the call's and the session's id, so a second
 * submit proposes nothing more. Refused while the month is unpaid or over (409), its sessions all
 * taken (409), a time outside it (400); another coach's month → 404, nothing written.
 */
export async function proposeSession(
  app: AppContext,
  viewer: Viewer,
  itemId: string,
  input: ProposeMeetingInput,
): Promise<{ ok: true; sessionId: string } | SessionFailure> {
  const month = await coachMonth(app, viewer.user.id, itemId);
  if (!month) return notFound;
  const now = app.now();
  if (!monthTakesSessions(month, utcToday(now)) || month.periodStart === null || month.periodEnd === null) {
    return { ok: false, status: 409, msg: SESSION_MONTH_CLOSED };
  }
  if (!month.threadId) return { ok: false, status: 409, msg: SESSION_NO_THREAD };
  const instants = slotInstants(typedSlots(input), input.zone) ?? [];
  const from = Date.parse(`${month.periodStart}T00:00:00Z`);
  const until = Date.parse(`${month.periodEnd}T00:00:00Z`) + MS_PER_DAY;
  if (instants.some((instant) => instant.getTime() < from || instant.getTime() >= until)) {
    return { ok: false, status: 400, msg: SESSION_OUTSIDE_MONTH, field: "slot1Date" };
  }
  const perMonth = month.monthlySessions ?? 0;
  const hours = month.cancelNoticeHours ?? 0;
  const [existing] = await app.db
    .select({ itemId: coachingSessions.itemId })
    .from(coachingSessions)
    .where(eq(coachingSessions.id, input.key));
  if (existing) return existing.itemId === month.id ? { ok: true, sessionId: input.key } : notFound;
  const rows = await sessionRowsQuery(app, eq(coachingSessions.itemId, month.id));
  if (
    sessionTally(
      rows.map((row) => stateOf(row, hours, now)),
      perMonth,
    ).left === 0
  ) {
    return { ok: false, status: 409, msg: SESSION_MONTH_FULL };
  }
  const proposed = await proposeMeeting(app, viewer, month.threadId, {
    ...input,
    duration: (month.sessionMinutes ?? 60) as ProposeMeetingInput["duration"],
  });
  if (!proposed.ok) return proposed;
  // The call is proposed; the session takes one of the month's places only while one is left.
  const [taken] = await app.db
    .insert(coachingSessions)
    .select(
      app.db
        .select({
          id: columnValue(input.key, "id"),
          itemId: deliveryItems.id,
          outlineId: deliveryItems.outlineId,
          businessId: deliveryItems.businessId,
          heldAt: sql<null>`NULL`.as("held_at"),
          confirmedAt: sql<null>`NULL`.as("confirmed_at"),
          confirmedByUserId: sql<null>`NULL`.as("confirmed_by_user_id"),
          missedAt: sql<null>`NULL`.as("missed_at"),
          missedByUserId: sql<null>`NULL`.as("missed_by_user_id"),
          createdAt: columnValue(now.getTime(), "created_at"),
          updatedAt: columnValue(now.getTime(), "updated_at"),
        })
        .from(deliveryItems)
        .where(
          and(
            eq(deliveryItems.id, month.id),
            eq(deliveryItems.status, "active"),
            sql`${placesTakenSql(month.id, hours, now.getTime())} < ${perMonth}`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ id: coachingSessions.id });
  if (taken) return { ok: true, sessionId: taken.id };
  const [again] = await app.db
    .select({ itemId: coachingSessions.itemId })
    .from(coachingSessions)
    .where(eq(coachingSessions.id, input.key));
  if (again?.itemId === month.id) return { ok: true, sessionId: input.key };
  // Another proposal took the last place meanwhile: this call is withdrawn again.
  await cancelMeeting(app, viewer, month.threadId, input.key, null).catch((error: unknown) => {
    console.error(`The call of refused session ${input.key} could not be withdrawn:`, error);
  });
  return { ok: false, status: 409, msg: SESSION_MONTH_FULL };
}

/**
 * The coach marks a session held: it was booked, it has started, at most SESSION_MARK_DAYS ago,
 * and its month is not paid out yet. The business's reviewers are told to confirm it.
 */
export async function markSessionHeld(
  app: AppContext,
  consultantId: string,
  itemId: string,
  sessionId: string,
  origin: string | null,
): Promise<{ ok: true } | SessionFailure> {
  const month = await coachMonth(app, consultantId, itemId);
  if (!month) return notFound;
  const now = app.now();
  const [row] = await app.db
    .select({ id: coachingSessions.id })
    .from(coachingSessions)
    .where(and(eq(coachingSessions.id, sessionId), eq(coachingSessions.itemId, month.id)));
  if (!row) return notFound;
  const [marked] = await app.db.batch([
    app.db
      .update(coachingSessions)
      .set({ heldAt: now, updatedAt: now })
      .where(
        and(
          eq(coachingSessions.id, sessionId),
          isNull(coachingSessions.heldAt),
          isNull(coachingSessions.missedAt),
          sql`EXISTS (SELECT 1 FROM ${threadMeetings} m WHERE m.id = ${sessionId} AND m.status = 'booked'
            AND m.starts_at <= ${now.getTime()} AND m.starts_at >= ${now.getTime() - SESSION_MARK_DAYS * MS_PER_DAY})`,
          sql`EXISTS (SELECT 1 FROM ${deliveryItems} i WHERE i.id = ${month.id} AND i.status = 'active')`,
        ),
      )
      .returning({ id: coachingSessions.id }),
    auditAfterChange(app, {
      actor: { userId: consultantId, kind: "consultant" },
      action: "coaching.session_held",
      businessId: month.businessId,
      subject: { type: "coaching_session", id: sessionId },
      detail: { itemId: month.id },
    }),
  ]);
  if (marked.length === 0) {
    // Marked before, or by a concurrent click: done.
    const [current] = await app.db
      .select({ heldAt: coachingSessions.heldAt })
      .from(coachingSessions)
      .where(eq(coachingSessions.id, sessionId));
    return current?.heldAt != null ? { ok: true } : { ok: false, status: 409, msg: SESSION_NOT_TO_MARK };
  }
  await tellBusinessOfHeld(app, month, now, origin);
  return { ok: true };
}

/** The business's reviewers are told a session was marked held (a failure is logged: the mark stands). */
async function tellBusinessOfHeld(
  app: AppContext,
  month: { outlineId: string; businessId: string; title: string },
  heldAt: Date,
  origin: string | null,
) {
  try {
    const [row] = await app.db
      .select({
        reviewerIds: membersWhoMayColumn(businesses.id, "reviewDeliverables", "reviewer_ids"),
        first: users.firstName,
        last: users.lastName,
      })
      .from(deliveryOutlines)
      .innerJoin(businesses, eq(businesses.id, deliveryOutlines.businessId))
      .leftJoin(users, eq(users.id, deliveryOutlines.consultantId))
      .where(eq(deliveryOutlines.id, month.outlineId));
    if (!row) return;
    const coach = fullName(row.first, row.last) || "Your coach";
    await notify(
      app,
      origin,
      noticesTo(row.reviewerIds, {
        businessId: month.businessId,
        kind: "session_held",
        title: COACHING_TELL.heldTitle,
        body: COACHING_TELL.held(coach, month.title, confirmsOn(heldAt.getTime())),
        link: businessEngagementPath(month.outlineId),
        action: COACHING_TELL.heldAction,
        footer: COACHING_TELL.footerBusiness,
      }),
    );
  } catch (error) {
    console.error(`The held session of month ${month.title} could not be told:`, error);
  }
}

export type SessionAnswer = "confirm" | "missed";

/**
 * A member of the business who reviews deliverables confirms a session marked held, or says it did
 * not take place (then it does not count and the coach is told). Once: a second answer (or the
 * daily run's confirmation first) reads as done when it is the same, else 409. Confirming the last
 * place of a month pays it out at once (settleCoachingMonth). Another business → 404.
 */
export async function answerSession(
  app: AppContext,
  member: { businessId: string; userId: string },
  sessionId: string,
  answer: SessionAnswer,
  origin: string | null,
): Promise<{ ok: true } | SessionFailure> {
  const [row] = await app.db
    .select({
      itemId: coachingSessions.itemId,
    })
    .from(coachingSessions)
    .where(and(eq(coachingSessions.id, sessionId), eq(coachingSessions.businessId, member.businessId)));
  if (!row) return notFound;
  const now = app.now();
  const set =
    answer === "confirm"
      ? { confirmedAt: now, confirmedByUserId: member.userId, updatedAt: now }
      : { missedAt: now, missedByUserId: member.userId, updatedAt: now };
  const [changed] = await app.db.batch([
    app.db
      .update(coachingSessions)
      .set(set)
      .where(
        and(
          eq(coachingSessions.id, sessionId),
          eq(coachingSessions.businessId, member.businessId),
          sql`${coachingSessions.heldAt} IS NOT NULL`,
          isNull(coachingSessions.confirmedAt),
          isNull(coachingSessions.missedAt),
          sql`EXISTS (SELECT 1 FROM ${deliveryItems} i WHERE i.id = ${row.itemId} AND i.status = 'active')`,
        ),
      )
      .returning({ id: coachingSessions.id }),
    auditAfterChange(app, {
      actor: { userId: member.userId, kind: "client" },
      action: answer === "confirm" ? "coaching.session_confirmed" : "coaching.session_missed",
      businessId: member.businessId,
      subject: { type: "coaching_session", id: sessionId },
      detail: { itemId: row.itemId },
    }),
  ]);
  if (changed.length === 0) {
    // Answered the same way before, or by a concurrent click: done; anything else is refused.
    const [current] = await app.db
      .select({ confirmedAt: coachingSessions.confirmedAt, missedAt: coachingSessions.missedAt })
      .from(coachingSessions)
      .where(eq(coachingSessions.id, sessionId));
    const same = answer === "confirm" ? current?.confirmedAt != null : current?.missedAt != null;
    return same ? { ok: true } : { ok: false, status: 409, msg: SESSION_NOT_HELD };
  }
  if (answer === "missed") await tellCoachOfMissed(app, row.itemId, origin);
  else await settleCoachingMonthById(app, row.itemId, origin);
  return { ok: true };
}

async function tellCoachOfMissed(app: AppContext, itemId: string, origin: string | null) {
  try {
    const [row] = await app.db
      .select({
        consultantId: deliveryOutlines.consultantId,
        outlineId: deliveryOutlines.id,
        businessId: deliveryOutlines.businessId,
        businessName: businesses.name,
        title: deliveryItems.title,
      })
      .from(deliveryItems)
      .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
      .innerJoin(businesses, eq(businesses.id, deliveryOutlines.businessId))
      .where(eq(deliveryItems.id, itemId));
    if (!row?.consultantId) return;
    await notify(app, origin, [
      {
        userId: row.consultantId,
        businessId: row.businessId,
        kind: "session_missed",
        title: COACHING_TELL.missedTitle,
        body: COACHING_TELL.missed(row.businessName, row.title),
        link: consultantDeliveryPath(row.outlineId, itemId),
        action: COACHING_TELL.missedAction,
        footer: COACHING_TELL.footerConsultant,
      },
    ]);
  } catch (error) {
    console.error(`The missed session of month ${itemId} could not be told:`, error);
  }
}

// ---------------------------------------------------------------------------------------------
// Paying a month out
// ---------------------------------------------------------------------------------------------

type CoachingOutline = Pick<DeliveryOutline, "id" | "businessId" | "monthlySessions" | "cancelNoticeHours">;

/**
 * Pays a coaching month out when its sessions settle (monthSettles): delivers it with its
 * summary ("3 of 4 sessions held; 1 expired unused.") by a conditional update, then accepts it
 * as the business's one decision (decideDeliveredItem, no member: its sessions were confirmed),
 * which transfers the consultant's share. A month left delivered by a crash in between is
 * accepted by the next call. False when it does not settle yet, or another call paid it out.
 */
export async function settleCoachingMonth(
  app: AppContext,
  outline: CoachingOutline,
  itemId: string,
  origin: string | null,
): Promise<boolean> {
  const now = app.now();
  const [[item], rows] = await app.db.batch([
    app.db
      .select({
        status: deliveryItems.status,
        delivered: deliveryItems.consultantConfirmedDelivery,
        review: deliveryItems.businessDeliveryReview,
        paidPurchaseId: deliveryItems.paidPurchaseId,
        periodEnd: deliveryItems.periodEnd,
        refunded: refundStarted(deliveryItems.id).mapWith(Boolean),
      })
      .from(deliveryItems)
      .where(and(eq(deliveryItems.id, itemId), eq(deliveryItems.outlineId, outline.id))),
    sessionRowsQuery(app, eq(coachingSessions.itemId, itemId)),
  ]);
  if (!item || item.refunded || item.paidPurchaseId === null || item.periodEnd === null) return false;
  const perMonth = outline.monthlySessions ?? 0;
  const states = rows.map((row) => stateOf(row, outline.cancelNoticeHours ?? 0, now));
  if (item.status === "active") {
    if (!monthSettles(states, perMonth, item.periodEnd < utcToday(now))) return false;
    const [delivered] = await app.db
      .update(deliveryItems)
      .set({
        status: "delivered",
        consultantConfirmedDelivery: true,
        consultantConfirmedAt: now,
        summaryOfWork: coachingMonthSummary(perMonth, sessionTally(states, perMonth).held),
        businessDeliveryReview: "pending",
        updatedAt: now,
      })
      .where(
        and(
          eq(deliveryItems.id, itemId),
          eq(deliveryItems.status, "active"),
          eq(deliveryItems.consultantConfirmedDelivery, false),
          sql`NOT ${refundStarted(deliveryItems.id)}`,
        ),
      )
      .returning({ id: deliveryItems.id });
    if (!delivered) return false;
  } else if (item.status !== "delivered" || item.review !== "pending") {
    return false;
  }
  const decision = await decideDeliveredItem(
    app,
    outline.businessId,
    { outlineId: outline.id, itemId, notes: "", action: "pause", decision: "approved" },
    null,
  );
  if (!decision.ok) return false;
  await releaseApprovedItem(app, itemId);
  await notifyDeliverable(
    app,
    origin,
    itemId,
    decision.completed ? ["sessions_settled", "engagement_completed"] : ["sessions_settled"],
    { completed: decision.completed, automatic: true },
  );
  return true;
}

async function settleCoachingMonthById(app: AppContext, itemId: string, origin: string | null) {
  try {
    const [outline] = await app.db
      .select({
        id: deliveryOutlines.id,
        businessId: deliveryOutlines.businessId,
        monthlySessions: deliveryOutlines.monthlySessions,
        cancelNoticeHours: deliveryOutlines.cancelNoticeHours,
      })
      .from(deliveryItems)
      .innerJoin(deliveryOutlines, eq(deliveryOutlines.id, deliveryItems.outlineId))
      .where(and(eq(deliveryItems.id, itemId), eq(deliveryOutlines.kind, "coaching")));
    if (outline) await settleCoachingMonth(app, outline, itemId, origin);
  } catch (error) {
    // The daily run pays it out instead.
    console.error(`The coaching month ${itemId} could not be paid out now:`, error);
  }
}

/**
 * The daily run's part for coaching: sessions held SESSION_AUTO_CONFIRM_DAYS ago and unanswered
 * are confirmed (one update; a second run confirms nothing more). Answers the months touched.
 */
export async function confirmSilentSessions(app: AppContext): Promise<number> {
  const now = app.now();
  const confirmed = await app.db
    .update(coachingSessions)
    .set({ confirmedAt: now, updatedAt: now })
    .where(
      and(
        sql`${coachingSessions.heldAt} IS NOT NULL`,
        isNull(coachingSessions.confirmedAt),
        isNull(coachingSessions.missedAt),
        lte(coachingSessions.heldAt, new Date(now.getTime() - SESSION_AUTO_CONFIRM_DAYS * MS_PER_DAY)),
      ),
    )
    .returning({ id: coachingSessions.id });
  return confirmed.length;
}

/** Pays out every month of a running coaching plan whose sessions settled (the daily run). */
export async function settleCoachingMonths(
  app: AppContext,
  outline: DeliveryOutline,
  months: readonly { id: string; status: string; paidPurchaseId: string | null; refunded: boolean }[],
  origin: string | null,
): Promise<number> {
  let settled = 0;
  for (const month of months) {
    if (month.paidPurchaseId === null || month.refunded) continue;
    if (month.status !== "active" && month.status !== "delivered") continue;
    if (await settleCoachingMonth(app, outline, month.id, origin)) settled += 1;
  }
  return settled;
}
