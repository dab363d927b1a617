CREATE TABLE `engagement_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`item_id` text,
	`author_id` text,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `delivery_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `engagement_notes_outline_id_idx` ON `engagement_notes` (`outline_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sow_signatures` (
	`id` text PRIMARY KEY NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`outline_version` integer NOT NULL,
	`signer_user_id` text,
	`signer_name` text NOT NULL,
	`signature_date` text NOT NULL,
	`signed_at` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`pdf_key` text NOT NULL,
	`pdf_sha256` text NOT NULL,
	`pdf_size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`signer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sow_signatures_outline_version_unique` ON `sow_signatures` (`outline_id`,`outline_version`);--> statement-breakpoint
CREATE INDEX `sow_signatures_business_id_idx` ON `sow_signatures` (`business_id`);--> statement-breakpoint
DROP INDEX `delivery_outlines_match_request_id_idx`;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `overview` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `signed_version` integer;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `submitted_at` integer;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `paused_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_outlines_match_request_id_unique` ON `delivery_outlines` (`match_request_id`);