-- The audit trail (issue #38 item 2, docs/decisions/065): append-only, enforced here.
CREATE TABLE `audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text,
	`actor_user_id` text,
	`actor_kind` text NOT NULL,
	`action` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`detail` text NOT NULL,
	`ip` text,
	`user_agent` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_events_business_idx` ON `audit_events` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_created_at_idx` ON `audit_events` (`created_at`);--> statement-breakpoint
CREATE TRIGGER `audit_events_no_update` BEFORE UPDATE ON `audit_events`
BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_events_no_delete` BEFORE DELETE ON `audit_events`
BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END;
