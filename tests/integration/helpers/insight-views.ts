import { eq } from "drizzle-orm";
import { insightReports, insightRequests, valueInsights } from "~db/schema";
import { createInsightRequestRow } from "./insight-requests";
import { db } from "./session";

/** A delivered insight of the business: a ready request and its report (published unless told). */
export async function createDeliveredInsight(
  businessId: string,
  options: { status?: "draft" | "published"; createdAt?: Date; title?: string } = {},
) {
  const requestId = crypto.randomUUID();
  const reportId = crypto.randomUUID();
  const createdAt = options.createdAt ?? new Date("2026-10-02T12:00:00Z");
  const published = (options.status ?? "published") === "published";
  await createInsightRequestRow(businessId, {
    id: requestId,
    businessNature: "Outdoor gear retail",
    issueDetails: "Stockouts every month.",
    resolutionOutcome: "Fewer stockouts.",
    status: published ? "ready" : "in_review",
    paymentComplete: true,
    createdAt,
    updatedAt: createdAt,
  });
  await db()
    .insert(insightReports)
    .values({
      id: reportId,
      insightRequestId: requestId,
      businessId,
      category: "operations",
      title: options.title ?? "Cut stockouts with a weekly reorder rhythm",
      highLevelSummary: "Your stockouts come from a monthly reorder cycle.\n\nA weekly rhythm fixes most of them.",
      recommendations: "Reorder weekly.\n- Track days of cover.\n\nReview suppliers quarterly.",
      status: options.status ?? "published",
      publishedAt: published ? createdAt : null,
    });
  await db().update(insightRequests).set({ insightReportId: reportId }).where(eqId(requestId));
  return { requestId, reportId };
}

const eqId = (id: string) => eq(insightRequests.id, id);

/** An awaiting-payment request (a Pending tile with 'Pay Now'). */
export async function createUnpaidRequest(businessId: string, createdAt = new Date("2026-11-01T12:00:00Z")) {
  const { id } = await createInsightRequestRow(businessId, {
    id: crypto.randomUUID(),
    category: "hr",
    businessNature: "Retail",
    issueDetails: "Turnover.",
    resolutionOutcome: "Lower turnover.",
    status: "awaiting_payment",
    createdAt,
    updatedAt: createdAt,
  });
  return id;
}

export async function createValueInsight(businessId: string) {
  const id = `vi-${businessId}-revenue_trend-${crypto.randomUUID()}`;
  await db().insert(valueInsights).values({
    id,
    businessId,
    kind: "revenue_trend",
    category: "finance",
    title: "Revenue is up 12% on last year",
    summary: "Income over the last three months is 12% above the same months last year.",
  });
  return id;
}
