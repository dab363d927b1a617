import { sql, type SQL } from "drizzle-orm";
import { threadsSeenBy } from "~/server/conversations/participation.server";

/**
 * What an export holds (docs/decisions/069): for a business and for a consultant, each table's
 * rows as one query scoped by the owner's id, and where their files are in R2. Reads only (every
 * domain's tables may be read; none is written here). Every table of the database is either
 * exported (a query below) or listed in NOT_EXPORTED with the reason: the integration test
 * compares both lists with the database's tables, so a new table cannot be forgotten.
 */
export type ExportQuery = { name: string; query: SQL };

/** The messages a business reads: of the threads it takes part in, not hidden (a subquery of ids). */
const readableMessagesOf = (businessId: string) =>
  sql`(SELECT id FROM thread_messages WHERE thread_id IN ${threadsSeenBy(businessId)} AND hidden_at IS NULL)`;

/**
 * The R2 keys under the business's prefix its export leaves out: the files of messages it does not
 * read (a thread before the consultant said yes, a hidden message), as its files table leaves them out.
 */
export function withheldFileKeysQuery(businessId: string): SQL {
  return sql`SELECT r2_key FROM files WHERE business_id = ${businessId}
    AND thread_message_id IS NOT NULL AND thread_message_id NOT IN ${readableMessagesOf(businessId)}`;
}

/** Every row of the business's own tables. Users are read through the membership, without their password. */
export function businessExportQueries(businessId: string): ExportQuery[] {
  const own = (table: string): ExportQuery => ({
    name: table,
    query: sql`SELECT * FROM ${sql.identifier(table)} WHERE business_id = ${businessId} ORDER BY created_at`,
  });
  const seen = threadsSeenBy(businessId);
  const readableMessages = readableMessagesOf(businessId);
  return [
    { name: "businesses", query: sql`SELECT * FROM businesses WHERE id = ${businessId}` },
    own("business_members"),
    {
      // The team's invitations, without the link's secret (docs/decisions/067).
      name: "business_invitations",
      query: sql`SELECT id, business_id, email, role, invited_by_id, created_at, expires_at, accepted_at, revoked_at
        FROM business_invitations WHERE business_id = ${businessId} ORDER BY created_at`,
    },
    {
      name: "users",
      query: sql`SELECT u.id, u.email, u.first_name, u.last_name, u.phone, u.role, u.created_at, u.updated_at
        FROM users u WHERE u.id IN (SELECT user_id FROM business_members WHERE business_id = ${businessId})`,
    },
    {
      name: "accounting_connections",
      query: sql`SELECT * FROM accounting_connections WHERE business_id = ${businessId}`,
    },
    own("finance_reports"),
    own("value_insights"),
    own("benchmarking_purchases"),
    own("benchmark_reports"),
    own("insight_requests"),
    own("insight_reports"),
    own("match_requests"),
    own("match_candidates"),
    own("delivery_outlines"),
    own("delivery_outline_versions"),
    own("delivery_items"),
    own("delivery_item_decisions"),
    own("delivery_review_reminders"),
    // A retainer's time log (docs/decisions/082): the consultant's hours on its months.
    own("time_entries"),
    // Its retainer months' requests for extra hours (docs/decisions/084).
    own("extra_hours_requests"),
    // Its coaching months' sessions: held, confirmed or not taking place (docs/decisions/085).
    own("coaching_sessions"),
    {
      // Opened, not created: its own clock.
      name: "deliverable_disputes",
      query: sql`SELECT * FROM deliverable_disputes WHERE business_id = ${businessId} ORDER BY opened_at`,
    },
    own("sow_signatures"),
    own("purchases"),
    own("purchase_refunds"),
    {
      // The card on file: its brand and last 4 digits (the card itself is at Stripe).
      name: "cards_on_file",
      query: sql`SELECT * FROM cards_on_file WHERE business_id = ${businessId}`,
    },
    own("item_refunds"),
    {
      // Its files, but a message's file only from a thread it takes part in and a message it may read.
      name: "files",
      query: sql`SELECT * FROM files WHERE business_id = ${businessId}
        AND (thread_message_id IS NULL OR thread_message_id IN ${readableMessages})
        ORDER BY created_at`,
    },
    own("event_registrations"),
    own("notifications"),
    own("support_messages"),
    // The conversations of its candidacies (docs/decisions/072), and how far each person read them.
    // Only the threads it takes part in (not before the consultant said yes), without hidden messages.
    {
      name: "thread_messages",
      query: sql`SELECT * FROM thread_messages WHERE id IN ${readableMessages} ORDER BY created_at`,
    },
    {
      name: "thread_meetings",
      query: sql`SELECT * FROM thread_meetings WHERE thread_id IN ${seen} ORDER BY created_at`,
    },
    { name: "thread_reads", query: sql`SELECT * FROM thread_reads WHERE thread_id IN ${seen}` },
    own("audit_events"),
  ];
}

