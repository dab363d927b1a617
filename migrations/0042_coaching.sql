CREATE TABLE `coaching_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`held_at` integer,
	`confirmed_at` integer,
	`confirmed_by_user_id` text,
	`missed_at` integer,
	`missed_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `thread_meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`confirmed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`missed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "coaching_sessions_one_answer" CHECK(confirmed_at IS NULL OR missed_at IS NULL)
);
--> statement-breakpoint
CREATE INDEX `coaching_sessions_item_idx` ON `coaching_sessions` (`item_id`);--> statement-breakpoint
CREATE INDEX `coaching_sessions_business_id_idx` ON `coaching_sessions` (`business_id`);--> statement-breakpoint
CREATE INDEX `coaching_sessions_unconfirmed_idx` ON `coaching_sessions` (`held_at`) WHERE held_at IS NOT NULL AND confirmed_at IS NULL AND missed_at IS NULL;--> statement-breakpoint
DROP INDEX `delivery_outlines_open_retainers_idx`;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `monthly_sessions` integer;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `session_minutes` integer;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `cancel_notice_hours` integer;--> statement-breakpoint
CREATE INDEX `delivery_outlines_open_monthly_idx` ON `delivery_outlines` (`id`) WHERE kind IN ('retainer', 'coaching') AND complete = 0;