CREATE TABLE `delivery_outline_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`outline_id` text NOT NULL,
	`business_id` text NOT NULL,
	`version` integer NOT NULL,
	`title` text NOT NULL,
	`overview` text NOT NULL,
	`items` text NOT NULL,
	`submitted_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`outline_id`) REFERENCES `delivery_outlines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_outline_versions_outline_version_unique` ON `delivery_outline_versions` (`outline_id`,`version`);--> statement-breakpoint
ALTER TABLE `delivery_outlines` ADD `business_rejected_version` integer;--> statement-breakpoint
UPDATE `delivery_outlines` SET `business_rejected_version` = `version` WHERE `business_review_status` = 'revision' AND `egm_review_status` = 'approved' AND `business_reviewed_at` IS NOT NULL AND (`egm_reviewed_at` IS NULL OR `egm_reviewed_at` <= `business_reviewed_at`);
