-- Emailed digests of unread messages (issue #39 item 5, docs/decisions/075): per thread and person,
-- up to which message they were emailed and the range a digest being sent has claimed.
CREATE TABLE `message_digests` (
	`thread_id` text NOT NULL,
	`user_id` text NOT NULL,
	`emailed_up_to` integer NOT NULL,
	`claimed_up_to` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`thread_id`, `user_id`),
	FOREIGN KEY (`thread_id`) REFERENCES `match_candidates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_digests_user_id_idx` ON `message_digests` (`user_id`);