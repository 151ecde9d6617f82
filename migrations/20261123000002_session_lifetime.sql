-- An absolute session lifetime: every rotation of a log-in carries when the log-in happened, and
-- no refresh extends a session past 12 hours from it. Older rows count from their own start.
ALTER TABLE sessions ADD COLUMN family_started_at BIGINT;
