-- The card referral programme (SPEC §7 POST /v2/cards/referral-programs; §3 referral states
-- pending, active, rewarded). A customer's code brings a friend in at sign-up; when the friend
-- activates their first card the referral is active, and the bank pays the referrer's reward
-- once, in the same database transaction that marks it rewarded.
CREATE TABLE card_referral_codes (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    code TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
CREATE TABLE card_referrals (
    id TEXT PRIMARY KEY,
    referrer_id TEXT NOT NULL REFERENCES users (id),
    -- A person is referred once.
    referred_id TEXT NOT NULL UNIQUE REFERENCES users (id),
    state TEXT NOT NULL,
    -- The reward promised at sign-up, in minor units of GBP.
    reward BIGINT NOT NULL,
    -- The referrer's transaction that paid it.
    transaction_id TEXT,
    created_at BIGINT NOT NULL,
    activated_at BIGINT,
    rewarded_at BIGINT
);
CREATE INDEX card_referrals_referrer ON card_referrals (referrer_id, created_at);
CREATE INDEX card_referrals_state ON card_referrals (state);
