CREATE TABLE `extra_hours_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`consultant_id` text,
	`minutes` integer NOT NULL,
	`reason` text NOT NULL,
	`price_cents` integer NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`decided_by_user_id` text,
	`decided_at` integer,
	`extra_item_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`consultant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`extra_item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "extra_hours_requests_minutes_positive" CHECK(minutes > 0),
	CONSTRAINT "extra_hours_requests_price_nonnegative" CHECK(price_cents >= 0)
);
--> statement-breakpoint
CREATE INDEX `extra_hours_requests_item_idx` ON `extra_hours_requests` (`item_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `extra_hours_requests_outline_idx` ON `extra_hours_requests` (`outline_id`);--> statement-breakpoint
CREATE INDEX `extra_hours_requests_business_id_idx` ON `extra_hours_requests` (`business_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `extra_hours_requests_waiting_unique` ON `extra_hours_requests` (`item_id`) WHERE status = 'requested';--> statement-breakpoint
ALTER TABLE `delivery_items` ADD `extra_for_item_id` text REFERENCES delivery_items(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `delivery_items_extra_for_item_idx` ON `delivery_items` (`extra_for_item_id`) WHERE extra_for_item_id IS NOT NULL;