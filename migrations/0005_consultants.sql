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
ALTER TABLE `consultant_profiles` ADD `away_until` integer;