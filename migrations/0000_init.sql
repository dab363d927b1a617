CREATE TABLE `accounting_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`provider` text DEFAULT 'quickbooks' NOT NULL,
	`realm_id` text NOT NULL,
	`access_token_ciphertext` text NOT NULL,
	`access_token_expires_at` integer NOT NULL,
	`refresh_token_ciphertext` text NOT NULL,
	`refresh_token_expires_at` integer NOT NULL,
	`status` text DEFAULT 'connected' NOT NULL,
	`connected_at` integer NOT NULL,
	`last_refreshed_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounting_connections_business_id_unique` ON `accounting_connections` (`business_id`);--> statement-breakpoint
CREATE INDEX `accounting_connections_status_idx` ON `accounting_connections` (`status`);--> statement-breakpoint
CREATE TABLE `benchmark_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`naics` text NOT NULL,
	`period` text NOT NULL,
	`data` text NOT NULL,
	`job_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `benchmark_reports_business_period_unique` ON `benchmark_reports` (`business_id`,`period`);--> statement-breakpoint
CREATE INDEX `benchmark_reports_business_created_idx` ON `benchmark_reports` (`business_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `benchmarking_purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`year` integer NOT NULL,
	`purchase_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `benchmarking_purchases_business_year_unique` ON `benchmarking_purchases` (`business_id`,`year`);--> statement-breakpoint
