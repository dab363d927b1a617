import type { AppContext } from "../app/server/load-context";
import { sweepUnlinkedFiles } from "../app/server/files/sweep.server";
import { enqueueMonthlyFinanceRefresh } from "../app/server/finance/monthly-refresh.server";
import { startIncludedYears } from "../app/server/benchmarking/benchmarking-access.server";
import { sendEventReminders } from "../app/server/events/events.server";
import { retryDuplicateRefunds } from "../app/server/payments/duplicate-payments.server";

/**
 * Cron expressions of wrangler.toml [triggers], each with its jobs. The monthly cron enqueues the
 * finance refresh (the reports are built on the queue; a rebuilt report refreshes the year's
 * benchmarking when its books changed), starts the new year of benchmarking for the plans that
 * include it, and sweeps abandoned uploads. The daily cron sends tomorrow's event reminders and
 * tries again any automatic refund of a duplicate payment or subscription that failed (ADR 010).
 */
export const CRONS = {
  monthlyFinanceRefresh: "0 6 1 * *",
  /** Daily at 13:00 UTC: reminds registered businesses of the events starting the next day. */
  dailyEventReminders: "0 13 * * *",
} as const;

type CronJob = (app: AppContext) => Promise<unknown>;

/** Runs every job even when one fails; then rethrows the first failure so the run is reported. */
async function runAll(app: AppContext, cronJobs: CronJob[]) {
  const failures: unknown[] = [];
  for (const job of cronJobs) {
    try {
      await job(app);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

/** The Worker's `scheduled` entry: dispatch by cron expression; an unknown one is an error. */
export async function handleScheduled(
  controller: Pick<ScheduledController, "cron" | "scheduledTime">,
  app: AppContext,
) {
  switch (controller.cron) {
    case CRONS.monthlyFinanceRefresh:
      await runAll(app, [enqueueMonthlyFinanceRefresh, startIncludedYears, sweepUnlinkedFiles]);
      return;
    case CRONS.dailyEventReminders:
      await runAll(app, [sendEventReminders, retryDuplicateRefunds]);
      return;
    default:
      throw new Error(`No job for cron "${controller.cron}".`);
  }
}
