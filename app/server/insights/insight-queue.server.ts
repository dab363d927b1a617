import { count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { businesses, insightRequests, users, type InsightRequestStatus } from "~db/schema";
import { formatDate } from "~/lib/shared/dates";
import { categoryLabel, fullName } from "~/lib/shared/format";
import { PAYMENT_AWAITING, PAYMENT_INCLUDED, PAYMENT_PAID } from "~/lib/insights/manager-insights-schemas";
import type { AppContext } from "~/server/load-context";

/**
 * The engagement manager console's queue (`/manage` and `/manage/insights`): how many insight
 * requests are in each status and the requests in one status.
 */

/** How the request is paid for, as the console shows it. */
export function paymentLabel(row: { coveredByPlan: boolean; paymentComplete: boolean }): string {
  if (row.coveredByPlan) return PAYMENT_INCLUDED;
  return row.paymentComplete ? PAYMENT_PAID : PAYMENT_AWAITING;
}

export type InsightQueueCounts = Record<InsightRequestStatus, number>;

/** How many requests are in each status (one grouped query). */
export async function insightQueueCounts(app: AppContext): Promise<InsightQueueCounts> {
  const rows = await app.db
    .select({ status: insightRequests.status, value: count() })
    .from(insightRequests)
    .groupBy(insightRequests.status);
  const counts: InsightQueueCounts = {
    awaiting_payment: 0,
    submitted: 0,
    in_review: 0,
    ready: 0,
  };
  for (const row of rows) counts[row.status] = row.value;
  return counts;
}

export type InsightQueueRow = {
  id: string;
  company: string;
  category: string;
  created: string;
  assignedTo: string;
  payment: string;
};

const manager = alias(users, "manager");

/** One query: the requests in one status with company and assigned manager, newest first. */
export async function listInsightQueue(app: AppContext, status: InsightRequestStatus): Promise<InsightQueueRow[]> {
  const rows = await app.db
    .select({
      id: insightRequests.id,
      category: insightRequests.category,
      createdAt: insightRequests.createdAt,
      coveredByPlan: insightRequests.coveredByPlan,
      paymentComplete: insightRequests.paymentComplete,
      company: businesses.name,
      managerFirstName: manager.firstName,
      managerLastName: manager.lastName,
      managerEmail: manager.email,
    })
    .from(insightRequests)
    .innerJoin(businesses, eq(businesses.id, insightRequests.businessId))
    .leftJoin(manager, eq(manager.id, insightRequests.assignedManagerId))
    .where(eq(insightRequests.status, status))
    .orderBy(desc(insightRequests.createdAt), desc(insightRequests.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    company: row.company,
    category: categoryLabel(row.category),
    created: formatDate(row.createdAt),
    assignedTo: row.managerEmail
      ? fullName(row.managerFirstName, row.managerLastName) || row.managerEmail
      : "Unassigned",
    payment: paymentLabel(row),
  }));
}
