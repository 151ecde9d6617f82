-- SQLite: the same index is built CONCURRENTLY on PostgreSQL (migrations/postgres).
-- Whether to ask for a review (store::reviews::standing, on every signed-in page) looks for a
-- transfer an account received: through this index its first row, not every transaction of
-- an account that only ever paid out.
CREATE INDEX transactions_received ON transactions (bank_account_id, created_at) WHERE type = 'transfer' AND status = 'completed' AND amount > 0;
