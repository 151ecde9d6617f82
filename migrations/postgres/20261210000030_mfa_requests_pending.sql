-- no-transaction
-- A new code or approval ends the person's pending requests of its purpose
-- (store::mfa::EXPIRE_PENDING_SQL): found through this index, not among all the requests the
-- person ever had. Built CONCURRENTLY so customers keep logging in while it builds (this file runs
-- outside a transaction, one statement).
CREATE INDEX CONCURRENTLY IF NOT EXISTS mfa_requests_pending ON mfa_requests (user_id, purpose) WHERE status = 'pending';
