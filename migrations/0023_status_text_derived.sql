-- Status sentences are derived when read, no longer stored at every write (docs/decisions/061):
-- a match request's from its status and next_candidate_by (matchStatusText), an insight request's
-- from its status and covered_by_plan (insightStatusText), a value insight's is one sentence.
ALTER TABLE `value_insights` DROP COLUMN `status_text`;--> statement-breakpoint
ALTER TABLE `insight_requests` DROP COLUMN `status_text`;--> statement-breakpoint
ALTER TABLE `match_requests` DROP COLUMN `status_text`;