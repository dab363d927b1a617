CREATE TABLE `time_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`consultant_id` text,
	`work_date` text NOT NULL,
	`minutes` integer NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`consultant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "time_entries_minutes_positive" CHECK(minutes > 0)
);
--> statement-breakpoint
CREATE INDEX `time_entries_item_idx` ON `time_entries` (`item_id`,`work_date`);--> statement-breakpoint
CREATE INDEX `time_entries_business_id_idx` ON `time_entries` (`business_id`);--> statement-breakpoint
ALTER TABLE `delivery_items` ADD `period_start` text;--> statement-breakpoint
ALTER TABLE `delivery_items` ADD `period_end` text;--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_items_period_unique` ON `delivery_items` (`outline_id`,`period_start`) WHERE period_start IS NOT NULL;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `kind` text DEFAULT 'project' NOT NULL;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `monthly_fee_cents` integer;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `monthly_budget_minutes` integer;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `retainer_start_date` text;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `notice_months` integer;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `notice_given_at` integer;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `notice_given_by` text;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `ends_on` text;--> statement-breakpoint
CREATE INDEX `delivery_outlines_open_retainers_idx` ON `delivery_outlines` (`id`) WHERE kind = 'retainer' AND complete = 0;