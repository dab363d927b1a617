-- Attachments of messages (issue #39 item 2, docs/decisions/076): a file attached to a message of a
-- conversation links to it, as a deliverable's files link to their item.
ALTER TABLE `files` ADD `thread_message_id` text REFERENCES thread_messages(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `files_thread_message_id_idx` ON `files` (`thread_message_id`);
