-- When the session's person last approved with their second factor (the log-in itself, or a
-- step-up before a security change): security changes need a recent one (ASVS 6.4 / 7.5).
ALTER TABLE sessions ADD COLUMN approved_at BIGINT;
