CREATE TABLE `cards_on_file` (
	`business_id` text PRIMARY KEY NOT NULL,
	`stripe_customer_id` text NOT NULL,
	`stripe_payment_method_id` text NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `purchases` ADD `stripe_invoice_id` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `invoice_url` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `decline_message` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `declined_at` integer;--> statement-breakpoint
ALTER TABLE `purchases` ADD `decline_attempts` integer;--> statement-breakpoint
ALTER TABLE `purchases` ADD `charge_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `purchases` ADD `retry_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_stripe_invoice_id_unique` ON `purchases` (`stripe_invoice_id`);