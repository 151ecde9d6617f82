-- People who can log in (SPEC §3 "User") and their sessions (DESIGN.md §4).
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    title TEXT,
    name TEXT NOT NULL,
    middle_name TEXT,
    surname TEXT NOT NULL,
    dob TEXT,
    is_pep BIGINT NOT NULL DEFAULT 0,
    phone_code TEXT,
    phone_number TEXT,
    country TEXT,
    region TEXT,
    city TEXT,
    address1 TEXT,
    postcode TEXT,
    building_number TEXT,
    mfa_method TEXT NOT NULL,
    onboarding_flow TEXT,
    kyc_status TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Tokens are stored only as hashes. A refresh rotates the row: the old one is marked
-- rotated and a new one joins the same family; presenting a rotated refresh token again
-- revokes the whole family.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    family_id TEXT NOT NULL,
    access_hash TEXT NOT NULL UNIQUE,
    refresh_hash TEXT NOT NULL UNIQUE,
    access_expires_at BIGINT NOT NULL,
    refresh_expires_at BIGINT NOT NULL,
    rotated_at BIGINT,
    revoked_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX sessions_family ON sessions (family_id);
CREATE INDEX sessions_user ON sessions (user_id);
