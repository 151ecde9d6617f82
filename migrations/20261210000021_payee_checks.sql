-- Confirmation of Payee (issue 33 point 2): each check of a UK account's name, as the payer
-- asked it and as the payee's bank (or the bank itself, for its own accounts) answered, and the
-- answer a transfer was sent with, with whether the payer agreed to pay despite it.
CREATE TABLE payee_checks (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL,
    sort_code TEXT NOT NULL,
    account_number TEXT NOT NULL,
    name TEXT NOT NULL,
    payee_type TEXT NOT NULL,
    result TEXT NOT NULL,
    held_name TEXT,
    held_type TEXT,
    answered_by TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX payee_checks_profile ON payee_checks (profile_id, created_at);
ALTER TABLE transfers ADD COLUMN payee_check_id TEXT;
ALTER TABLE transfers ADD COLUMN payee_risk_accepted BIGINT NOT NULL DEFAULT 0;
