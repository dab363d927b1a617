/** Monthly statements (issue #40 item 3, docs/decisions/081): the claim of each month's statement email. */
import { check, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { businesses } from "./business";
import { createdAt, id } from "./columns";
import { users } from "./identity";

/**
 * One row per business or consultant and month whose statement email the monthly cron sent: the
 * cron claims the row (INSERT … ON CONFLICT DO NOTHING) and only the run that inserted it sends,
 * so a second run of the cron (a double fire, a retry) sends nothing more. The statements
 * themselves are built on demand from the money rows; nothing of them is stored.
 */
export const statementEmails = sqliteTable(
  "statement_emails",
  {
    id: id(),
    /** The business told (its members who may pay), or null for a consultant's statement. */
    businessId: text("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    /** The consultant told, or null for a business's statement. */
    consultantUserId: text("consultant_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The statement's month, "2026-10". */
    month: text("month").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("statement_emails_business_month_unique").on(t.businessId, t.month),
    uniqueIndex("statement_emails_consultant_month_unique").on(t.consultantUserId, t.month),
    check(
      "statement_emails_one_recipient",
      sql`(business_id IS NULL) <> (consultant_user_id IS NULL)`,
    ),
  ],
);

export type StatementEmail = typeof statementEmails.$inferSelect;
