CREATE TABLE `app_origins` (
	`id` text PRIMARY KEY NOT NULL,
	`origin` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `jobs` ADD `due_at` integer;