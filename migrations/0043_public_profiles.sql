ALTER TABLE `consultant_profiles` ADD `listed_at` integer;--> statement-breakpoint
CREATE INDEX `consultant_profiles_updated_at_idx` ON `consultant_profiles` (`updated_at`);--> statement-breakpoint
ALTER TABLE `match_requests` ADD `requested_consultant_id` text REFERENCES users(id) ON DELETE set null;