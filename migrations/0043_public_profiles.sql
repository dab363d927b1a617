CREATE TABLE `consultant_public_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `consultant_profiles` ADD `listed_at` integer;--> statement-breakpoint
ALTER TABLE `match_requests` ADD `requested_consultant_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
INSERT INTO `consultant_public_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `consultant_profiles_public_version_insert` AFTER INSERT ON `consultant_profiles`
BEGIN INSERT INTO `consultant_public_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `consultant_profiles_public_version_update` AFTER UPDATE ON `consultant_profiles`
BEGIN INSERT INTO `consultant_public_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `consultant_profiles_public_version_delete` AFTER DELETE ON `consultant_profiles`
BEGIN INSERT INTO `consultant_public_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `users_consultant_public_version` AFTER UPDATE OF `first_name`, `last_name`, `deactivated_at` ON `users`
WHEN NEW.`role` = 'consultant'
BEGIN INSERT INTO `consultant_public_version` (`id`, `version`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `version` = `version` + 1; END;