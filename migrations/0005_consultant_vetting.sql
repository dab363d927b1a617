CREATE TABLE `consultant_vettings` (
	`id` text PRIMARY KEY NOT NULL,
	`consultant_id` text NOT NULL,
	`decision` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`decided_by_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`consultant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `consultant_vettings_consultant_created_idx` ON `consultant_vettings` (`consultant_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `away_until` integer;