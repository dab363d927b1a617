-- The lease sweep's approved deliverables by approval time (recordMissedTransfers, docs/decisions/078): a
-- transfer never recorded because the Worker died after the approval is recorded and sent.
CREATE INDEX `delivery_items_approved_idx` ON `delivery_items` (`completed_at`) WHERE status = 'approved';