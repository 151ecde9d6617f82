-- no-transaction
-- The same question looks for an active card of the person: through this index, not among
-- every active card of the bank (the only index on cards by status alone is the delivery
-- job's). Built CONCURRENTLY, one statement, as above.
CREATE INDEX CONCURRENTLY IF NOT EXISTS cards_user_active ON cards (user_id, created_at) WHERE status = 'active';
