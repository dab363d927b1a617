CREATE TABLE `consultant_transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`consultant_user_id` text NOT NULL,
	`purchase_id` text,
	`charged_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'held' NOT NULL,
	`stripe_transfer_id` text,
	`stripe_reversal_id` text,
	`failure_message` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`paid_at` integer,
	`reversed_at` integer,
	FOREIGN KEY (`item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`consultant_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "consultant_transfers_amounts" CHECK(fee_cents >= 0 AND amount_cents >= 0 AND charged_cents = fee_cents + amount_cents)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consultant_transfers_item_unique` ON `consultant_transfers` (`item_id`);--> statement-breakpoint
CREATE INDEX `consultant_transfers_consultant_idx` ON `consultant_transfers` (`consultant_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `consultant_transfers_outline_idx` ON `consultant_transfers` (`outline_id`);--> statement-breakpoint
CREATE INDEX `consultant_transfers_business_idx` ON `consultant_transfers` (`business_id`);--> statement-breakpoint
CREATE TABLE `item_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`purchase_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_refund_id` text,
	`failure_message` text,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "item_refunds_amount_positive" CHECK(amount_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `item_refunds_item_unique` ON `item_refunds` (`item_id`);--> statement-breakpoint
CREATE INDEX `item_refunds_outline_idx` ON `item_refunds` (`outline_id`);--> statement-breakpoint
CREATE INDEX `item_refunds_business_idx` ON `item_refunds` (`business_id`);