-- Sign-up e-mail verification (SPEC §7 send-verification-email-v2 / verify-email-v2): a code
-- stored hashed, 10 minutes, five wrong attempts; once verified, a registration token (also
-- stored hashed, in an HttpOnly cookie on the browser) lets the person choose a password.
CREATE TABLE email_verifications (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    expires_at BIGINT NOT NULL,
    token_hash TEXT UNIQUE,
    token_expires_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX email_verifications_email ON email_verifications (email, created_at);

-- Password reset links: single use, one hour.
CREATE TABLE password_resets (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    token_hash TEXT NOT NULL UNIQUE,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- WebAuthn passkeys: the face method (challenge_proxied) of SPEC §3.
CREATE TABLE passkeys (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    credential_id TEXT NOT NULL UNIQUE,
    passkey TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- A passkey request keeps the WebAuthn ceremony state it was started with.
ALTER TABLE mfa_requests ADD COLUMN challenge TEXT;
-- Passkey enrolment ceremonies, one at a time per user.
CREATE TABLE passkey_enrolments (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    state TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
