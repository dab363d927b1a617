ALTER TABLE `match_candidates` ADD `withdrawal_reason` text;--> statement-breakpoint
ALTER TABLE `match_candidates` ADD `withdrawn_at` integer;