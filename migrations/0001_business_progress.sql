ALTER TABLE `businesses` ADD `plan_chosen_at` integer;--> statement-breakpoint
ALTER TABLE `businesses` ADD `insight_preferences_saved_at` integer;