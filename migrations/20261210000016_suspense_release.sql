-- Suspense worked off in the back office (issue 32 point 3): whose the money turned out to be,
-- and what became of it. origin: unknown_account (a payment naming no account of the bank) or
-- activation_fee (a second payment of a fee already paid, user_id says whose). status: open,
-- matched (credited to resolved_account_id) or returned (sent back through its scheme); the
-- release's ledger entry is resolved_entry_id. A release is a four-eyes proposal of kind
-- release_suspense (staff_proposals.kind).
ALTER TABLE suspense_items ADD COLUMN origin TEXT NOT NULL DEFAULT 'unknown_account';
ALTER TABLE suspense_items ADD COLUMN user_id TEXT;
ALTER TABLE suspense_items ADD COLUMN status TEXT NOT NULL DEFAULT 'open';
ALTER TABLE suspense_items ADD COLUMN resolved_account_id TEXT;
ALTER TABLE suspense_items ADD COLUMN resolved_entry_id TEXT;
ALTER TABLE suspense_items ADD COLUMN resolved_at BIGINT;
CREATE INDEX suspense_items_open ON suspense_items (status, created_at);
