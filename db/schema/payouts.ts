/** Payouts: each consultant's Stripe Connect (Express) account and the state Stripe reports for it. */
import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
