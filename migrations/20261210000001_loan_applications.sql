-- Finance a business applies for through a lender (issue 30; SPEC §3 Loan application): a
-- business loan, a mortgage or factoring. The lender decides; its decisions arrive by signed
-- webhook and move `state` only forward (domain/lending/application.rs), each move also written
-- to the audit log in the same transaction.
CREATE TABLE loan_applications (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    -- business | mortgage | factoring.
    product TEXT NOT NULL,
    -- The lender that has it (sandbox | youlend), and its own id for it.
    provider TEXT NOT NULL,
    provider_ref TEXT,
    -- applied | in_review | pre_approved | approved | rejected.
    state TEXT NOT NULL,
    -- The lender's reason for its last decision, as it gave it.
    reason TEXT,
    -- What was asked for (GBP, minor units) and over how many months.
    amount BIGINT NOT NULL,
    term_months INTEGER NOT NULL,
    -- The whole form as the person sent it (JSON).
    form TEXT NOT NULL,
    -- What the bank shared with the lender with the person's consent (JSON), NULL without.
    shared TEXT,
    -- Where the person continues with the lender.
    redirect_uri TEXT,
    -- The lender's offer, and the money it paid in (minor units) with the transaction showing it.
    offered_amount BIGINT,
    paid_amount BIGINT,
    paid_transaction_id TEXT,
    applied_by TEXT NOT NULL REFERENCES users (id),
    -- The London day it was applied for (yyyy-MM-dd): SPEC §8's three months count from it.
    applied_day TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX loan_applications_by_profile ON loan_applications (profile_id, product, created_at);
CREATE UNIQUE INDEX loan_applications_by_provider ON loan_applications (provider, provider_ref);
