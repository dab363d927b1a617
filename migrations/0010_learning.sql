CREATE TABLE `learning_items` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`area` text NOT NULL,
	`body_markdown` text DEFAULT '' NOT NULL,
	`video_url` text,
	`file_key` text,
	`file_name` text,
	`file_content_type` text,
	`file_size_bytes` integer,
	`file_sha256` text,
	`allowed_tiers` text NOT NULL,
	`published_at` integer,
	`created_by_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`archived_at` integer,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `learning_items_published_at_idx` ON `learning_items` (`published_at`);--> statement-breakpoint
CREATE INDEX `learning_items_created_by_id_idx` ON `learning_items` (`created_by_id`);--> statement-breakpoint
CREATE TABLE `learning_progress` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`item_id` text NOT NULL,
	`done_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `learning_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `learning_progress_user_item_idx` ON `learning_progress` (`user_id`,`item_id`);--> statement-breakpoint
CREATE INDEX `learning_progress_item_id_idx` ON `learning_progress` (`item_id`);--> statement-breakpoint
CREATE TABLE `learning_visits` (
	`user_id` text PRIMARY KEY NOT NULL,
	`seen_at` integer NOT NULL,
	`previous_seen_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
