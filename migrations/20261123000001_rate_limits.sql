-- Rate-limit windows shared by every bank process on one PostgreSQL (the embedded SQLite bank
-- counts in memory; Redis takes them when configured). One row per limit and subject; a row
-- whose window has ended is reset by the next hit and swept by the background job.
CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    hits BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);
