-- The match request's status sentence is derived from its status and next_candidate_by when read
-- (app/lib/matching/match-status.ts matchStatusText), no longer stored at every write.
ALTER TABLE `match_requests` DROP COLUMN `status_text`;