-- Members of a business (issue #38 item 1, docs/decisions/066): who belongs to which business
-- with which role, and the business a session works in.
CREATE TABLE `business_members` (
	`business_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`business_id`, `user_id`),
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `business_members_user_id_idx` ON `business_members` (`user_id`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `business_id` text;--> statement-breakpoint
-- Every existing business gets its owner's membership.
INSERT INTO `business_members` (`business_id`, `user_id`, `role`, `created_at`)
SELECT `id`, `owner_user_id`, 'owner', `created_at` FROM `businesses` WHERE true
ON CONFLICT DO NOTHING;
