/**
 * The SQL the app runs for the signed-in client's /dashboard and /features (Insights) documents,
 * copied from what its Drizzle queries generate (recorded on a wrapped D1 binding). They are the
 * same queries: bench/tests/integration/peer-parity.test.ts compares them, wave by wave,
 * with what the app runs, and fails when the app's queries change until these are updated.
 */

/** app/server/identity/session.server.ts loadViewer: the session, its user, their current business and their role in it. */
export const SESSION = `select "sessions"."id", "sessions"."last_seen_at", "users"."id", "users"."email", "users"."first_name", "users"."last_name", "users"."phone", "users"."role", "users"."staff_role", "users"."email_verified_at" IS NOT NULL, "businesses"."id", "businesses"."owner_user_id", "businesses"."name", "businesses"."client_role", "businesses"."city", "businesses"."state", "businesses"."naics", "businesses"."revenue_band", "businesses"."employee_band", "businesses"."number_of_employees", "businesses"."member_tier", "businesses"."member_since", "businesses"."stripe_customer_id", "businesses"."subscription_status", "businesses"."subscription_id", "businesses"."insight_preferences", "businesses"."plan_chosen_at", "businesses"."insight_preferences_saved_at", "businesses"."trial_tier", "businesses"."trial_started_at", "businesses"."trial_ends_at", "businesses"."created_at", "businesses"."updated_at", "business_members"."role" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" left join "business_members" on ("business_members"."user_id" = "users"."id" and "business_members"."business_id" = COALESCE(
  (SELECT m.business_id FROM business_members m WHERE m.user_id = "users"."id" AND m.business_id = "sessions"."business_id"),
  (SELECT m.business_id FROM business_members m WHERE m.user_id = "users"."id"
    ORDER BY m.role = 'owner' DESC, m.created_at, m.business_id LIMIT 1))) left join "businesses" on "businesses"."id" = "business_members"."business_id" where ("sessions"."id" = ? and "sessions"."expires_at" > ? and "sessions"."last_seen_at" > ? and "users"."deactivated_at" is null)`;

// The _app shell (app/routes/_app.tsx): the notification summary (one batch) and hasEngagements.
export const NOTIFICATIONS = `select "id", "title", "body", "created_at", "link", "read_at" from "notifications" where "notifications"."user_id" = ? order by "notifications"."created_at" desc, "notifications"."id" desc limit ?`;
export const UNREAD_NOTIFICATIONS = `select count(*) from "notifications" where ("notifications"."user_id" = ? and "notifications"."read_at" is null)`;
export const HAS_ENGAGEMENTS = `select "id" from "delivery_outlines" where ("delivery_outlines"."business_id" = ? and ("delivery_outlines"."state" <> 'draft' and ("delivery_outlines"."egm_review_status" = 'approved' or "delivery_outlines"."signed_version" is not null or "delivery_outlines"."business_review_status" = 'revision'))) limit ?`;

// unreadMessageCount (app/server/conversations/threads.server.ts): the navigation's unread messages (docs/decisions/072).
export const UNREAD_MESSAGES = `select count(*) from "match_candidates" inner join "match_requests" on "match_requests"."id" = "match_candidates"."match_request_id" left join "thread_reads" on ("thread_reads"."thread_id" = "match_candidates"."id" and "thread_reads"."user_id" = ?) inner join "thread_messages" on ("thread_messages"."thread_id" = "match_candidates"."id" and "thread_messages"."created_at" > coalesce("thread_reads"."read_at", 0)) where (("match_candidates"."business_id" = ? and ("match_candidates"."status" = 'accepted' OR ("match_candidates"."status" = 'withdrawn' AND "match_candidates"."consultant_responded_at" IS NOT NULL))) and "thread_messages"."hidden_at" is null and ("thread_messages"."author_id" is null or "thread_messages"."author_id" <> ?))`;

// loadMemberships: the businesses the person belongs to (the shell's switcher, docs/decisions/068).
export const MEMBERSHIPS = `select "business_members"."business_id", "businesses"."name", "business_members"."role" from "business_members" inner join "businesses" on "businesses"."id" = "business_members"."business_id" where "business_members"."user_id" = ? order by "businesses"."name" asc, "businesses"."id" asc`;

