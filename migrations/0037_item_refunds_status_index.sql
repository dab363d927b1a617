-- The money desk's refunds under way by status (docs/decisions/080): the console's count on every /manage
-- page and the desk's list read item_refunds pending or failed through it.
CREATE INDEX `item_refunds_status_idx` ON `item_refunds` (`status`,`updated_at`);