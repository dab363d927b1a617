-- Verified email (issue #38 item 4, docs/decisions/070): when the account's sign-in email was
-- proven to be its owner's (a link sent to it was opened, or the account was made from an emailed
-- invitation). Null: not yet. Every existing account counts as verified since it was made.
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
UPDATE `users` SET `email_verified_at` = `created_at` WHERE `email_verified_at` IS NULL;
