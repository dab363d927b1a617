-- Staff in production (issue #38, docs/decisions/064): invitations of staff (the first made by
-- `npm run staff:invite`), a staff account's rights (admin or manager) and closed accounts.
CREATE TABLE `staff_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`staff_role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`revoked_at` integer,
	`accepted_user_id` text,
	FOREIGN KEY (`invited_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_invitations_token_hash_unique` ON `staff_invitations` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `staff_invitations_open_email_unique` ON `staff_invitations` (`email`) WHERE accepted_at IS NULL AND revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX `staff_invitations_created_at_idx` ON `staff_invitations` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `staff_role` text;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` integer;--> statement-breakpoint
-- Every engagement manager so far could do everything: they stay able to, as admins.
UPDATE `users` SET `staff_role` = 'admin' WHERE `role` = 'manager';
