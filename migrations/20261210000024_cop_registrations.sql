-- Confirmation of Payee for other banks' customers paying ours (issue 33 point 2): ClearBank
-- answers their checks about the bank's sterling accounts from the owner's name and type the
-- bank registers with each account (a virtual account at ClearBank under the bank's own). One
-- row per account: ClearBank's id of it once known, and the name and type last registered; an
-- account whose holder's name or type differs from what is registered is registered again.
CREATE TABLE cop_registrations (
    bank_account_id TEXT PRIMARY KEY,
    virtual_account_id TEXT,
    registered_name TEXT,
    owner_type TEXT,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL DEFAULT 0,
    last_error TEXT,
    updated_at BIGINT NOT NULL
);
