-- A quote for converting between two of a profile's accounts (SPEC §3 Exchange quote): held for
-- its lifetime, executed at most once. Amounts in minor units, rates as exact decimal text.
CREATE TABLE exchange_quotes (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    from_account_id TEXT NOT NULL REFERENCES bank_accounts (id),
    to_account_id TEXT NOT NULL REFERENCES bank_accounts (id),
    from_currency TEXT NOT NULL,
    to_currency TEXT NOT NULL,
    -- direct (the amount leaves) or inverse (the amount arrives).
    conversion_type TEXT NOT NULL,
    from_amount BIGINT NOT NULL,
    to_amount BIGINT NOT NULL,
    -- The customer's rate, and the mid-market rate and provider's day it came from.
    rate TEXT NOT NULL,
    mid_rate TEXT NOT NULL,
    rates_as_of TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- Withdrawn quotes (a newer one replaced it) expire at once.
    expires_at BIGINT NOT NULL
);
CREATE INDEX exchange_quotes_expiry ON exchange_quotes (expires_at);

-- A conversion the customer made. Its id is the client's (the idempotency key); a quote is
-- executed once, whatever id a retry carries.
CREATE TABLE exchanges (
    id TEXT PRIMARY KEY,
    quote_id TEXT NOT NULL UNIQUE REFERENCES exchange_quotes (id),
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    from_transaction_id TEXT NOT NULL REFERENCES transactions (id),
    to_transaction_id TEXT NOT NULL REFERENCES transactions (id),
    created_at BIGINT NOT NULL
);
