CREATE TABLE `consultant_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`linkedin_url` text,
	`business_areas` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `consultant_applications_status_idx` ON `consultant_applications` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `consultant_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by_id` text,
	`application_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`revoked_at` integer,
	`accepted_user_id` text,
	FOREIGN KEY (`invited_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`application_id`) REFERENCES `consultant_applications`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consultant_invitations_token_hash_unique` ON `consultant_invitations` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `consultant_invitations_open_email_unique` ON `consultant_invitations` (`email`) WHERE accepted_at IS NULL AND revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX `consultant_invitations_email_idx` ON `consultant_invitations` (`email`);--> statement-breakpoint
CREATE INDEX `consultant_invitations_created_at_idx` ON `consultant_invitations` (`created_at`);--> statement-breakpoint
CREATE TABLE `consultant_profile_drafts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`fields` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'editing' NOT NULL,
	`submitted_at` integer,
	`review_notes` text,
	`reviewed_at` integer,
	`reviewed_by_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `consultant_vettings` (
	`id` text PRIMARY KEY NOT NULL,
	`consultant_id` text NOT NULL,
	`decision` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`decided_by_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`consultant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `consultant_vettings_consultant_created_idx` ON `consultant_vettings` (`consultant_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `away_until` integer;--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `paused_at` integer;--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `photo_key` text;--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `rate_unit` text DEFAULT 'hour' NOT NULL;--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `rate_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `time_zone` text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `linkedin_url` text;--> statement-breakpoint
-- Profiles quoted per hour until now: their rate is their hourly rate.
UPDATE `consultant_profiles` SET `rate_cents` = `hourly_rate_cents` WHERE `rate_cents` = 0;
