-- Approval rules (issue 13 point 6): above an Account Owner's threshold per currency, a transfer
-- made by anyone but an Account Owner waits for a second member's approval.
CREATE TABLE approval_rules (
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    currency TEXT NOT NULL,
    -- Minor units: a transfer of more than this waits.
    threshold BIGINT NOT NULL,
    updated_by TEXT NOT NULL REFERENCES users (id),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (profile_id, currency)
);

-- A transfer waiting for its second approval. Its id is the client's transfer id, which the
-- transfer keeps when it is approved; the money (amount and fee) is held meanwhile.
CREATE TABLE transfer_requests (
    id TEXT PRIMARY KEY,
    request_digest TEXT NOT NULL,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    created_by TEXT NOT NULL REFERENCES users (id),
    bank_account_id TEXT NOT NULL REFERENCES bank_accounts (id),
    currency TEXT NOT NULL,
    amount BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    payee_name TEXT NOT NULL,
    -- The terms' approval binding: the second approval is given for the same terms.
    binding TEXT NOT NULL,
    -- The transfer's terms and attachments (JSON), submitted as they are when approved.
    body TEXT NOT NULL,
    hold_id TEXT NOT NULL,
    -- waiting, approved, rejected.
    state TEXT NOT NULL,
    decided_by TEXT REFERENCES users (id),
    decided_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX transfer_requests_waiting ON transfer_requests (profile_id, state);
