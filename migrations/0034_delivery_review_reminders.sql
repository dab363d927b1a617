-- A delivered deliverable nobody reviewed (issue #40 item 1, docs/decisions/078): its reminders, one row per
-- delivery and day (3, 7, 13) claimed before sending; the daily run's index; decisions made by the run.
CREATE TABLE `delivery_review_reminders` (
	`item_id` text NOT NULL,
	`delivered_at` integer NOT NULL,
	`day` integer NOT NULL,
	`business_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`item_id`, `delivered_at`, `day`),
	FOREIGN KEY (`item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `delivery_review_reminders_business_id_idx` ON `delivery_review_reminders` (`business_id`);--> statement-breakpoint
ALTER TABLE `delivery_item_decisions` ADD `automatic` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `delivery_items_waiting_review_idx` ON `delivery_items` (`consultant_confirmed_at`,`id`) WHERE status = 'delivered' AND business_delivery_review = 'pending';