// Coaching sessions as the pages and the run read them (docs/decisions/085): a session row with
// its call's facts, its state now, and a month's sessions card. Read-only: the changes are
// coaching.server.ts's.
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { coachingSessions, threadMeetings, users, type DeliveryOutline } from "~db/schema";
import {
  confirmsOn,
  sessionState,
  sessionTally,
  type CoachingMonthView,
  type SessionState,
} from "~/lib/engagements/coaching";
import { utcToday } from "~/lib/engagements/plan-stage";
import { formatDate } from "~/lib/shared/dates";
import type { AppContext } from "~/server/load-context";

const canceller = alias(users, "session_canceller");

/** The sessions of the months `where` selects, with their calls' facts, in the order proposed. Unrun, for a page's batch. */
export function sessionRowsQuery(app: AppContext, where: SQL | undefined) {
  return app.db
    .select({
      id: coachingSessions.id,
      itemId: coachingSessions.itemId,
      outlineId: coachingSessions.outlineId,
      heldAt: coachingSessions.heldAt,
      confirmedAt: coachingSessions.confirmedAt,
      missedAt: coachingSessions.missedAt,
      meetingStatus: threadMeetings.status,
      slot1At: threadMeetings.slot1At,
      slot2At: threadMeetings.slot2At,
      slot3At: threadMeetings.slot3At,
      startsAt: threadMeetings.startsAt,
      cancelledAt: threadMeetings.cancelledAt,
      durationMinutes: threadMeetings.durationMinutes,
      cancellerRole: sql<string | null>`${canceller.role}`.as("canceller_role"),
    })
    .from(coachingSessions)
    .innerJoin(threadMeetings, eq(threadMeetings.id, coachingSessions.id))
    .leftJoin(canceller, eq(canceller.id, threadMeetings.cancelledById))
    .where(where)
    .orderBy(asc(coachingSessions.createdAt), asc(coachingSessions.id));
}

export type SessionRow = Awaited<ReturnType<typeof sessionRowsQuery>>[number];

const ms = (date: Date | null) => (date === null ? null : date.getTime());

/** A session row's state now, under the plan's cancellation rule. */
export function stateOf(row: SessionRow, cancelNoticeHours: number, now: Date): SessionState {
  const slots = [row.slot1At, row.slot2At, row.slot3At].flatMap((at) => (at ? [at.getTime()] : []));
  return sessionState(
    {
      meetingStatus: row.meetingStatus,
      lastSlotAt: Math.max(0, ...slots),
      startsAt: ms(row.startsAt),
      cancelledAt: ms(row.cancelledAt),
      cancelledByBusiness: row.cancellerRole === "client",
      heldAt: ms(row.heldAt),
      confirmedAt: ms(row.confirmedAt),
      missedAt: ms(row.missedAt),
    },
    cancelNoticeHours,
    now.getTime(),
  );
}

// ---------------------------------------------------------------------------------------------
// The views
// ---------------------------------------------------------------------------------------------

/** A coaching month's sessions card for the coach or the business (`side`). */
export function coachingMonthView(
  outline: Pick<DeliveryOutline, "monthlySessions" | "cancelNoticeHours" | "sessionMinutes">,
  month: {
    id: string;
    title: string;
    status: string;
    paidPurchaseId: string | null;
    refunded?: boolean;
    periodEnd: string | null;
  },
  rows: readonly SessionRow[],
  side: "business" | "consultant",
  now: Date,
): CoachingMonthView {
  const perMonth = outline.monthlySessions ?? 0;
  const own = rows.filter((row) => row.itemId === month.id);
  const states = own.map((row) => stateOf(row, outline.cancelNoticeHours ?? 0, now));
  const tally = sessionTally(states, perMonth);
  const open = month.status === "active" && month.paidPurchaseId !== null && !month.refunded;
  return {
    itemId: month.id,
    title: month.title,
    monthlySessions: perMonth,
    ...tally,
    expiresOn: month.periodEnd ? formatDate(month.periodEnd) : "",
    canPropose:
      side === "consultant" && open && tally.left > 0 && month.periodEnd !== null && month.periodEnd >= utcToday(now),
    settled: month.status === "approved",
    ended: month.periodEnd !== null && month.periodEnd < utcToday(now),
    sessions: own.map((row, index) => {
      const state = states[index] ?? "proposed";
      const first = row.startsAt ?? row.slot1At ?? now;
      return {
        id: row.id,
        state,
        startsAt: first.toISOString(),
        durationMinutes: row.durationMinutes,
        canMarkHeld: side === "consultant" && open && state === "to_mark",
        canConfirm: side === "business" && open && state === "held",
        confirmsOn: state === "held" && row.heldAt ? confirmsOn(row.heldAt.getTime()) : null,
      };
    }),
  };
}

/** Sessions of the given months (an engagement's), for the pages' batches. */
export function sessionsOfMonths(app: AppContext, outlineId: string) {
  return sessionRowsQuery(app, eq(coachingSessions.outlineId, outlineId));
}
