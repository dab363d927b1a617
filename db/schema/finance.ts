/** Finance: accounting connections, their OAuth states, finance reports and value insights. */
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, id, satisfaction, timestamp, updatedAt } from "./columns";
import {
  ACCOUNTING_CONNECTION_STATUSES,
  ACCOUNTING_PROVIDERS,
  BUSINESS_AREAS,
  type ExpenseLineRow,
  FINANCE_REPORT_SOURCES,
  OAUTH_RETURN_PAGES,
  type ProfitAndLossRow,
  VALUE_INSIGHT_KINDS,
} from "../enums";
import { users } from "./identity";
import { matchRequests } from "./matching";
import { jobs } from "./platform";

/** At most one accounting connection per business. Tokens are encrypted by the app (AES-GCM). */
export const accountingConnections = sqliteTable(
  "accounting_connections",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ACCOUNTING_PROVIDERS }).notNull().default("quickbooks"),
    /** QuickBooks company id; 'demo' marks the built-in demo connection. */
    realmId: text("realm_id").notNull(),
    accessTokenCiphertext: text("access_token_ciphertext").notNull(),
    accessTokenExpiresAt: timestamp("access_token_expires_at").notNull(),
    refreshTokenCiphertext: text("refresh_token_ciphertext").notNull(),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at").notNull(),
    status: text("status", { enum: ACCOUNTING_CONNECTION_STATUSES }).notNull().default("connected"),
    connectedAt: timestamp("connected_at").notNull(),
    lastRefreshedAt: timestamp("last_refreshed_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("accounting_connections_business_id_unique").on(t.businessId),
    // The monthly cron walks connected businesses by id, a page at a time.
    index("accounting_connections_status_business_idx").on(t.status, t.businessId),
  ],
);

/** One row per OAuth authorisation attempt; `used_at` makes the state single-use. */
export const oauthStates = sqliteTable(
  "oauth_states",
  {
    /** SHA-256 hex of the `state` parameter sent to the provider. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    returnPage: text("return_page", { enum: OAUTH_RETURN_PAGES }).notNull().default("DASHBOARD"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
  },
  (t) => [
    index("oauth_states_user_id_idx").on(t.userId),
    index("oauth_states_business_id_idx").on(t.businessId),
    index("oauth_states_expires_at_idx").on(t.expiresAt),
  ],
);

/** The current finance report of a business (replaced in place on refresh). */
export const financeReports = sqliteTable(
  "finance_reports",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Monthly rows, oldest first: { date: 'YYYY-MM', Income, NetIncome } in dollars. */
    profitAndLoss: text("profit_and_loss", { mode: "json" }).$type<ProfitAndLossRow[]>().notNull().default([]),
    /**
     * The report's expense accounts month by month, with their section path (ExpenseLineRow;
     * app/lib/finance/expense-lines.ts reads payroll from them). NULL: built before the lines were
     * kept (the next refresh fills it); []: the books have no expense activity.
     */
    expenseLines: text("expense_lines", { mode: "json" }).$type<ExpenseLineRow[]>(),
    source: text("source", { enum: FINANCE_REPORT_SOURCES }).notNull(),
    /** 'YYYY-MM', inclusive. */
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    /** When the data was last pulled; a different month than now means it is stale. */
    lastUpdate: timestamp("last_update").notNull(),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("finance_reports_business_id_unique").on(t.businessId)],
);

/** Insights generated from the finance data (not requested or paid for). */
export const valueInsights = sqliteTable(
  "value_insights",
  {
    id: id(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    financeReportId: text("finance_report_id").references(() => financeReports.id, {
      onDelete: "set null",
    }),
    kind: text("kind", { enum: VALUE_INSIGHT_KINDS }).notNull(),
    category: text("category", { enum: BUSINESS_AREAS }).notNull().default("finance"),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    clientSatisfaction: satisfaction(),
    clientFeedback: text("client_feedback"),
    feedbackAt: timestamp("feedback_at"),
    convertedToMatchRequestId: text("converted_to_match_request_id").references(
      (): AnySQLiteColumn => matchRequests.id,
      { onDelete: "set null" },
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("value_insights_business_created_idx").on(t.businessId, t.createdAt),
    index("value_insights_finance_report_id_idx").on(t.financeReportId),
    index("value_insights_converted_idx").on(t.convertedToMatchRequestId),
    check("value_insights_satisfaction_range", sql`client_satisfaction IS NULL OR client_satisfaction BETWEEN 1 AND 5`),
  ],
);

export type AccountingConnection = typeof accountingConnections.$inferSelect;

export type NewAccountingConnection = typeof accountingConnections.$inferInsert;

export type OauthState = typeof oauthStates.$inferSelect;

export type NewOauthState = typeof oauthStates.$inferInsert;

export type FinanceReport = typeof financeReports.$inferSelect;

export type NewFinanceReport = typeof financeReports.$inferInsert;

export type ValueInsight = typeof valueInsights.$inferSelect;

export type NewValueInsight = typeof valueInsights.$inferInsert;
