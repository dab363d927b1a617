import { AUTO_ACCEPT_DAYS, daysAfter, nextDailyRun } from "~/lib/engagements/review-deadlines";

/**
 * The money desk's "Near automatic acceptance" (issue #40 item 4, docs/decisions/080): the
 * deliveries waiting for review that the daily run accepts within the next NEAR_ACCEPTANCE_DAYS
 * days, or that it should have accepted already (the next run will).
 */
export const NEAR_ACCEPTANCE_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The latest delivery instant whose automatic acceptance (autoAcceptanceAt) falls at or before
 * `now` + NEAR_ACCEPTANCE_DAYS. The acceptance is the first daily run at or after delivery + 14
 * days, so it is at or before the horizon exactly when delivery + 14 days is at or before the last
 * daily run at or before the horizon: one bound on consultant_confirmed_at, which the partial index
 * delivery_items_waiting_review_idx answers (a unit test checks it against autoAcceptanceAt).
 */
export function nearAcceptanceCutoff(now: Date): Date {
  const horizon = new Date(now.getTime() + NEAR_ACCEPTANCE_DAYS * DAY_MS);
  const next = nextDailyRun(horizon);
  const lastRun = next.getTime() === horizon.getTime() ? next : new Date(next.getTime() - DAY_MS);
  return daysAfter(lastRun, -AUTO_ACCEPT_DAYS);
}
