-- An approval of a transfer is bound to its terms (PSD2 RTS art. 5, dynamic linking): the hash
-- of amount, currency, paying account and payee it was given for.
ALTER TABLE mfa_requests ADD COLUMN binding TEXT;

-- A transfer a customer submitted (SPEC §3 "Transfer request"). Its id is the client's: the
-- idempotency key, so a retry finds this row instead of paying twice.
CREATE TABLE transfers (
    id TEXT PRIMARY KEY,
    -- What the request asked for: the same id with another body is refused.
    request_digest TEXT NOT NULL,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    bank_account_id TEXT NOT NULL REFERENCES bank_accounts (id),
    -- The payer's transaction row, and the payee's when they bank here.
    transaction_id TEXT NOT NULL REFERENCES transactions (id),
    payee_transaction_id TEXT REFERENCES transactions (id),
    scheme TEXT NOT NULL,
    currency TEXT NOT NULL,
    amount BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    payee_name TEXT NOT NULL,
    -- The payee as the scheme needs it (JSON: type, iban, sort code, bic, SWIFT address).
    payee TEXT NOT NULL,
    reference TEXT NOT NULL,
    -- pending (in the scheme), completed, returned.
    status TEXT NOT NULL,
    settle_after BIGINT NOT NULL,
    return_reason TEXT,
    -- ISO 20022 pain.001.001.09 and pacs.008.001.08, for SEPA and SWIFT.
    pain_001 TEXT,
    pacs_008 TEXT,
    created_at BIGINT NOT NULL,
    settled_at BIGINT
);
CREATE INDEX transfers_due ON transfers (status, settle_after);
CREATE INDEX transfers_profile_day ON transfers (profile_id, currency, created_at);
CREATE INDEX transfers_transaction ON transfers (transaction_id);

-- Files a customer uploads (SPEC §7 Documents upload), in chunks; a transfer's attachments.
CREATE TABLE documents (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    -- The client's id for the upload, unique within the profile.
    upload_id TEXT NOT NULL,
    type TEXT NOT NULL,
    file_name TEXT NOT NULL,
    total_chunks BIGINT NOT NULL,
    received_chunks BIGINT NOT NULL,
    size BIGINT NOT NULL,
    -- Known once every chunk has arrived and the content was checked.
    content_type TEXT,
    transfer_id TEXT REFERENCES transfers (id),
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX documents_upload ON documents (profile_id, upload_id);
CREATE INDEX documents_transfer ON documents (transfer_id);

-- The chunks as they arrive, base64 so one TEXT column serves SQLite and PostgreSQL alike.
CREATE TABLE document_chunks (
    document_id TEXT NOT NULL REFERENCES documents (id),
    chunk_number BIGINT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (document_id, chunk_number)
);

-- Money that arrived for an account the bank does not know: held in suspense until it is
-- matched or sent back.
CREATE TABLE suspense_items (
    id TEXT PRIMARY KEY,
    entry_id TEXT NOT NULL REFERENCES journal_entries (id),
    scheme TEXT NOT NULL,
    currency TEXT NOT NULL,
    amount BIGINT NOT NULL,
    account_text TEXT NOT NULL,
    payer TEXT NOT NULL,
    reference TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
