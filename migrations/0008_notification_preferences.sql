CREATE TABLE `notification_preferences` (
	`user_id` text NOT NULL,
	`group_key` text NOT NULL,
	`email_enabled` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `group_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;