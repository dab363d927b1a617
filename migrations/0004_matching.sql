CREATE TABLE `consultant_experiences` (
	`id` text PRIMARY KEY NOT NULL,
	`consultant_id` text NOT NULL,
	`client_description` text NOT NULL,
	`naics_code` text NOT NULL,
	`employee_band` text NOT NULL,
	`years` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`consultant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "consultant_experiences_years_positive" CHECK(years >= 1)
);
--> statement-breakpoint
CREATE INDEX `consultant_experiences_consultant_id_idx` ON `consultant_experiences` (`consultant_id`);--> statement-breakpoint
CREATE TABLE `match_suggestions` (
	`id` text PRIMARY KEY NOT NULL,
	`match_request_id` text NOT NULL,
	`business_id` text NOT NULL,
	`consultant_id` text NOT NULL,
	`rank` integer NOT NULL,
	`score` integer NOT NULL,
	`factors` text NOT NULL,
	`summary` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by_id` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`match_request_id`) REFERENCES `match_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`consultant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "match_suggestions_score_range" CHECK(score BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `match_suggestions_match_consultant_unique` ON `match_suggestions` (`match_request_id`,`consultant_id`);--> statement-breakpoint
CREATE INDEX `match_suggestions_match_rank_idx` ON `match_suggestions` (`match_request_id`,`rank`);--> statement-breakpoint
CREATE INDEX `match_suggestions_business_id_idx` ON `match_suggestions` (`business_id`);--> statement-breakpoint
CREATE INDEX `match_suggestions_consultant_id_idx` ON `match_suggestions` (`consultant_id`);--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `industry_codes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `company_sizes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `match_candidates` ADD `decline_reason` text;--> statement-breakpoint
ALTER TABLE `match_requests` ADD `ranked_at` integer;--> statement-breakpoint
ALTER TABLE `match_requests` ADD `next_candidate_by` integer;--> statement-breakpoint
ALTER TABLE `match_requests` ADD `matched_at` integer;