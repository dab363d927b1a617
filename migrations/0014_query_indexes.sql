DROP INDEX `accounting_connections_status_idx`;--> statement-breakpoint
CREATE INDEX `accounting_connections_status_business_idx` ON `accounting_connections` (`status`,`business_id`);--> statement-breakpoint
CREATE INDEX `consultant_profile_drafts_status_idx` ON `consultant_profile_drafts` (`status`);