CREATE TABLE `local_stripe_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`customer_id` text,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `local_stripe_objects_customer_idx` ON `local_stripe_objects` (`customer_id`,`type`);