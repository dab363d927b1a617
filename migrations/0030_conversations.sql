-- Conversations (issue #39, docs/decisions/072): the messages of each thread (a thread is a match
-- candidacy: its id is match_candidates.id) and how far each person has read each thread.
CREATE TABLE `thread_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`business_id` text NOT NULL,
	`author_id` text,
	`author_party` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`edited_at` integer,
	`hidden_at` integer,
	`hidden_by_id` text,
	FOREIGN KEY (`thread_id`) REFERENCES `match_candidates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`hidden_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "thread_messages_body_length" CHECK(length(body) BETWEEN 1 AND 5000)
);
--> statement-breakpoint
CREATE INDEX `thread_messages_thread_created_idx` ON `thread_messages` (`thread_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `thread_messages_business_id_idx` ON `thread_messages` (`business_id`);--> statement-breakpoint
CREATE INDEX `thread_messages_author_id_idx` ON `thread_messages` (`author_id`);--> statement-breakpoint
CREATE TABLE `thread_reads` (
	`thread_id` text NOT NULL,
	`user_id` text NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`thread_id`, `user_id`),
	FOREIGN KEY (`thread_id`) REFERENCES `match_candidates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `thread_reads_user_id_idx` ON `thread_reads` (`user_id`);