CREATE INDEX `benchmarking_purchases_purchase_id_idx` ON `benchmarking_purchases` (`purchase_id`);--> statement-breakpoint
CREATE TABLE `businesses` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_user_id` text NOT NULL,
	`name` text NOT NULL,
	`client_role` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`naics` text NOT NULL,
	`revenue_band` text NOT NULL,
	`employee_band` text NOT NULL,
	`number_of_employees` integer NOT NULL,
	`member_tier` text DEFAULT 'BASIC' NOT NULL,
	`member_since` text NOT NULL,
	`stripe_customer_id` text,
	`subscription_status` text,
	`subscription_id` text,
	`insight_preferences` text DEFAULT '{"finance":true,"hr":true,"leadership":true,"management":true,"marketing":true,"operations":true,"sales":true,"strategy":true,"technology":true}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "businesses_naics_six_digits" CHECK(length(naics) = 6 AND naics NOT GLOB '*[^0-9]*'),
	CONSTRAINT "businesses_number_of_employees_positive" CHECK(number_of_employees >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_owner_user_id_unique` ON `businesses` (`owner_user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `businesses_stripe_customer_id_unique` ON `businesses` (`stripe_customer_id`);--> statement-breakpoint
CREATE INDEX `businesses_subscription_id_idx` ON `businesses` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `businesses_naics_idx` ON `businesses` (`naics`);--> statement-breakpoint
CREATE TABLE `consultant_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`headline` text NOT NULL,
	`business_areas` text NOT NULL,
	`engagement_types` text NOT NULL,
	`industries` text NOT NULL,
	`years_of_experience` integer NOT NULL,
	`education` text NOT NULL,
	`mission_statement` text NOT NULL,
	`bio` text NOT NULL,
	`availability` text DEFAULT 'available' NOT NULL,
	`hours_per_week` integer DEFAULT 0 NOT NULL,
	`hourly_rate_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`location` text NOT NULL,
	`vetted` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "consultant_profiles_years_nonnegative" CHECK(years_of_experience >= 0),
	CONSTRAINT "consultant_profiles_rate_nonnegative" CHECK(hourly_rate_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consultant_profiles_user_id_unique` ON `consultant_profiles` (`user_id`);--> statement-breakpoint
CREATE INDEX `consultant_profiles_pool_idx` ON `consultant_profiles` (`vetted`,`availability`);--> statement-breakpoint
CREATE TABLE `delivery_item_decisions` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`decided_by_user_id` text,
	`decision` text NOT NULL,
	`decision_action` text NOT NULL,
	`business_notes` text DEFAULT '' NOT NULL,
	`complete` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `delivery_item_decisions_item_id_idx` ON `delivery_item_decisions` (`item_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `delivery_item_decisions_outline_id_idx` ON `delivery_item_decisions` (`outline_id`);--> statement-breakpoint
CREATE INDEX `delivery_item_decisions_business_id_idx` ON `delivery_item_decisions` (`business_id`);--> statement-breakpoint
CREATE TABLE `delivery_items` (
	`id` text PRIMARY KEY NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`delivery_date` text NOT NULL,
	`price_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text DEFAULT 'upcoming' NOT NULL,
	`consultant_confirmed_delivery` integer DEFAULT false NOT NULL,
	`consultant_confirmed_at` integer,
	`summary_of_work` text,
	`business_delivery_review` text,
	`paid_purchase_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`paid_purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "delivery_items_price_nonnegative" CHECK(price_cents >= 0)
);
--> statement-breakpoint
CREATE INDEX `delivery_items_outline_position_idx` ON `delivery_items` (`outline_id`,`position`);--> statement-breakpoint
CREATE INDEX `delivery_items_business_id_idx` ON `delivery_items` (`business_id`);--> statement-breakpoint
CREATE INDEX `delivery_items_paid_purchase_id_idx` ON `delivery_items` (`paid_purchase_id`);--> statement-breakpoint
CREATE TABLE `delivery_outlines` (
	`id` text PRIMARY KEY NOT NULL,
	`match_request_id` text NOT NULL,
	`business_id` text NOT NULL,
	`consultant_id` text,
	`title` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`egm_review_status` text DEFAULT 'pending' NOT NULL,
	`egm_review_notes` text,
	`egm_reviewer_id` text,
	`egm_reviewed_at` integer,
	`business_review_status` text DEFAULT 'pending' NOT NULL,
	`business_notes` text,
	`business_signature` text,
	`business_signature_date` text,
	`business_reviewed_at` integer,
	`active_item_id` text,
	`complete` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`match_request_id`) REFERENCES `match_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`consultant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`egm_reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`active_item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `delivery_outlines_match_request_id_idx` ON `delivery_outlines` (`match_request_id`);--> statement-breakpoint
CREATE INDEX `delivery_outlines_business_id_idx` ON `delivery_outlines` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `delivery_outlines_consultant_id_idx` ON `delivery_outlines` (`consultant_id`);--> statement-breakpoint
CREATE INDEX `delivery_outlines_egm_review_idx` ON `delivery_outlines` (`egm_review_status`,`state`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`from_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`kind` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`provider_message_id` text,
	`error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_at_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_to_address_idx` ON `email_outbox` (`to_address`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text,
	`uploaded_by_user_id` text,
	`r2_key` text NOT NULL,
	`original_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`purpose` text DEFAULT 'other' NOT NULL,
	`insight_request_id` text,
	`match_request_id` text,
	`delivery_item_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`insight_request_id`) REFERENCES `insight_requests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`match_request_id`) REFERENCES `match_requests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`delivery_item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "files_size_range" CHECK(size_bytes >= 0 AND size_bytes <= 16000000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `files_r2_key_unique` ON `files` (`r2_key`);--> statement-breakpoint
CREATE INDEX `files_business_created_idx` ON `files` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `files_uploaded_by_user_id_idx` ON `files` (`uploaded_by_user_id`);--> statement-breakpoint
CREATE INDEX `files_insight_request_id_idx` ON `files` (`insight_request_id`);--> statement-breakpoint
CREATE INDEX `files_match_request_id_idx` ON `files` (`match_request_id`);--> statement-breakpoint
CREATE INDEX `files_delivery_item_id_idx` ON `files` (`delivery_item_id`);--> statement-breakpoint
CREATE TABLE `finance_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`profit_and_loss` text DEFAULT '[]' NOT NULL,
	`source` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`last_update` integer NOT NULL,
	`job_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `finance_reports_business_id_unique` ON `finance_reports` (`business_id`);--> statement-breakpoint
CREATE TABLE `insight_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`insight_request_id` text NOT NULL,
	`business_id` text NOT NULL,
	`category` text NOT NULL,
	`title` text NOT NULL,
	`high_level_summary` text DEFAULT '' NOT NULL,
	`recommendations` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`author_id` text,
	`client_satisfaction` integer,
	`client_feedback` text,
	`feedback_at` integer,
	`converted_to_match_request_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer,
	FOREIGN KEY (`insight_request_id`) REFERENCES `insight_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`converted_to_match_request_id`) REFERENCES `match_requests`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "insight_reports_satisfaction_range" CHECK(client_satisfaction IS NULL OR client_satisfaction BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `insight_reports_insight_request_id_unique` ON `insight_reports` (`insight_request_id`);--> statement-breakpoint
CREATE INDEX `insight_reports_business_created_idx` ON `insight_reports` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `insight_reports_status_idx` ON `insight_reports` (`status`);--> statement-breakpoint
CREATE INDEX `insight_reports_author_id_idx` ON `insight_reports` (`author_id`);--> statement-breakpoint
CREATE INDEX `insight_reports_converted_idx` ON `insight_reports` (`converted_to_match_request_id`);--> statement-breakpoint
CREATE TABLE `insight_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`created_by_user_id` text,
	`category` text NOT NULL,
	`business_nature` text DEFAULT '' NOT NULL,
	`management_structure` text DEFAULT '' NOT NULL,
	`num_employees` text DEFAULT '' NOT NULL,
	`annual_sales` text DEFAULT '' NOT NULL,
	`issue_details` text DEFAULT '' NOT NULL,
	`issue_cause` text DEFAULT '' NOT NULL,
	`resolution_outcome` text DEFAULT '' NOT NULL,
	`resolution_help` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'awaiting_payment' NOT NULL,
	`status_text` text NOT NULL,
	`payment_complete` integer DEFAULT false NOT NULL,
	`covered_by_plan` integer DEFAULT false NOT NULL,
	`insight_report_id` text,
	`assigned_manager_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`submitted_at` integer,
	`delivered_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`insight_report_id`) REFERENCES `insight_reports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assigned_manager_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `insight_requests_business_created_idx` ON `insight_requests` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `insight_requests_status_idx` ON `insight_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `insight_requests_assigned_manager_id_idx` ON `insight_requests` (`assigned_manager_id`);--> statement-breakpoint
CREATE INDEX `insight_requests_insight_report_id_idx` ON `insight_requests` (`insight_report_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`business_id` text NOT NULL,
	`period` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_kind_business_period_unique` ON `jobs` (`kind`,`business_id`,`period`);--> statement-breakpoint
CREATE INDEX `jobs_business_id_idx` ON `jobs` (`business_id`);--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `match_candidates` (
	`id` text PRIMARY KEY NOT NULL,
	`match_request_id` text NOT NULL,
	`business_id` text NOT NULL,
	`consultant_id` text NOT NULL,
	`status` text DEFAULT 'proposed' NOT NULL,
	`business_decision_status` text DEFAULT 'pending' NOT NULL,
	`proposed_by_id` text,
	`consultant_responded_at` integer,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`match_request_id`) REFERENCES `match_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`consultant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposed_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `match_candidates_match_consultant_unique` ON `match_candidates` (`match_request_id`,`consultant_id`);--> statement-breakpoint
CREATE INDEX `match_candidates_consultant_id_idx` ON `match_candidates` (`consultant_id`,`status`);--> statement-breakpoint
CREATE INDEX `match_candidates_business_id_idx` ON `match_candidates` (`business_id`);--> statement-breakpoint
CREATE TABLE `match_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`created_by_user_id` text,
	`category` text NOT NULL,
	`consulting_type` text,
	`problem_statement` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'submitted' NOT NULL,
	`status_text` text NOT NULL,
	`source` text DEFAULT 'direct' NOT NULL,
	`source_id` text,
	`matched_consultant_id` text,
	`assigned_manager_id` text,
	`client_satisfaction` integer,
	`client_feedback` text,
	`feedback_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`matched_consultant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assigned_manager_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "match_requests_satisfaction_range" CHECK(client_satisfaction IS NULL OR client_satisfaction BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `match_requests_business_created_idx` ON `match_requests` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `match_requests_status_idx` ON `match_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `match_requests_matched_consultant_id_idx` ON `match_requests` (`matched_consultant_id`);--> statement-breakpoint
CREATE INDEX `match_requests_assigned_manager_id_idx` ON `match_requests` (`assigned_manager_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `match_requests_source_unique` ON `match_requests` (`source`,`source_id`);--> statement-breakpoint
CREATE TABLE `naics_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`level` integer NOT NULL,
	`parent_code` text
);
--> statement-breakpoint
CREATE INDEX `naics_codes_parent_code_idx` ON `naics_codes` (`parent_code`);--> statement-breakpoint
CREATE INDEX `naics_codes_level_idx` ON `naics_codes` (`level`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`business_id` text,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`link` text,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_business_id_idx` ON `notifications` (`business_id`);--> statement-breakpoint
CREATE TABLE `oauth_states` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`business_id` text NOT NULL,
	`return_page` text DEFAULT 'DASHBOARD' NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_states_user_id_idx` ON `oauth_states` (`user_id`);--> statement-breakpoint
CREATE INDEX `oauth_states_business_id_idx` ON `oauth_states` (`business_id`);--> statement-breakpoint
CREATE INDEX `oauth_states_expires_at_idx` ON `oauth_states` (`expires_at`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_code_hash_unique` ON `password_resets` (`code_hash`);--> statement-breakpoint
CREATE INDEX `password_resets_user_id_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
CREATE INDEX `password_resets_expires_at_idx` ON `password_resets` (`expires_at`);--> statement-breakpoint
CREATE TABLE `purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`created_by_user_id` text,
	`kind` text NOT NULL,
	`reference_id` text,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_checkout_session_id` text,
	`stripe_payment_intent_id` text,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "purchases_amount_nonnegative" CHECK(amount_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_stripe_checkout_session_id_unique` ON `purchases` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_idempotency_key_unique` ON `purchases` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `purchases_business_id_idx` ON `purchases` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `purchases_kind_reference_idx` ON `purchases` (`kind`,`reference_id`);--> statement-breakpoint
CREATE INDEX `purchases_stripe_payment_intent_id_idx` ON `purchases` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`window_start` integer NOT NULL,
	`failures_in_row` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_updated_at_idx` ON `rate_limits` (`updated_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_at_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `support_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`business_id` text,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	`handled_by_id` text,
	`handled_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`handled_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `support_messages_user_id_idx` ON `support_messages` (`user_id`);--> statement-breakpoint
CREATE INDEX `support_messages_business_id_idx` ON `support_messages` (`business_id`);--> statement-breakpoint
CREATE INDEX `support_messages_status_idx` ON `support_messages` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `support_messages_handled_by_id_idx` ON `support_messages` (`handled_by_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'client' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`password_changed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE TABLE `value_insights` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`finance_report_id` text,
	`kind` text NOT NULL,
	`category` text DEFAULT 'finance' NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`status_text` text NOT NULL,
	`client_satisfaction` integer,
	`client_feedback` text,
	`feedback_at` integer,
	`converted_to_match_request_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`finance_report_id`) REFERENCES `finance_reports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`converted_to_match_request_id`) REFERENCES `match_requests`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "value_insights_satisfaction_range" CHECK(client_satisfaction IS NULL OR client_satisfaction BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `value_insights_business_created_idx` ON `value_insights` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `value_insights_finance_report_id_idx` ON `value_insights` (`finance_report_id`);--> statement-breakpoint
CREATE INDEX `value_insights_converted_idx` ON `value_insights` (`converted_to_match_request_id`);