-- Recipients (SPEC §3 "Recipient"), kept per profile: a payee's name and account, in the
-- shape its payment type needs; the SWIFT address as JSON.
CREATE TABLE recipients (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    scheme TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    alias TEXT,
    iban TEXT,
    uk_sort_code TEXT,
    uk_account_number TEXT,
    bic TEXT,
    routing_code TEXT,
    reference TEXT,
    currency TEXT NOT NULL,
    swift_address TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX recipients_profile ON recipients (profile_id, name);
