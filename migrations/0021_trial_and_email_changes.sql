CREATE TABLE `email_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`new_email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_token_hash_unique` ON `email_changes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_changes_user_id_idx` ON `email_changes` (`user_id`);--> statement-breakpoint
ALTER TABLE `businesses` ADD `trial_tier` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `trial_started_at` integer;--> statement-breakpoint
ALTER TABLE `businesses` ADD `trial_ends_at` integer;