-- Invitations to a business (issue #38 item 1, docs/decisions/067): an owner or admin invites a
-- colleague by email with a role (admin, member or viewer: owner is reached by transfer only); a
-- single-use link `/business-invitation/{token}` valid 7 days, of which D1 keeps only the SHA-256.
-- A business has at most one open invitation per email.
CREATE TABLE `business_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`revoked_at` integer,
	`accepted_user_id` text,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `business_invitations_token_hash_unique` ON `business_invitations` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `business_invitations_open_email_unique` ON `business_invitations` (`business_id`,`email`) WHERE accepted_at IS NULL AND revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX `business_invitations_business_created_idx` ON `business_invitations` (`business_id`,`created_at`);
