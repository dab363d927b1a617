/**
 * Payouts: each consultant's Stripe Connect (Express) account and the state Stripe reports for it;
 * the claims of the monthly statements' emails (docs/decisions/081).
 */
import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { bool, createdAt, id, updatedAt } from "./columns";
import { users } from "./identity";

/**
 * One connected account per consultant, created by 'Set up payouts'. The flags and requirements
 * follow Stripe's `account.updated` events (and a read of the account on return from onboarding);
 * nothing here is set by hand.
 */
export const consultantPayoutAccounts = sqliteTable(
  "consultant_payout_accounts",
  {
    id: id(),
    consultantUserId: text("consultant_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Stripe's account id, acct_… (the local provider makes acct_local_…). */
    stripeAccountId: text("stripe_account_id").notNull(),
    detailsSubmitted: bool("details_submitted").notNull().default(false),
    chargesEnabled: bool("charges_enabled").notNull().default(false),
    payoutsEnabled: bool("payouts_enabled").notNull().default(false),
    /** requirements.currently_due, e.g. ["external_account", "individual.dob.day"]. */
    requirementsDue: text("requirements_due", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** requirements.disabled_reason, when Stripe has disabled the account. */
    disabledReason: text("disabled_reason"),
    /** The `created` time (Unix seconds) of the newest account.updated event applied: older events are ignored. */
    lastEventCreated: integer("last_event_created"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("consultant_payout_accounts_consultant_unique").on(t.consultantUserId),
    uniqueIndex("consultant_payout_accounts_stripe_unique").on(t.stripeAccountId),
    check("consultant_payout_accounts_stripe_id", sql`stripe_account_id LIKE 'acct_%'`),
  ],
);

export type ConsultantPayoutAccount = typeof consultantPayoutAccounts.$inferSelect;

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
    check("statement_emails_one_recipient", sql`(business_id IS NULL) <> (consultant_user_id IS NULL)`),
  ],
);

export type StatementEmail = typeof statementEmails.$inferSelect;
