-- Payment cards of the bank's own sandbox card programme (issue 14). The full number is only
-- ever stored sealed (AES-256-GCM, domain/cards/sealed.rs) with a keyed digest to find it by;
-- the security code is computed, never stored.
CREATE TABLE cards (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    -- The holder: the person who ordered it, or the employee a corporate card was given to.
    user_id TEXT NOT NULL REFERENCES users (id),
    -- The account it spends from (GBP: cards need a UK primary account, SPEC §6).
    bank_account_id TEXT NOT NULL REFERENCES bank_accounts (id),
    -- SPEC §4 card status.
    status TEXT NOT NULL,
    pan_sealed TEXT NOT NULL,
    pan_digest TEXT NOT NULL UNIQUE,
    last_four TEXT NOT NULL,
    -- YYYY-MM: valid through the last day of the month.
    expiry TEXT NOT NULL,
    holder_name TEXT NOT NULL,
    is_corporate BIGINT NOT NULL,
    -- argon2id of the PIN chosen at activation; wrong PINs at terminals block it.
    pin_hash TEXT,
    pin_failures BIGINT NOT NULL DEFAULT 0,
    closure_reason TEXT,
    -- Where it is sent (JSON: type registered | trading | other, and the address lines).
    shipping_address TEXT NOT NULL,
    -- The delivery job moves the card on from this moment.
    next_step_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX cards_profile_user ON cards (profile_id, user_id);
CREATE INDEX cards_delivery ON cards (status, next_step_at);

-- Controls and daily limits per SPEC §3 limit type; a card has one row of each.
CREATE TABLE card_controls (
    card_id TEXT NOT NULL REFERENCES cards (id),
    kind TEXT NOT NULL,
    enabled BIGINT NOT NULL,
    daily_limit BIGINT NOT NULL,
    PRIMARY KEY (card_id, kind)
);

-- Authorisations from the card network (SPEC §3 "Card authorization hold"). The network's own
-- id makes every message idempotent: a repeated authorisation, capture or reversal finds its row.
CREATE TABLE card_authorizations (
    id TEXT PRIMARY KEY,
    network_id TEXT NOT NULL UNIQUE,
    card_id TEXT NOT NULL REFERENCES cards (id),
    bank_account_id TEXT NOT NULL REFERENCES bank_accounts (id),
    -- contactless_payment, atm_cash_withdrawal, online_purchase.
    kind TEXT NOT NULL,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    -- pending (money held), captured, reversed, declined; refund for money the merchant
    -- gave back (original_id names the captured payment).
    status TEXT NOT NULL,
    original_id TEXT REFERENCES card_authorizations (id),
    decline_reason TEXT,
    hold_id TEXT REFERENCES holds (id),
    -- The customer's transaction row: pending while held, then completed or gone.
    transaction_id TEXT REFERENCES transactions (id),
    -- SPEC §3 acceptor, as JSON.
    acceptor TEXT NOT NULL,
    -- London day (YYYY-MM-DD) the limits count it on.
    day TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    settled_at BIGINT
);
CREATE INDEX card_authorizations_card ON card_authorizations (card_id, created_at);
CREATE INDEX card_authorizations_day ON card_authorizations (card_id, kind, day);

-- SPEC §3 Profile cardShippingAddressType: where a profile's cards go by default.
ALTER TABLE profiles ADD COLUMN card_shipping_type TEXT;
ALTER TABLE profiles ADD COLUMN card_shipping_address TEXT;

-- One personal card live (ordered, on its way, active or frozen) per person and profile: two
-- orders at once cannot both succeed.
CREATE UNIQUE INDEX cards_one_live ON cards (profile_id, user_id)
    WHERE status <> 'closed' AND is_corporate = 0;

-- The card a transaction was made with (SPEC §7 transactions fetch `cardId`).
ALTER TABLE transactions ADD COLUMN card_id TEXT;
CREATE INDEX transactions_card ON transactions (card_id, created_at);
