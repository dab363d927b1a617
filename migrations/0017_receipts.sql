ALTER TABLE `email_outbox` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_key_unique` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
ALTER TABLE `purchases` ADD `card_brand` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `card_last4` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `tax_cents` integer;