// loadClientInsightLists (one batch): insight requests, value insights, match requests.
export const INSIGHT_REQUESTS = `select "id", "category", "created_at", "status", "payment_complete", "covered_by_plan" from "insight_requests" where "insight_requests"."business_id" = ? order by "insight_requests"."created_at" desc, "insight_requests"."id" desc limit ?`;
export const VALUE_INSIGHTS = `select "id", "category", "created_at", "title" from "value_insights" where "value_insights"."business_id" = ? order by "value_insights"."created_at" desc, "value_insights"."id" desc limit ?`;
export const MATCH_REQUESTS = `select "match_requests"."id", "match_requests"."category", "match_requests"."created_at", "match_requests"."status", "match_requests"."next_candidate_by", (
          select "match_candidates"."consultant_id" from "match_candidates"
          where "match_candidates"."match_request_id" = "match_requests"."id"
            and "match_candidates"."business_id" = "match_requests"."business_id"
            and "match_candidates"."status" = 'accepted'
            and "match_candidates"."business_decision_status" = 'pending'
          order by "match_candidates"."consultant_responded_at", "match_candidates"."created_at", "match_candidates"."id"
          limit 1) as "candidate_consultant_id", "delivery_outlines"."id" as "outline_id", "delivery_outlines"."state" from "match_requests" left join "delivery_outlines" on "delivery_outlines"."id" = (
            select o.id from "delivery_outlines" as o
            where o.match_request_id = "match_requests"."id"
              and o.business_id = "match_requests"."business_id"
              and o.state <> 'draft'
              and (o.egm_review_status = 'approved' or o.signed_version is not null
                or o.business_review_status = 'revision')
            order by o.created_at desc, o.id desc
            limit 1) where "match_requests"."business_id" = ? order by "match_requests"."created_at" desc, "match_requests"."id" desc limit ?`;

// loadEngagementTiles (one batch): the engagements and their items.
export const ENGAGEMENTS = `select "delivery_outlines"."id", "delivery_outlines"."match_request_id", "delivery_outlines"."title", "delivery_outlines"."created_at", "delivery_outlines"."state", "delivery_outlines"."complete", "delivery_outlines"."egm_review_status", "delivery_outlines"."business_review_status", "delivery_outlines"."version", "delivery_outlines"."signed_version", "delivery_outlines"."business_rejected_version", "delivery_outlines"."submitted_at", "delivery_outlines"."paused_at", "match_requests"."category", "match_requests"."consulting_type", "users"."first_name", "users"."last_name" from "delivery_outlines" inner join "match_requests" on ("match_requests"."id" = "delivery_outlines"."match_request_id" and "match_requests"."business_id" = ?) left join "users" on "users"."id" = "delivery_outlines"."consultant_id" where ("delivery_outlines"."business_id" = ? and ("delivery_outlines"."state" <> 'draft' and ("delivery_outlines"."egm_review_status" = 'approved' or "delivery_outlines"."signed_version" is not null or "delivery_outlines"."business_review_status" = 'revision'))) order by "delivery_outlines"."created_at" desc, "delivery_outlines"."id" desc limit ?`;
export const ENGAGEMENT_ITEMS = `select "delivery_items"."id", "delivery_items"."outline_id", "delivery_items"."position", "delivery_items"."status", "delivery_items"."paid_purchase_id", "delivery_items"."consultant_confirmed_delivery", "delivery_items"."business_delivery_review", EXISTS (SELECT 1 FROM "item_refunds" WHERE "item_refunds"."item_id" = "delivery_items"."id" AND "item_refunds"."status" IN ('pending', 'succeeded') AND "item_refunds"."partial" = 0) as "refunded" from "delivery_items" inner join "delivery_outlines" on "delivery_outlines"."id" = "delivery_items"."outline_id" where ("delivery_items"."business_id" = ? and ("delivery_outlines"."business_id" = ? and ("delivery_outlines"."state" <> 'draft' and ("delivery_outlines"."egm_review_status" = 'approved' or "delivery_outlines"."signed_version" is not null or "delivery_outlines"."business_review_status" = 'revision'))))`;

// loadBenchmarkingView (one batch): the year's purchase, the connection, the job, the report, and
// the books behind a report without its payroll total.
export const BENCHMARKING_YEAR = `select "purchase_id" from "benchmarking_purchases" where ("benchmarking_purchases"."business_id" = ? and "benchmarking_purchases"."year" = ?) limit ?`;
export const BENCHMARKING_CONNECTION = `select "status" from "accounting_connections" where "accounting_connections"."business_id" = ? limit ?`;
export const BENCHMARKING_JOB = `select "status", "started_at", "due_at", "updated_at" from "jobs" where ("jobs"."kind" = ? and "jobs"."business_id" = ? and "jobs"."period" = ?) limit ?`;
export const BENCHMARKING_REPORT = `select "data" from "benchmark_reports" where ("benchmark_reports"."business_id" = ? and "benchmark_reports"."period" = ?) limit ?`;
/** The books behind a report stored before it kept its payroll total (ADR 060); no row otherwise. */
export const BENCHMARKING_BOOKS = `select "finance_reports"."expense_lines", "finance_reports"."last_update" from "finance_reports" inner join "benchmark_reports" on ("benchmark_reports"."business_id" = "finance_reports"."business_id" and "benchmark_reports"."period" = ?) where ("finance_reports"."business_id" = ? and json_extract("benchmark_reports"."data", '$.basis') = 'books' and json_type("benchmark_reports"."data", '$.payroll') IS NULL) limit ?`;

