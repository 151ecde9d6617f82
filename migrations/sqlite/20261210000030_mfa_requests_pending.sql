-- SQLite: the same index is built CONCURRENTLY on PostgreSQL (migrations/postgres).
-- A new code or approval ends the person's pending requests of its purpose
-- (store::mfa::EXPIRE_PENDING_SQL): found through this index, not among all the requests the
-- person ever had.
CREATE INDEX mfa_requests_pending ON mfa_requests (user_id, purpose) WHERE status = 'pending';
