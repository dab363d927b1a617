import type { AppContext } from "../app/server/load-context";
import { sweepUnlinkedFiles } from "../app/server/files/sweep.server";
import { enqueueMonthlyFinanceRefresh } from "../app/server/finance/monthly-refresh.server";
import { startIncludedYears } from "../app/server/benchmarking/benchmarking-access.server";
import { sendEventReminders } from "../app/server/events/events.server";
import { sendMeetingReminders } from "../app/server/conversations/meetings.server";
import { sendMissedReceipts } from "../app/server/payments/receipt-emails.server";
import { resendStalledJobs } from "../app/server/platform/jobs.server";
import { retryDuplicateRefunds } from "../app/server/payments/duplicate-payments.server";
import { resendStalledPrivacyWork } from "../app/server/privacy/privacy-queue.server";
import { settleSilentReviews } from "../app/server/engagements/review-deadlines.server";
import { runRetainers } from "../app/server/engagements/retainers.server";
import { recordMissedTransfers } from "../app/server/payouts/transfers.server";
import { finishStaleSettlements } from "../app/server/engagements/disputes.server";
import { sendStatementsEarlyInMonth } from "../app/server/payouts/statement-emails.server";

/**
 * Cron expressions of wrangler.toml [triggers], each with its jobs. The monthly cron enqueues the
 * finance refresh (the reports are built on the queue; a rebuilt report refreshes the year's
 * benchmarking when its books changed), starts the new year of benchmarking for the plans that
 * include it and sweeps abandoned uploads. The daily cron sends tomorrow's event reminders and
 * the receipts whose sending failed or was cut short (docs/decisions/051-receipts.md), tries
 * again any automatic refund of a duplicate payment or subscription that failed (ADR 010), and
 * reminds of, then accepts, the deliveries nobody reviewed (docs/decisions/078). The
 * lease sweep, every 10 minutes, sends again the jobs whose worker died or whose message was lost
 * (docs/decisions/006), and the data exports and deletions likewise (docs/decisions/069); on the
 * first three days of a month it also emails the month before's statements, a hundred recipients
 * a run, once each (docs/decisions/081).
 */
export const CRONS = {
  monthlyFinanceRefresh: "0 6 1 * *",
  /**
   * Daily at 13:00 UTC: reminds registered businesses of the events starting the next day, and the
   * participants of the calls booked 24 to 48 hours ahead (docs/decisions/074); sends missed receipts;
   * delivers the retainers' months that ended, opens and charges those that start (docs/decisions/082);
   * reminds of deliveries waiting for review on days 3, 7 and 13 and accepts them on day 14: its
   * hour is DAILY_RUN_HOUR_UTC (app/lib/engagements/review-deadlines.ts), the dates people read.
   */
  dailyEventReminders: "0 13 * * *",
  /**
   * Every 10 minutes: a job whose lease ran out or whose message was lost gets its message again.
   * With the 10-minute lease, a job whose worker died runs again within 20 minutes. An approved
   * deliverable whose transfer was never recorded (the Worker died after the approval) gets it.
   */
  jobLeaseSweep: "*/10 * * * *",
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
      await runAll(app, [
        sendEventReminders,
        sendMeetingReminders,
        sendMissedReceipts,
        retryDuplicateRefunds,
        runRetainers,
        settleSilentReviews,
      ]);
      return;
    case CRONS.jobLeaseSweep:
      await runAll(app, [
        resendStalledJobs,
        resendStalledPrivacyWork,
        recordMissedTransfers,
        finishStaleSettlements,
        sendStatementsEarlyInMonth,
      ]);
      return;
    default:
      throw new Error(`No job for cron "${controller.cron}".`);
  }
}