/** The consultant's own account: profile, experience, payouts, candidacies, the engagements they ran. */
export function consultantExportQueries(userId: string): ExportQuery[] {
  const by = (table: string, column: string): ExportQuery => ({
    name: table,
    query: sql`SELECT * FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}`,
  });
  return [
    {
      name: "users",
      query: sql`SELECT id, email, first_name, last_name, phone, role, created_at, updated_at FROM users WHERE id = ${userId}`,
    },
    by("consultant_profiles", "user_id"),
    by("consultant_profile_drafts", "user_id"),
    by("consultant_experiences", "consultant_id"),
    by("consultant_vettings", "consultant_id"),
    by("consultant_payout_accounts", "consultant_user_id"),
    by("consultant_transfers", "consultant_user_id"),
    by("match_candidates", "consultant_id"),
    by("delivery_outlines", "consultant_id"),
    {
      name: "delivery_items",
      query: sql`SELECT * FROM delivery_items WHERE outline_id IN (SELECT id FROM delivery_outlines WHERE consultant_id = ${userId})`,
    },
    // The time they logged on their retainers' months (docs/decisions/082).
    by("time_entries", "consultant_id"),
    by("extra_hours_requests", "consultant_id"),
    // The sessions of their coaching months (docs/decisions/085).
    {
      name: "coaching_sessions",
      query: sql`SELECT * FROM coaching_sessions WHERE outline_id IN (SELECT id FROM delivery_outlines WHERE consultant_id = ${userId}) ORDER BY created_at`,
    },
    by("files", "uploaded_by_user_id"),
    by("notifications", "user_id"),
    by("notification_preferences", "user_id"),
    by("learning_progress", "user_id"),
    // The messages they wrote in their candidacies' conversations, and their read marks.
    by("thread_messages", "author_id"),
    by("thread_reads", "user_id"),
    by("thread_meetings", "proposed_by_id"),
    {
      name: "audit_events",
      query: sql`SELECT * FROM audit_events WHERE actor_user_id = ${userId} ORDER BY created_at`,
    },
  ];
}

/** The R2 prefixes whose objects are the owner's files (uploads, deliverable files). */
export const businessFilePrefix = (businessId: string) => `biz/${businessId}/`;
export const consultantFilePrefix = (userId: string) => `consultants/${userId}/`;

/**
 * Where the finished ZIPs are kept: never inside an owner's file prefix (so an export never holds
 * the last one), one key per attempt (so an attempt that outlived its lease cannot overwrite the
 * ZIP of the one that finished).
 */
export const exportObjectKey = (
  owner: { businessId: string } | { userId: string },
  exportId: string,
  attempt: number,
) =>
  "businessId" in owner
    ? `exports/biz/${owner.businessId}/${exportId}-${attempt}.zip`
    : `exports/user/${owner.userId}/${exportId}-${attempt}.zip`;

/**
 * The tables no export holds, and why. Compared with the database's tables (with the exported
 * ones) by the integration test.
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  sessions: "sign-in sessions: secrets, not data you gave",
  password_resets: "one-time secrets",
  email_changes: "one-time secrets",
  oauth_states: "one-time secrets of the QuickBooks connection",
  staff_invitations: "Partwise's staff",
  jobs: "Partwise's own bookkeeping of background work",
  rate_limits: "throttling counters",
  consultant_public_version: "a counter of changes to the public consultant pages (no personal data)",
  app_origins: "the app's address",
  email_outbox: "the delivery log of emails (their content is in the other records)",
  stripe_events: "Stripe's notifications to Partwise",
  local_stripe_objects: "the local test checkout",
  naics_codes: "reference data",
  events: "Partwise's event listings (your registrations are exported)",
  learning_items: "Partwise's learning centre",
  learning_visits: "a per-person marker of the last visit",
  message_digests: "a per-person marker of which messages were emailed",
  statement_emails:
    "a marker of which monthly statement was emailed (the statements are made from the exported payments and transfers)",
  engagement_notes: "the engagement manager's internal notes",
  match_suggestions: "the matching engine's internal ranking",
  consultant_applications: "applications to become a consultant",
  consultant_invitations: "Partwise's invitations of consultants",
  data_exports: "the exports themselves",
  account_deletions: "the record of deletions",
  d1_migrations: "the database's schema history",
  _cf_KV: "the platform's own table",
  _cf_METADATA: "the platform's own table",
  sqlite_sequence: "SQLite's own table",
};
