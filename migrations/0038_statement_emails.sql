-- Monthly statements (docs/decisions/081): the claim of each business's and consultant's statement
-- email of a month, so the monthly cron sends it once whatever the number of runs.
CREATE TABLE `statement_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text,
	`consultant_user_id` text,
	`month` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`consultant_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "statement_emails_one_recipient" CHECK((business_id IS NULL) <> (consultant_user_id IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statement_emails_business_month_unique` ON `statement_emails` (`business_id`,`month`);--> statement-breakpoint
CREATE UNIQUE INDEX `statement_emails_consultant_month_unique` ON `statement_emails` (`consultant_user_id`,`month`);
