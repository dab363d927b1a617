-- Disputes over delivered deliverables, settled by the engagement manager (issue #40, docs/decisions/079),
-- and a refund's partial flag (a dispute's split refunds part of the charge; the item stays approved).
CREATE TABLE `deliverable_disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`reason` text NOT NULL,
	`opened_by_user_id` text,
	`opened_at` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`outcome` text,
	`charged_cents` integer,
	`refund_cents` integer,
	`transfer_cents` integer,
	`fee_cents` integer,
	`decision` text,
	`settled_by_user_id` text,
	`settled_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`opened_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`settled_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "deliverable_disputes_balance" CHECK(outcome IS NULL OR (refund_cents >= 0 AND transfer_cents >= 0 AND fee_cents >= 0 AND charged_cents = refund_cents + transfer_cents + fee_cents))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deliverable_disputes_item_unique` ON `deliverable_disputes` (`item_id`);--> statement-breakpoint
CREATE INDEX `deliverable_disputes_outline_idx` ON `deliverable_disputes` (`outline_id`);--> statement-breakpoint
CREATE INDEX `deliverable_disputes_business_idx` ON `deliverable_disputes` (`business_id`);--> statement-breakpoint
CREATE INDEX `deliverable_disputes_status_idx` ON `deliverable_disputes` (`status`,`opened_at`);--> statement-breakpoint
ALTER TABLE `item_refunds` ADD `partial` integer DEFAULT false NOT NULL;