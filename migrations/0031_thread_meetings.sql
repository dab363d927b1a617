-- Calls proposed and booked in a conversation (issue #39 item 6, docs/decisions/074): two or three
-- UTC start times, one duration, a video link or phone number; booked, declined or cancelled, with its SEQUENCE.
CREATE TABLE `thread_meetings` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`business_id` text NOT NULL,
	`proposed_by_id` text,
	`proposer_party` text NOT NULL,
	`slot1_at` integer NOT NULL,
	`slot2_at` integer NOT NULL,
	`slot3_at` integer,
	`duration_minutes` integer NOT NULL,
	`location` text NOT NULL,
	`note` text,
	`status` text DEFAULT 'proposed' NOT NULL,
	`chosen_slot` integer,
	`starts_at` integer,
	`answered_by_id` text,
	`answered_at` integer,
	`cancelled_by_id` text,
	`cancelled_at` integer,
	`sequence` integer DEFAULT 0 NOT NULL,
	`reminded_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `match_candidates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposed_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`answered_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cancelled_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "thread_meetings_slot_order" CHECK(slot1_at < slot2_at AND (slot3_at IS NULL OR slot2_at < slot3_at)),
	CONSTRAINT "thread_meetings_duration" CHECK(duration_minutes IN (30, 45, 60)),
	CONSTRAINT "thread_meetings_location_length" CHECK(length(location) BETWEEN 1 AND 500),
	CONSTRAINT "thread_meetings_note_length" CHECK(note IS NULL OR length(note) <= 1000),
	CONSTRAINT "thread_meetings_chosen_slot" CHECK((chosen_slot IS NULL AND starts_at IS NULL) OR (chosen_slot IN (1, 2, 3) AND starts_at IS NOT NULL)),
	CONSTRAINT "thread_meetings_booked_has_slot" CHECK(status != 'booked' OR chosen_slot IS NOT NULL),
	CONSTRAINT "thread_meetings_sequence" CHECK(sequence >= 0)
);
--> statement-breakpoint
CREATE INDEX `thread_meetings_thread_created_idx` ON `thread_meetings` (`thread_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `thread_meetings_status_starts_idx` ON `thread_meetings` (`status`,`starts_at`);--> statement-breakpoint
CREATE INDEX `thread_meetings_business_id_idx` ON `thread_meetings` (`business_id`);--> statement-breakpoint
CREATE INDEX `thread_meetings_proposed_by_id_idx` ON `thread_meetings` (`proposed_by_id`);--> statement-breakpoint
CREATE INDEX `thread_meetings_answered_by_id_idx` ON `thread_meetings` (`answered_by_id`);--> statement-breakpoint
CREATE INDEX `thread_meetings_cancelled_by_id_idx` ON `thread_meetings` (`cancelled_by_id`);