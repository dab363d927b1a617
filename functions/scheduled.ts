import type { AppContext } from "../app/server/load-context";
import { enqueueMonthlyFinanceRefresh } from "./cron/monthly-finance-refresh";

/** Cron expressions of wrangler.toml [triggers], each with its job. Cron only enqueues work. */
export const CRONS = {
  monthlyFinanceRefresh: "0 6 1 * *",
} as const;

/** The Worker's `scheduled` entry: dispatch by cron expression; an unknown one is an error. */
export async function handleScheduled(controller: Pick<ScheduledController, "cron" | "scheduledTime">, app: AppContext) {
  switch (controller.cron) {
    case CRONS.monthlyFinanceRefresh:
      await enqueueMonthlyFinanceRefresh(app);
      return;
    default:
      throw new Error(`No job for cron "${controller.cron}".`);
  }
}
