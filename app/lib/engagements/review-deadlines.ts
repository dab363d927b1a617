/**
 * When a delivered deliverable nobody reviews is reminded and accepted (issue #40, ADR 078). The
 * clock starts at the delivery (delivery_items.consultant_confirmed_at) and runs while the item
 * waits for the business's review; a revision request stops it, the next delivery starts it again.
 * The daily cron (functions/scheduled.ts, 13:00 UTC) does both, so each moment is the first daily
 * run at or after the delivery plus its days: the dates people read are the runs that act.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days after a delivery when the business is reminded, then accepted for. */
export const REVIEW_REMINDER_DAYS = [3, 7, 13] as const;
export const AUTO_ACCEPT_DAYS = 14;

/** The hour (UTC) of the daily cron "0 13 * * *" that reminds and accepts (a unit test ties them). */
export const DAILY_RUN_HOUR_UTC = 13;

export type ReminderDay = (typeof REVIEW_REMINDER_DAYS)[number];

/** The first daily run at or after `at`. */
export function nextDailyRun(at: Date): Date {
  const run = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), DAILY_RUN_HOUR_UTC, 0, 0, 0));
  return run.getTime() >= at.getTime() ? run : new Date(run.getTime() + DAY_MS);
}

/** The moment `days` days after the delivery have passed (what the cron compares). */
export function daysAfter(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * DAY_MS);
}

/** When a delivery not reviewed by then is accepted automatically: the run after 14 days. */
export function autoAcceptanceAt(deliveredAt: Date): Date {
  return nextDailyRun(daysAfter(deliveredAt, AUTO_ACCEPT_DAYS));
}

/** When the reminder of `day` is due: the first daily run after that many days. */
export function reminderAt(deliveredAt: Date, day: ReminderDay): Date {
  return nextDailyRun(daysAfter(deliveredAt, day));
}

/**
 * What is due for a delivery still waiting at `now`: the acceptance from the moment people were
 * shown (autoAcceptanceAt), never before, even when a run is fired by hand; otherwise the latest
 * reminder reached (a run that was missed sends the latest reminder only, never two at once);
 * null before the first.
 */
export function reviewDeadlineDue(
  deliveredAt: Date,
  now: Date,
): { kind: "accept" } | { kind: "remind"; day: ReminderDay } | null {
  if (autoAcceptanceAt(deliveredAt).getTime() <= now.getTime()) return { kind: "accept" };
  const reached = REVIEW_REMINDER_DAYS.filter((day) => reminderAt(deliveredAt, day).getTime() <= now.getTime());
  const day = reached.at(-1);
  return day === undefined ? null : { kind: "remind", day };
}

/** When this item is accepted if nobody reviews it: only while its delivery waits for review. */
export function acceptsAutomaticallyAt(item: {
  status: string;
  businessDeliveryReview: string | null;
  consultantConfirmedAt: Date | null;
  refunded?: boolean;
}): Date | null {
  const waiting = item.status === "delivered" && item.businessDeliveryReview === "pending" && item.refunded !== true;
  return waiting && item.consultantConfirmedAt ? autoAcceptanceAt(item.consultantConfirmedAt) : null;
}

/** "3, 7 and 13": the reminder days as the terms and the statement of work say them. */
export const REMINDER_DAYS_TEXT = `${REVIEW_REMINDER_DAYS.slice(0, -1).join(", ")} and ${REVIEW_REMINDER_DAYS.at(-1)}`;
