/** Insights: requests and the reports written for them. */
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { bool, createdAt, id, satisfaction, timestamp, updatedAt } from "./columns";
import { BUSINESS_AREAS, INSIGHT_REQUEST_STATUSES, REPORT_STATUSES } from "../enums";
import { users } from "./identity";
import { matchRequests } from "./matching";

export const insightRequests = sqliteTable(
  "insight_requests",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    category: text("category", { enum: BUSINESS_AREAS }).notNull(),
    // The form fields are free text (spec §5), kept as given.
    businessNature: text("business_nature").notNull().default(""),
    managementStructure: text("management_structure").notNull().default(""),
    numEmployees: text("num_employees").notNull().default(""),
    annualSales: text("annual_sales").notNull().default(""),
    issueDetails: text("issue_details").notNull().default(""),
    issueCause: text("issue_cause").notNull().default(""),
    resolutionOutcome: text("resolution_outcome").notNull().default(""),
    resolutionHelp: text("resolution_help").notNull().default(""),
    status: text("status", { enum: INSIGHT_REQUEST_STATUSES }).notNull().default("awaiting_payment"),
    paymentComplete: bool("payment_complete").notNull().default(false),
    /** Paid by the plan's monthly allowance instead of a card payment. */
    coveredByPlan: bool("covered_by_plan").notNull().default(false),
    insightReportId: text("insight_report_id").references((): AnySQLiteColumn => insightReports.id, {
      onDelete: "set null",
    }),
    assignedManagerId: text("assigned_manager_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: timestamp("submitted_at"),
    deliveredAt: timestamp("delivered_at"),
  },
  (t) => [
    index("insight_requests_business_created_idx").on(t.businessId, t.createdAt),
    index("insight_requests_status_idx").on(t.status, t.createdAt),
    index("insight_requests_assigned_manager_id_idx").on(t.assignedManagerId),
    index("insight_requests_insight_report_id_idx").on(t.insightReportId),
  ],
);

export const insightReports = sqliteTable(
  "insight_reports",
  {
    id: id(),
    insightRequestId: text("insight_request_id")
      .notNull()
      .references((): AnySQLiteColumn => insightRequests.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    category: text("category", { enum: BUSINESS_AREAS }).notNull(),
    title: text("title").notNull(),
    highLevelSummary: text("high_level_summary").notNull().default(""),
    recommendations: text("recommendations").notNull().default(""),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("draft"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    clientSatisfaction: satisfaction(),
    clientFeedback: text("client_feedback"),
    feedbackAt: timestamp("feedback_at"),
    convertedToMatchRequestId: text("converted_to_match_request_id").references(
      (): AnySQLiteColumn => matchRequests.id,
      { onDelete: "set null" },
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp("published_at"),
  },
  (t) => [
    uniqueIndex("insight_reports_insight_request_id_unique").on(t.insightRequestId),
    index("insight_reports_business_created_idx").on(t.businessId, t.createdAt),
    index("insight_reports_status_idx").on(t.status),
    index("insight_reports_author_id_idx").on(t.authorId),
    index("insight_reports_converted_idx").on(t.convertedToMatchRequestId),
    check(
      "insight_reports_satisfaction_range",
      sql`client_satisfaction IS NULL OR client_satisfaction BETWEEN 1 AND 5`,
    ),
  ],
);

export type InsightRequest = typeof insightRequests.$inferSelect;

export type NewInsightRequest = typeof insightRequests.$inferInsert;

export type InsightReport = typeof insightReports.$inferSelect;

export type NewInsightReport = typeof insightReports.$inferInsert;
