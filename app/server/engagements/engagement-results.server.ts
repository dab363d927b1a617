import { eq } from "drizzle-orm";
import { businesses, financeReports } from "~db/schema";
import { engagementResults, type EngagementResults } from "~/lib/engagements/engagement-results";
import type { AppContext } from "~/server/load-context";

/**
 * An engagement's before/after (issue #14 §6) from the business's monthly finance report (the rows
 * the dashboard's Monthly Rev. chart draws: { date: 'YYYY-MM', Income, NetIncome } in dollars) and
 * its employee count (businesses.number_of_employees, the band's median, as benchmarking divides by).
 * One db.batch. Null when the business has no books (no report, or an empty one), or the engagement
 * has not started.
 */
export async function loadEngagementResults(
  app: AppContext,
  businessId: string,
  startedAt: Date | null,
  completedAt: Date | null,
): Promise<EngagementResults | null> {
  if (!startedAt) return null;
  const [reports, owners] = await app.db.batch([
    app.db
      .select({ rows: financeReports.profitAndLoss })
      .from(financeReports)
      .where(eq(financeReports.businessId, businessId))
      .limit(1),
    app.db
      .select({ employees: businesses.numberOfEmployees })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1),
  ]);
  return engagementResults(reports[0]?.rows ?? null, {
    startedAt,
    completedAt,
    employees: owners[0]?.employees ?? 0,
    now: app.now(),
  });
}
