ALTER TABLE `files` ADD `folder` text;--> statement-breakpoint
CREATE INDEX `files_business_purpose_idx` ON `files` (`business_id`,`purpose`);