-- Issue #38 item 5 (docs/decisions/069): data exports and account deletions.
CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text,
	`user_id` text,
	`requested_by_user_id` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`r2_key` text,
	`size_bytes` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`expires_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `data_exports_open_business_unique` ON `data_exports` (`business_id`) WHERE status IN ('queued', 'building') AND business_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `data_exports_open_user_unique` ON `data_exports` (`user_id`) WHERE status IN ('queued', 'building') AND business_id IS NULL;--> statement-breakpoint
CREATE INDEX `data_exports_business_idx` ON `data_exports` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `data_exports_user_idx` ON `data_exports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `data_exports_status_idx` ON `data_exports` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `account_deletions` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text,
	`user_id` text,
	`requested_by_user_id` text NOT NULL,
	`status` text DEFAULT 'deleting' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`subscription_cancelled_at` integer,
	`quickbooks_revoked_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_deletions_business_unique` ON `account_deletions` (`business_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `account_deletions_user_unique` ON `account_deletions` (`user_id`);--> statement-breakpoint
CREATE INDEX `account_deletions_status_idx` ON `account_deletions` (`status`,`updated_at`);--> statement-breakpoint
-- The audit trail stays append-only, with one exception: while its business (or its actor's
-- account) is being deleted, a row's IP, user agent and detail may be erased, and nothing else
-- of it changed (docs/decisions/069). Deleting a row is still refused.
DROP TRIGGER `audit_events_no_update`;--> statement-breakpoint
CREATE TRIGGER `audit_events_no_update` BEFORE UPDATE ON `audit_events`
WHEN NOT (
	(
		EXISTS (SELECT 1 FROM `account_deletions` d WHERE d.business_id = OLD.business_id AND d.status = 'deleting')
		OR EXISTS (SELECT 1 FROM `account_deletions` d WHERE d.user_id = OLD.actor_user_id AND d.business_id IS NULL AND d.status = 'deleting')
	)
	AND NEW.id = OLD.id
	AND NEW.business_id IS OLD.business_id
	AND NEW.actor_user_id IS OLD.actor_user_id
	AND NEW.actor_kind = OLD.actor_kind
	AND NEW.action = OLD.action
	AND NEW.subject_type = OLD.subject_type
	AND NEW.subject_id = OLD.subject_id
	AND NEW.created_at = OLD.created_at
	AND NEW.ip IS NULL
	AND NEW.user_agent IS NULL
)
BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END;
