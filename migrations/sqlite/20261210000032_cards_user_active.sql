-- SQLite: the same index is built CONCURRENTLY on PostgreSQL (migrations/postgres).
-- The same question looks for an active card of the person: through this index, not among
-- every active card of the bank.
CREATE INDEX cards_user_active ON cards (user_id, created_at) WHERE status = 'active';
