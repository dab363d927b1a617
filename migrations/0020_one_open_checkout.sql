CREATE TABLE `purchase_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`purchase_id` text,
	`subscription_id` text,
	`reason` text NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_refund_id` text,
	`failure_message` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "purchase_refunds_amount_nonnegative" CHECK(amount_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_refunds_purchase_reason_unique` ON `purchase_refunds` (`purchase_id`,`reason`);--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_refunds_subscription_unique` ON `purchase_refunds` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `purchase_refunds_business_idx` ON `purchase_refunds` (`business_id`,`status`);--> statement-breakpoint
CREATE INDEX `purchase_refunds_status_idx` ON `purchase_refunds` (`status`,`updated_at`);--> statement-breakpoint
ALTER TABLE `purchases` ADD `checkout_expires_at` integer;--> statement-breakpoint
ALTER TABLE `purchases` ADD `duplicate_of_purchase_id` text REFERENCES purchases(id) ON DELETE set null;--> statement-breakpoint
-- One open checkout per thing bought: of the pending purchases an older version left for the same
-- reference (or, for plans, the same business), the newest stays open and the others are canceled
-- (a payment that still arrives for one of them is fulfilled or refunded as a duplicate).
UPDATE `purchases` SET `status` = 'canceled' WHERE `status` = 'pending' AND `kind` <> 'subscription' AND EXISTS (SELECT 1 FROM `purchases` AS `newer` WHERE `newer`.`status` = 'pending' AND `newer`.`business_id` = `purchases`.`business_id` AND `newer`.`kind` = `purchases`.`kind` AND `newer`.`reference_id` = `purchases`.`reference_id` AND (`newer`.`created_at` > `purchases`.`created_at` OR (`newer`.`created_at` = `purchases`.`created_at` AND `newer`.`id` > `purchases`.`id`)));--> statement-breakpoint
UPDATE `purchases` SET `status` = 'canceled' WHERE `status` = 'pending' AND `kind` = 'subscription' AND EXISTS (SELECT 1 FROM `purchases` AS `newer` WHERE `newer`.`status` = 'pending' AND `newer`.`kind` = 'subscription' AND `newer`.`business_id` = `purchases`.`business_id` AND (`newer`.`created_at` > `purchases`.`created_at` OR (`newer`.`created_at` = `purchases`.`created_at` AND `newer`.`id` > `purchases`.`id`)));--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_one_open_checkout` ON `purchases` (`business_id`,`kind`,`reference_id`) WHERE status = 'pending' AND kind <> 'subscription';--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_one_open_subscription_checkout` ON `purchases` (`business_id`) WHERE status = 'pending' AND kind = 'subscription';