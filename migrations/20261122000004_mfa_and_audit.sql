-- Second-factor requests (SPEC §3/§4): a code is stored hashed, lives 120 seconds, allows
-- five wrong attempts, and is used once.
CREATE TABLE mfa_requests (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    purpose TEXT NOT NULL,
    method TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX mfa_requests_user ON mfa_requests (user_id, created_at);

-- Security events, kept for investigation.
CREATE TABLE audit_log (
    id TEXT PRIMARY KEY,
    user_id TEXT,
    event TEXT NOT NULL,
    ip TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX audit_log_user ON audit_log (user_id, created_at);
