-- The double-entry ledger (DESIGN.md §5) and the customer's bank accounts on top of it.
-- Amounts are integer minor units. A posting's amount is signed: the balances of all ledger
-- accounts of one currency always sum to zero, because every entry's postings do.
CREATE TABLE ledger_accounts (
    id TEXT PRIMARY KEY,
    -- customer, fee_income, fx_position, scheme_clearing, suspense
    kind TEXT NOT NULL,
    -- 'customer:<bank account id>', 'fee_income:GBP', 'scheme_clearing:local:GBP', ...
    code TEXT NOT NULL UNIQUE,
    currency TEXT NOT NULL,
    -- The cached booked balance and the sum of open holds; available = balance - held.
    balance BIGINT NOT NULL,
    held BIGINT NOT NULL,
    -- How many postings the account has: the order of its statement lines.
    postings_count BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE journal_entries (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    -- A client's id for the movement: a retry finds the first entry instead of booking twice.
    idempotency_key TEXT UNIQUE,
    booked_at BIGINT NOT NULL
);

CREATE TABLE postings (
    entry_id TEXT NOT NULL REFERENCES journal_entries (id),
    seq BIGINT NOT NULL,
    account_id TEXT NOT NULL REFERENCES ledger_accounts (id),
    currency TEXT NOT NULL,
    amount BIGINT NOT NULL,
    -- The account's balance after this posting and its place among the account's postings.
    balance_after BIGINT NOT NULL,
    account_seq BIGINT NOT NULL,
    PRIMARY KEY (entry_id, seq)
);
CREATE UNIQUE INDEX postings_account_seq ON postings (account_id, account_seq);

CREATE TABLE holds (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES ledger_accounts (id),
    amount BIGINT NOT NULL,
    reference TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    released_at BIGINT
);
CREATE INDEX holds_open ON holds (account_id, released_at);

-- SPEC §3 "Bank account".
CREATE TABLE bank_accounts (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    ledger_account_id TEXT NOT NULL UNIQUE REFERENCES ledger_accounts (id),
    currency TEXT NOT NULL,
    -- SPEC §4 "Account status": draft, pending, suspended, inactive, active, closed.
    status TEXT NOT NULL,
    is_primary BIGINT NOT NULL,
    iban TEXT NOT NULL UNIQUE,
    bic TEXT NOT NULL,
    sort_code TEXT,
    account_number TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    alias TEXT,
    created_at BIGINT NOT NULL,
    -- How many transactions the account has, so the unfiltered list need not count them.
    transactions_count BIGINT NOT NULL DEFAULT 0,
    -- A pending account becomes active from this moment, by the background job.
    activates_at BIGINT
);
CREATE INDEX bank_accounts_profile ON bank_accounts (profile_id);
CREATE INDEX bank_accounts_pending ON bank_accounts (status, activates_at);

-- SPEC §3 "Transaction": what a customer sees of a movement on one of their accounts. A booked
-- transaction points at its journal entry; a declined one has none and moved nothing.
CREATE TABLE transactions (
    id TEXT PRIMARY KEY,
    bank_account_id TEXT NOT NULL REFERENCES bank_accounts (id),
    entry_id TEXT REFERENCES journal_entries (id),
    type TEXT NOT NULL,
    status TEXT NOT NULL,
    scheme TEXT,
    currency TEXT NOT NULL,
    -- Signed from the account's side: money in is positive. amount_total = amount - fee for
    -- money out (a larger debit), the movement of the balance.
    amount BIGINT NOT NULL,
    fee BIGINT NOT NULL,
    amount_total BIGINT NOT NULL,
    conversion_currency TEXT,
    conversion_amount_total BIGINT,
    details TEXT NOT NULL,
    counterparty_name TEXT,
    counterparty_type TEXT,
    counterparty_account TEXT,
    acceptor TEXT,
    balance_after BIGINT,
    account_seq BIGINT,
    -- Lower-cased name and reference, for the keyword search.
    search_text TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX transactions_account_time ON transactions (bank_account_id, created_at, id);
CREATE INDEX transactions_entry ON transactions (entry_id);
