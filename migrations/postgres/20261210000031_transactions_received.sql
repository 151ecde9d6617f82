-- no-transaction
-- Whether to ask for a review (store::reviews::standing, on every signed-in page) looks for a
-- transfer an account received: through this index its first row, not every transaction of
-- an account that only ever paid out. Built CONCURRENTLY so payments go on while it builds
-- (this file runs outside a transaction, one statement).
CREATE INDEX CONCURRENTLY IF NOT EXISTS transactions_received ON transactions (bank_account_id, created_at) WHERE type = 'transfer' AND status = 'completed' AND amount > 0;
