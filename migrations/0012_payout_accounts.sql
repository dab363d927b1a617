CREATE TABLE `consultant_payout_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`consultant_user_id` text NOT NULL,
	`stripe_account_id` text NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`requirements_due` text DEFAULT '[]' NOT NULL,
	`disabled_reason` text,
	`last_event_created` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`consultant_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "consultant_payout_accounts_stripe_id" CHECK(stripe_account_id LIKE 'acct_%')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consultant_payout_accounts_consultant_unique` ON `consultant_payout_accounts` (`consultant_user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `consultant_payout_accounts_stripe_unique` ON `consultant_payout_accounts` (`stripe_account_id`);