// loadLearningSummary (one batch): published items, the user's progress, the last visit.
export const LEARNING_ITEMS = `select "id", "kind", "title", "summary", "area", "allowed_tiers", "published_at", "video_url" from "learning_items" where ("learning_items"."published_at" is not null and "learning_items"."archived_at" is null) order by "learning_items"."published_at" desc`;
export const LEARNING_PROGRESS = `select "item_id" from "learning_progress" where "learning_progress"."user_id" = ?`;
export const LEARNING_VISITS = `select "seen_at" from "learning_visits" where "learning_visits"."user_id" = ?`;

// loadDocumentsSummary (one batch): files, signed statements of work, reports, benchmarks, matches.
export const DOCUMENT_FILES = `select "files"."id", "files"."r2_key", "files"."original_name", "files"."size_bytes", "files"."purpose", "files"."folder", "files"."created_at", "files"."insight_request_id", "files"."match_request_id", "files"."delivery_item_id", "files"."thread_message_id", "thread_messages"."thread_id", "thread_messages"."hidden_at" IS NOT NULL as "message_hidden", (SELECT mr.category FROM match_candidates c JOIN match_requests mr ON mr.id = c.match_request_id WHERE c.id = "thread_messages"."thread_id") as "thread_category", "users"."first_name", "users"."last_name", "insight_requests"."category" as "insight_category", "match_requests"."category" as "match_category", "delivery_items"."title", "delivery_items"."outline_id" from "files" left join "users" on "users"."id" = "files"."uploaded_by_user_id" left join "insight_requests" on ("insight_requests"."id" = "files"."insight_request_id" and "insight_requests"."business_id" = ?) left join "match_requests" on ("match_requests"."id" = "files"."match_request_id" and "match_requests"."business_id" = ?) left join "delivery_items" on ("delivery_items"."id" = "files"."delivery_item_id" and "delivery_items"."business_id" = ?) left join "thread_messages" on ("thread_messages"."id" = "files"."thread_message_id" and "thread_messages"."business_id" = ?) where ("files"."business_id" = ? and ("files"."thread_message_id" IS NULL OR "thread_messages"."thread_id" IN (SELECT c.id FROM match_candidates c WHERE c.business_id = ? AND (c.status = 'accepted' OR (c.status = 'withdrawn' AND c.consultant_responded_at IS NOT NULL)))))`;
export const DOCUMENT_SIGNATURES = `select "sow_signatures"."id", "sow_signatures"."outline_id", "sow_signatures"."outline_version", "sow_signatures"."signer_name", "sow_signatures"."signed_at", "sow_signatures"."pdf_size", "delivery_outlines"."title" from "sow_signatures" inner join "delivery_outlines" on "delivery_outlines"."id" = "sow_signatures"."outline_id" where "sow_signatures"."business_id" = ?`;
export const DOCUMENT_REPORTS = `select "insight_reports"."id", "insight_reports"."insight_request_id", "insight_reports"."title", "insight_reports"."published_at", "insight_reports"."created_at", "users"."first_name", "users"."last_name" from "insight_reports" left join "users" on "users"."id" = "insight_reports"."author_id" where ("insight_reports"."business_id" = ? and "insight_reports"."status" = ?)`;
export const DOCUMENT_BENCHMARKS = `select "id", "period", "created_at" from "benchmark_reports" where "benchmark_reports"."business_id" = ? order by "benchmark_reports"."created_at" desc limit ?`;
export const DOCUMENT_MATCHES = `select "id", "category", "created_at" from "match_requests" where "match_requests"."business_id" = ? order by "match_requests"."created_at" desc`;

/** loadDashboardFinance: the connection, the finance report and the latest report job (one query). */
export const FINANCE = `select "accounting_connections"."status", "accounting_connections"."realm_id", "accounting_connections"."connected_at", "accounting_connections"."last_error", "finance_reports"."profit_and_loss", "finance_reports"."last_update", "finance_reports"."period_end", "finance_reports"."source", "jobs"."id", "jobs"."status", "jobs"."last_error", "jobs"."period" from "businesses" left join "accounting_connections" on "accounting_connections"."business_id" = "businesses"."id" left join "finance_reports" on "finance_reports"."business_id" = "businesses"."id" left join "jobs" on "jobs"."id" = (
  SELECT "latest"."id" FROM "jobs" AS "latest"
  WHERE "latest"."business_id" = "businesses"."id" AND "latest"."kind" = 'finance_report'
  ORDER BY "latest"."period" DESC, "latest"."created_at" DESC
  LIMIT 1
) where "businesses"."id" = ? limit ?`;

/** listUpcomingEvents: the next three events with their registrations (one query). */
export const UPCOMING_EVENTS = `select "id", "title", "description", "kind", "starts_at", "ends_at", "time_zone", "capacity", "join_url", "allowed_tiers", (SELECT count(*) FROM event_registrations r WHERE r.event_id = events.id AND r.cancelled_at IS NULL), EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = events.id AND r.business_id = ? AND r.cancelled_at IS NULL) from "events" where ("events"."cancelled_at" is null and "events"."ends_at" > ?) order by "events"."starts_at" asc limit ?`;
